// npm run dev: the API server (restarted on change) and the Vite dev servers with the API proxied:
// the panel on :5173, the staff console on :5174/console/.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@waypoint/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@waypoint/console'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
