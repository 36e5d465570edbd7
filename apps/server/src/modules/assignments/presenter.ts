import { dueDate, isExpired, isOpenDate, DAY_MS } from '@waypoint/domain';
import type {
  AssignableCurriculum,
  AssignablePerson,
  AssignmentRule,
  ConsoleAssignment,
} from '@waypoint/domain/console-contract';
import type { AssignmentRow, PersonRow, RuleRow } from './repo.js';

// Rows never go over the wire as they are: these map them to the contract's names, dates as ms.

const ms = (value: Date | string) => new Date(value).getTime();

/** A person's name as the console shows it: the display name, else given and family name. */
function nameOf(row: {
  displayName: string;
  nameOther: string;
  nameCollated: string;
  userId: string;
}) {
  return row.displayName || `${row.nameOther} ${row.nameCollated}`.trim() || row.userId;
}

export function presentPerson(row: PersonRow): AssignablePerson {
  return {
    userKey: row.userKey,
    userID: row.userId,
    displayName: nameOf(row),
    employeeID: row.employeeId,
    base: row.base,
    fleet: row.fleet,
    position: row.position,
    restrictionGroup: row.restrictionGroup,
  };
}

/** An assignment with its due date (start plus duration, §4) and whether it has expired. */
export function presentAssignment(row: AssignmentRow, nowMs: number): ConsoleAssignment {
  const start = ms(row.startDate);
  const duration = Number(row.durationMs);
  return {
    assignmentKey: row.assignmentKey,
    userKey: row.userKey,
    userID: row.userId,
    displayName: nameOf(row),
    base: row.base,
    fleet: row.fleet,
    position: row.position,
    curriculumKey: row.curriculumKey,
    curriculumName: row.curriculumName,
    assignedAt: ms(row.assignedAt),
    startDate: start,
    dueDate: dueDate(start, duration),
    expired: isExpired(start, duration, nowMs),
    ruleKey: row.ruleKey,
  };
}

export function presentCurriculum(row: {
  curriculumKey: number;
  name: string;
  assignedCount: number;
}): AssignableCurriculum {
  return { curriculumKey: row.curriculumKey, name: row.name, assignedCount: row.assignedCount };
}

export function presentRule(row: RuleRow, spec: { openDurationMs: number }): AssignmentRule {
  const open = row.dueDate === null && row.durationMs === spec.openDurationMs;
  return {
    ruleKey: row.ruleKey,
    curriculumKey: row.curriculumKey,
    curriculumName: row.curriculumName,
    base: row.base,
    fleet: row.fleet,
    position: row.position,
    restrictionGroup: row.restrictionGroup,
    scopeGroups: row.scopeGroups,
    startDate: row.startDate === null ? null : ms(row.startDate),
    durationDays:
      row.durationMs === null || open ? null : Math.round((row.durationMs / DAY_MS) * 100) / 100,
    dueDate: row.dueDate === null ? null : ms(row.dueDate),
    open,
    createdBy: row.createdBy,
    createdAt: ms(row.createdAt),
    endedAt: row.endedAt === null ? null : ms(row.endedAt),
    assignedCount: row.assignedCount,
  };
}

/** A due date as the audit log's summary line says it: YYYY-MM-DD (UTC), or 'open'. */
export function auditSummaryDay(dueMs: number, nowMs: number): string {
  return isOpenDate(dueMs, nowMs) ? 'open' : new Date(dueMs).toISOString().slice(0, 10);
}
