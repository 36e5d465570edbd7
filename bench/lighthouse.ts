/**
 * npm run bench:lighthouse — Lighthouse (mobile, simulated throttling: its default) in Debian's
 * Chromium against the real server, as a new visitor's phone would load the panel: /login signed
 * out, then, signed in as the demo student, /dashboard and a curriculum's Course details. Prints
 * each page's performance and accessibility scores, LCP, FCP, TBT and CLS against the targets, and
 * exits 1 when one is missed. Not part of `npm test`: scores depend on the machine.
 * `--save <folder>` keeps each page's full Lighthouse report (JSON) there, to see what to fix.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../e2e/chromium.js';

const PORT = Number(process.env.BENCH_PORT || 8198);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT || 9338);
const root = path.resolve(import.meta.dirname, '..');
const baseUrl = `http://localhost:${PORT}`;

interface Target {
  page: string;
  performance: number;
  accessibility: number;
  cls: number;
}
const TARGETS: Target[] = [
  { page: '/login', performance: 95, accessibility: 100, cls: 0.05 },
  { page: '/dashboard', performance: 90, accessibility: 100, cls: 0.05 },
  { page: 'course details', performance: 90, accessibility: 100, cls: 0.05 },
];

async function waitForServer(): Promise<void> {
  for (let tries = 0; tries < 240; tries += 1) {
    try {
      if ((await fetch(`${baseUrl}/lms/now`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer at ${baseUrl}`);
}

/** Signs the demo student in through the login page; returns Course details' address. */
async function signIn(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Login ID').fill('student');
  await page.getByLabel('Password', { exact: true }).fill('Waypoint-demo-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(dashboard|assignments)$/);
  await page.goto(`${baseUrl}/assignments`);
  await page.getByTestId('curriculum-card').first().click();
  await page.waitForURL(/\/assignments\/course/);
  const courseDetails = page.url();
  await page.close();
  return courseDetails;
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Why Lighthouse could not measure the page, when it could not (its runtimeError). */
  error?: string;
}

async function audit(page: string, url: string, signedIn: boolean): Promise<Row> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Signed in, the session cookie and the panel's stored state must survive the run.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const saveIndex = process.argv.indexOf('--save');
  const saveTo = saveIndex > 0 ? process.argv[saveIndex + 1] : undefined;
  if (saveTo) {
    mkdirSync(saveTo, { recursive: true });
    const name = page.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
    writeFileSync(path.join(saveTo, `${name}.json`), JSON.stringify(result.lhr, null, 1));
  }
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    error: result.lhr.runtimeError
      ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`
      : undefined,
  };
}

async function main(): Promise<void> {
  if (!process.argv.includes('--skip-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-lh-'));
  const profile = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-lh-profile-'));
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  // One persistent context: the pages Lighthouse opens over the debugging port share its cookies
  // and storage, so the signed-in pages are audited signed in.
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  const rows: Row[] = [];
  try {
    await waitForServer();
    rows.push(await audit('/login', `${baseUrl}/login`, false));
    const courseDetails = await signIn(context);
    rows.push(await audit('/dashboard', `${baseUrl}/dashboard`, true));
    rows.push(await audit('course details', courseDetails, true));
  } finally {
    await context.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }

  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(
    '\nLighthouse, mobile, simulated throttling (targets: performance >= 95 on /login and >= 90 signed in, accessibility 100, CLS <= 0.05)',
  );
  console.log('page            perf  a11y     LCP      FCP      TBT     CLS');
  const missed: string[] = [];
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(15)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${ms(row.lcp).padStart(7)}  ${ms(row.fcp).padStart(7)}  ${`${Math.round(row.tbt)} ms`.padStart(7)}  ${row.cls.toFixed(3)}`,
    );
    if (row.error) console.log(`  ${row.page}: Lighthouse could not measure it: ${row.error}`);
    const target = TARGETS.find((t) => t.page === row.page)!;
    if (row.performance < target.performance)
      missed.push(`${row.page}: performance ${row.performance} < ${target.performance}`);
    if (row.accessibility < target.accessibility)
      missed.push(`${row.page}: accessibility ${row.accessibility} < ${target.accessibility}`);
    if (row.cls > target.cls) missed.push(`${row.page}: CLS ${row.cls.toFixed(3)} > ${target.cls}`);
  }
  if (missed.length > 0) {
    console.error(`\nMissed: ${missed.join('; ')}`);
    process.exit(1);
  }
  console.log('\nEvery target met.');
}

await main();
