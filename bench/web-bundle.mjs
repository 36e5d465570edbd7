// npm run bench:web: builds the web app, then reports the gzip size of each route's initial
// JavaScript: the entry chunk and its static imports, plus the route's lazily loaded page chunk and
// its static imports (from the Vite manifest). Fails when the login route exceeds its budget.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const LOGIN_BUDGET_KB = 150;

if (!process.argv.includes('--skip-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@waypoint/web'], {
    cwd: root,
    stdio: 'inherit',
  });
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
const gzipSizes = new Map();
const gzipSize = (file) => {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
};
// A chunk and everything it imports statically (what the browser must fetch before running it).
const closure = (key, files = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
};

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
for (const [route, modules] of Object.entries(routes)) {
  const files = closure(entryKey);
  // A module bundled into the entry has no chunk of its own: it is already counted.
  for (const module of modules) closure(module, files);
  const bytes = [...files]
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSize(file), 0);
  rows.push({ route, chunks: files.size, gzipKB: kb(bytes), bytes });
}
// The lesson player page (ADR 0007): its entry plus the runtime of one SCORM version.
if (manifest['player.html']?.isEntry) {
  const player = closure('player.html');
  for (const version of ['scorm12', 'scorm2004']) {
    const runtime = Object.entries(manifest).find(
      ([key, chunk]) => chunk.isDynamicEntry && key.includes(`/${version}.`),
    );
    const extra = runtime ? closure(runtime[0], new Set(player)) : player;
    const bytes = [...extra].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipSize(f), 0);
    rows.push({ route: `player (${version})`, chunks: extra.size, gzipKB: kb(bytes), bytes });
  }
}
const widest = Math.max(...rows.map((row) => row.route.length));
console.log(`\n${'route'.padEnd(widest)}  chunks  initial JS (gzip)`);
for (const row of rows)
  console.log(
    `${row.route.padEnd(widest)}  ${String(row.chunks).padStart(6)}  ${row.gzipKB.padStart(8)} KB`,
  );

const lazyOnly = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('live-background-scene'))
  .map(([, chunk]) => `${chunk.file} ${kb(gzipSize(chunk.file))} KB`);
if (lazyOnly.length) console.log(`\nlive background (three.js, lazy): ${lazyOnly.join(', ')}`);

const login = rows.find((row) => row.route === '/login');
if (login.bytes > LOGIN_BUDGET_KB * 1024) {
  console.error(
    `\nThe login route loads ${login.gzipKB} KB gzip, over its ${LOGIN_BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
console.log(`\nLogin route within its ${LOGIN_BUDGET_KB} KB gzip budget.`);
