/**
 * npm run bench:console-people — the console's people list at 10,000 people (issue item "People":
 * it stays fast at 10,000). Seeds one LMS with 10,000 people over 8 bases, 4 fleets and 5
 * positions into a fresh database (PGlite; PostgreSQL when TEST_DATABASE_URL is set and
 * BENCH_DB=postgres), starts the real app, signs in an administrator and a base's training manager
 * to the console, and times each kind of list request one at a time over HTTP: p50 and p95 of
 * BENCH_READS requests each (default 50), and the CSV import's preview of 1,000 rows.
 */
import { sql } from 'kysely';
import { hashPassword } from '../apps/server/src/lib/password.js';
import { createTestApp } from '../apps/server/src/test/app.js';
import { buildLms } from '../apps/server/src/test/factories.js';
import { buildStaff, signInConsole } from '../apps/server/src/test/staff.js';

const reads = Number(process.env.BENCH_READS || 50);
if (process.env.BENCH_DB === 'postgres') process.env.WAYPOINT_TEST_DB = 'postgres';

const PEOPLE = 10_000;
const BASES = ['LHR', 'MAN', 'EDI', 'BHX', 'GLA', 'BRS', 'NCL', 'LGW'];
const FLEETS = ['A320', 'A350', 'B737', 'B787'];
const POSITIONS = ['CPT', 'FO', 'SFO', 'CSD', 'CC'];
const GIVEN = ['Alex', 'Sam', 'Jo', 'Chris', 'Pat', 'Robin', 'Kim', 'Lee', 'Max', 'Ash'];
const FAMILY = ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Thomas', 'Roberts'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function main() {
  const t = await createTestApp();
  try {
    const { lmsKey } = await buildLms(t.db);
    const hash = await hashPassword('Bench-password-1');
    const now = Date.now();
    for (let at = 0; at < PEOPLE; at += 1000) {
      await t.db
        .insertInto('appUser')
        .values(
          Array.from({ length: 1000 }, (_, offset) => {
            const i = at + offset;
            const given = GIVEN[i % GIVEN.length]!;
            const family = `${FAMILY[Math.floor(i / 3) % FAMILY.length]}${Math.floor(i / 80)}`;
            const base = BASES[i % BASES.length]!;
            return {
              lmsKey,
              userId: `crew${String(i).padStart(5, '0')}`,
              email: `crew${i}@airline.example`,
              nameOther: given,
              nameCollated: family,
              displayName: `${given} ${family}`,
              employeeId: `E${100000 + i}`,
              base,
              fleet: FLEETS[Math.floor(i / 8) % FLEETS.length]!,
              position: POSITIONS[Math.floor(i / 32) % POSITIONS.length]!,
              restrictionGroup: base,
              inactive: i % 50 === 0 ? 1 : 0,
              passwordHash: hash,
              lastSignInAt: i % 3 === 0 ? null : new Date(now - i * 60_000),
              createdAt: new Date(now),
            };
          }),
        )
        .execute();
    }
    await sql`ANALYZE app_user`.execute(t.db);
    const admin = await buildStaff(t.db, lmsKey, { role: 'administrator', userId: 'bench.admin' });
    const manager = await buildStaff(t.db, lmsKey, {
      role: 'training-manager',
      restrictionGroups: ['LHR'],
      userId: 'bench.manager',
    });
    const adminBrowser = await signInConsole(t, admin.userId);
    const managerBrowser = await signInConsole(t, manager.userId);

    const scenarios: [string, typeof adminBrowser, string][] = [
      ['first page, by name (admin)', adminBrowser, ''],
      ['search "smi" (admin)', adminBrowser, '?search=smi'],
      ['search employee id "E1050" (admin)', adminBrowser, '?search=E1050'],
      ['search email "crew77" (admin)', adminBrowser, '?search=crew77'],
      [
        'base MAN + fleet A320, by last sign-in',
        adminBrowser,
        '?base=MAN&fleet=A320&sort=lastSignIn&order=desc',
      ],
      ['inactive, by employee id', adminBrowser, '?status=inactive&sort=employeeId'],
      ['page at offset 9,000, by login', adminBrowser, '?sort=login&offset=9000&limit=100'],
      ['LHR manager, first page', managerBrowser, ''],
      ['LHR manager, search "tay"', managerBrowser, '?search=tay'],
    ];
    console.log(`People list at ${PEOPLE} people, ${reads} sequential reads each (ms):`);
    console.log(
      'scenario'.padEnd(48),
      'p50'.padStart(7),
      'p95'.padStart(7),
      'rows/total'.padStart(14),
    );
    for (const [name, browser, query] of scenarios) {
      const times: number[] = [];
      let summary = '';
      for (let i = 0; i < reads; i += 1) {
        const started = performance.now();
        const response = await browser.call(`/lms/api/console/people${query}`);
        const body = (await response.json()) as { rows: unknown[]; total: number };
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
        summary = `${body.rows.length}/${body.total}`;
      }
      times.sort((a, b) => a - b);
      console.log(
        name.padEnd(48),
        percentile(times, 50).toFixed(1).padStart(7),
        percentile(times, 95).toFixed(1).padStart(7),
        summary.padStart(14),
      );
    }

    const csv = [
      'login,email,given_name,family_name,employee_id,base,fleet,position,restriction_group',
      ...Array.from({ length: 1000 }, (_, i) =>
        i % 2 === 0
          ? `crew${String(i).padStart(5, '0')},crew${i}@airline.example,New,Name${i},E${100000 + i},${BASES[i % BASES.length]},A320,FO,${BASES[i % BASES.length]}`
          : `newcrew${i},newcrew${i}@airline.example,New,Crew${i},N${i},LHR,A320,FO,LHR`,
      ),
    ].join('\n');
    const started = performance.now();
    const preview = await adminBrowser.call('/lms/api/console/people/import/preview', {
      method: 'POST',
      body: JSON.stringify({ csv }),
    });
    const result = (await preview.json()) as { created: number; updated: number };
    console.log(
      `Import preview of 1,000 rows: ${(performance.now() - started).toFixed(0)} ms (${result.created} to create, ${result.updated} to update)`,
    );
  } finally {
    await t.close();
  }
}

await main();
