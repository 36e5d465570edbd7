// npm run bench:web: builds the app, starts the real server (node apps/server/dist/main.js on a
// throwaway DATA_DIR) and reports, per route, the bytes a browser actually receives over HTTP for
// its initial JavaScript and CSS: the entry chunk and its static imports, plus the route's lazily
// loaded page chunk and its static imports (from the Vite manifest), fetched with
// Accept-Encoding: br (what every current browser sends) and, for comparison, gzip and none.
// Fails when the login route exceeds its budget. The staff console's sign-in page is reported too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const LOGIN_BUDGET_KB = 150;
const PORT = Number(process.env.BENCH_PORT || 8197);

if (!process.argv.includes('--skip-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}; is build.manifest set in vite.config.ts?`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const layout = 'src/app/layout/signed-in-layout.tsx';
const page = (feature, file) => `src/features/${feature}/${file}.tsx`;
// Each route: the lazily loaded modules it needs before it can render (spec §2 route table).
const routes = {
  '/login': [],
  '/mfa': [page('mfa', 'mfa-page')],
  '/ChangePassword, /Register': [page('set-password', 'set-password-page')],
  '/waypoint_comments': [page('comments', 'comments-page')],
  '/dashboard': [layout, page('dashboard', 'dashboard-page')],
  '/assignments': [layout, page('assignments', 'assignments-page')],
  '/assignments/course': [layout, page('course-details', 'course-details-page')],
  '/report': [layout, page('report', 'report-page')],
  '/library': [layout, page('library', 'library-page')],
  '/drafts': [layout, page('drafts', 'drafts-page')],
  '/certificate': [page('certificate', 'certificate-page')],
};

// The panel's entry by name: player.html is an entry too (the lesson player, measured below).
const entryKey = 'index.html';
if (!manifest[entryKey]?.isEntry) {
  console.error(`No index.html entry in ${manifestFile}.`);
  process.exit(1);
}
// The real server, as `npm start` runs it, with the demo seed off (nothing but delivery is measured).
const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-bench-web-'));
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let measuring = true;
server.on('exit', (code) => {
  if (!measuring) return;
  console.error(`The server stopped (exit code ${code}) before the measurement ended.`);
  process.exit(1);
});
const stop = () => {
  measuring = false;
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

/** Bytes on the wire (body as sent, before any decompression) for one GET. */
const wireBytes = (file, encoding) =>
  new Promise((resolve, reject) => {
    const req = request(
      `http://localhost:${PORT}/${file}`,
      { headers: { 'accept-encoding': encoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(bytes)
            : reject(new Error(`GET /${file} answered ${response.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
for (let tries = 0; ; tries++) {
  try {
    await wireBytes('lms/now', 'identity');
    break;
  } catch (error) {
    if (tries > 120) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const ENCODINGS = ['br', 'gzip', 'identity'];
const sizes = new Map();
const sizesOf = async (file) => {
  if (!sizes.has(file)) {
    const row = {};
    for (const encoding of ENCODINGS) row[encoding] = await wireBytes(file, encoding);
    sizes.set(file, row);
  }
  return sizes.get(file);
};
const sum = async (files) => {
  const total = { br: 0, gzip: 0, identity: 0 };
  for (const file of files) {
    const row = await sizesOf(file);
    for (const encoding of ENCODINGS) total[encoding] += row[encoding];
  }
  return total;
};
const sent = (file) => file.endsWith('.js') || file.endsWith('.css');

// A chunk and everything it imports statically (what the browser must fetch before running it),
// with the CSS those chunks bring.
const closure = (key, files = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
};

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
const measure = async (route, page, files) => {
  const total = await sum([page, ...[...files].filter(sent)]);
  rows.push({ route, chunks: files.size, ...total });
};
for (const [route, modules] of Object.entries(routes)) {
  const files = closure(entryKey);
  // A module bundled into the entry has no chunk of its own: it is already counted.
  for (const module of modules) closure(module, files);
  // A signed-in browser is sent the address's signed-in page instead of index.html (ADR 0012).
  await measure(route, modules.includes(layout) ? `signed-in${route}.html` : 'index.html', files);
}
// The lesson player page (ADR 0007): its entry plus the runtime of one SCORM version.
if (manifest['player.html']?.isEntry) {
  const player = closure('player.html');
  for (const version of ['scorm12', 'scorm2004']) {
    const runtime = Object.entries(manifest).find(
      ([key, chunk]) => chunk.isDynamicEntry && key.includes(`/${version}.`),
    );
    const extra = runtime ? closure(runtime[0], new Set(player)) : player;
    const total = await sum(['player.html', ...[...extra].filter(sent)]);
    rows.push({ route: `player (${version})`, chunks: extra.size, ...total });
  }
}
// The staff console's sign-in page (/console/login; apps/console): its entry and the chunks it
// imports, as the server sends them below /console/. Measured after the panel's rows, which it
// leaves as they are.
const consoleManifestFile = path.join(root, 'apps/console/dist/.vite/manifest.json');
if (existsSync(consoleManifestFile)) {
  const consoleManifest = JSON.parse(readFileSync(consoleManifestFile, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = consoleManifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  const total = await sum([
    'console/',
    ...[...files].filter(sent).map((file) => `console/${file}`),
  ]);
  rows.push({ route: 'console /console/login', chunks: files.size, ...total });
} else console.warn(`No console manifest at ${consoleManifestFile}; the console is not measured.`);
const widest = Math.max(...rows.map((row) => row.route.length));
console.log(
  `\nBytes on the wire from the real server (page HTML + initial JS and CSS), by Accept-Encoding:`,
);
console.log(`${'route'.padEnd(widest)}  chunks        br      gzip      none`);
for (const row of rows)
  console.log(
    `${row.route.padEnd(widest)}  ${String(row.chunks).padStart(6)}  ${kb(row.br).padStart(6)} KB ${kb(row.gzip).padStart(6)} KB ${kb(row.identity).padStart(6)} KB`,
  );

const lazyOnly = [];
for (const [, chunk] of Object.entries(manifest).filter(
  ([key, chunk]) => chunk.isDynamicEntry && key.includes('live-background-scene'),
))
  lazyOnly.push(`${chunk.file} ${kb((await sizesOf(chunk.file)).br)} KB`);
if (lazyOnly.length) console.log(`\nlive background (three.js, lazy, br): ${lazyOnly.join(', ')}`);

const login = rows.find((row) => row.route === '/login');
stop();
if (login.br > LOGIN_BUDGET_KB * 1024) {
  console.error(
    `\nThe login route sends ${kb(login.br)} KB (brotli), over its ${LOGIN_BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
console.log(`\nLogin route within its ${LOGIN_BUDGET_KB} KB budget (brotli, as sent).`);
