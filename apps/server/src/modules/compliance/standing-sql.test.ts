import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLIANCE_LISTS,
  onList,
  QUALIFICATION_STATUSES,
  qualificationCell,
  qualificationPeriod,
  type StandingFacts,
  type ValidityRule,
} from '@waypoint/domain/staff';
import type { DatabaseHandle } from '../../db/connection.js';
import { createTestDatabase } from '../../test/database.js';
import { buildAssignment, buildLms } from '../../test/factories.js';
import { buildCurriculum, buildStudent } from '../../test/assignments.js';
import { listRows } from './repo.js';
import { statusCondition, statusSql } from './standing-sql.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 27, 9, 0, 0);

// The SQL that filters, sorts and lists whole populations must say what the domain rule says of
// every cell (qualification.ts): generated standings, their validity ends worked out by the
// domain's validity rule (validity.ts) as standings.ts records them, are written as rows, and the
// database's status, each status filter, and list membership are compared with the domain's.
describe('standing-sql agrees with the qualification rule', () => {
  let handle: DatabaseHandle;
  let lmsKey: number;
  let userKey: number;
  const curricula: number[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    lmsKey = (await buildLms(handle.db)).lmsKey;
    userKey = (await buildStudent(handle.db, lmsKey, 'LHR')).userKey;
  });
  afterAll(async () => {
    await handle?.close();
  });

  const outcome = fc.constantFrom('notstarted', 'started', 'complete', 'failed' as const);
  // Offsets around the edges: the due instant itself, the 30-day "due" edge, the list windows,
  // and end-of-month completions (31 January + 1 month).
  const offset = fc.oneof(
    fc.constantFrom(0, -1, 1, 30 * DAY, 30 * DAY - 1, 30 * DAY + 1, 60 * DAY, 90 * DAY, -365 * DAY),
    fc.integer({ min: -800, max: 800 }).map((days) => days * DAY + 3_600_000),
  );
  // A validity rule of each kind (validity.ts), so the ends include the rules' own edges (ends of
  // months, EASA's last instant of a month, FAA's grace month).
  const rule = fc.constantFrom<ValidityRule>(
    { kind: 'none' },
    { kind: 'months', months: 1 },
    { kind: 'months', months: 12 },
    { kind: 'easa', months: 6 },
    { kind: 'faa', months: 12 },
  );
  const facts = fc.record({
    outcome,
    completed: fc.option(
      fc.oneof(
        offset,
        fc.constantFrom(Date.UTC(2025, 0, 31, 12) - now, Date.UTC(2026, 7, 31, 23) - now),
      ),
      { nil: null },
    ),
    due: offset,
    activity: fc.option(offset, { nil: null }),
    rule,
    // An incomplete or failed one may run a new cycle after an earlier completion's period.
    previous: fc.option(offset, { nil: null }),
  });

  // 300 generated cases written as rows: slow on a loaded machine.
  it('for generated standings and validity rules', async () => {
    const cases = fc.sample(facts, 300);
    // One curriculum per case: a person holds one live assignment of each.
    while (curricula.length < cases.length) {
      curricula.push(
        (await buildCurriculum(handle.db, lmsKey, `C${curricula.length}`)).curriculumKey,
      );
    }
    const rows: { key: number; facts: StandingFacts }[] = [];
    for (const [index, input] of cases.entries()) {
      const dueAt = now + input.due;
      const assignment = await buildAssignment(handle.db, {
        userKey,
        curriculumKey: curricula[index]!,
        assignedAt: new Date(dueAt - 10 * DAY),
        startDate: new Date(dueAt - 10 * DAY),
        durationMs: 10 * DAY,
      });
      const completedAt = input.completed === null ? null : now + input.completed;
      // The period the standing's end comes from: this completion's, or an earlier one's.
      const counted = input.outcome === 'complete' ? completedAt : input.previous;
      const period =
        counted === null ? null : qualificationPeriod(input.rule, new Date(now + counted));
      const standing: StandingFacts = {
        outcome: input.outcome,
        completedAt,
        dueAt,
        lastActivityAt: input.activity === null ? null : now + input.activity,
        validUntil: period?.validUntil?.getTime() ?? null,
      };
      await handle.db
        .updateTable('assignmentStanding')
        .set({
          outcome: standing.outcome,
          completedAt: standing.completedAt === null ? null : new Date(standing.completedAt),
          lastActivityAt:
            standing.lastActivityAt === null ? null : new Date(standing.lastActivityAt),
          validUntil: standing.validUntil === null ? null : new Date(standing.validUntil),
        })
        .where('assignmentKey', '=', assignment.assignmentKey)
        .execute();
      rows.push({ key: assignment.assignmentKey, facts: standing });
    }
    const clock = { now: new Date(now) };
    {
      const result = await sql<{ key: number; status: string }>`
        select s.assignment_key as key, ${statusSql(clock.now)} as status
          from assignment_standing s where s.user_key = ${userKey}`.execute(handle.db);
      const byKey = new Map(result.rows.map((row) => [row.key, row.status]));
      for (const status of QUALIFICATION_STATUSES) {
        if (status === 'notAssigned') continue;
        const matching = await sql<{ key: number }>`
          select s.assignment_key as key from assignment_standing s
           where s.user_key = ${userKey} and ${statusCondition(status, clock.now)}`.execute(
          handle.db,
        );
        const keys = new Set(matching.rows.map((row) => row.key));
        for (const row of rows) {
          const expected = qualificationCell(row.facts, now).status === status;
          expect({ status, facts: row.facts, matches: keys.has(row.key) }).toEqual({
            status,
            facts: row.facts,
            matches: expected,
          });
        }
      }
      for (const row of rows) {
        const expected = qualificationCell(row.facts, now).status;
        expect({ key: row.key, facts: row.facts, status: byKey.get(row.key) }).toEqual({
          key: row.key,
          facts: row.facts,
          status: expected,
        });
      }
      for (const list of COMPLIANCE_LISTS) {
        const listed = await listRows(
          handle.db,
          { lmsKey, restrictionGroups: [] },
          list,
          { pattern: null },
          curricula,
          clock,
          { limit: 10_000, offset: 0 },
        );
        const keys = new Set(listed.rows.map((r) => r.assignmentKey));
        for (const row of rows) {
          expect({ list, facts: row.facts, listed: keys.has(row.key) }).toEqual({
            list,
            facts: row.facts,
            listed: onList(list, row.facts, now),
          });
        }
      }
    }
  }, 120_000);
});
