import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * nginx in front of several Waypoint instances, for the scale-out test: the deployment guide's
 * own configuration (docs/deployment/nginx.conf) with its blanks filled, plus one test-only
 * header, X-Waypoint-Instance (a or b), that pins a request to one instance.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));

/** Whether Debian's nginx is installed (CI installs it; .ci/run). */
export const nginxInstalled = NGINX !== undefined;

export interface Nginx {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startNginx(options: {
  port: number;
  instances: { a: string; b: string };
}): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'waypoint-nginx-'));
  for (const folder of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    await mkdir(path.join(prefix, folder));
  const template = await readFile(path.join(repoRoot, 'docs/deployment/nginx.conf'), 'utf8');
  const values: Record<string, string> = {
    PREFIX: prefix,
    INSTANCE_A: options.instances.a,
    INSTANCE_B: options.instances.b,
    LISTEN: `127.0.0.1:${options.port}`,
    SERVER_NAMES: '127.0.0.1 localhost',
  };
  const pinned = [
    '  map $http_x_waypoint_instance $waypoint_backend {',
    '    default waypoint;',
    `    a ${options.instances.a};`,
    `    b ${options.instances.b};`,
    '  }',
  ].join('\n');
  const config = template
    .replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => values[name] ?? `\${${name}}`)
    .replace('http {\n', `http {\n${pinned}\n`)
    .replaceAll('proxy_pass http://waypoint;', 'proxy_pass http://$waypoint_backend;');
  const file = path.join(prefix, 'nginx.conf');
  await writeFile(file, config);
  const checked = spawnSync(NGINX, ['-t', '-p', prefix, '-c', file], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`);

  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let printed = '';
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${printed}`);
    const up = await fetch(`${baseUrl}/lms/health/live`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
