import { findAreaCommand } from '../modules/operator/area-commands.js';

/** Plain-text output of each operator command (the --json flag prints the result as it is). */

type Row = Record<string, unknown>;

/** Lays rows out in aligned columns under a header. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) =>
    Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index]!)))
      .join('  ');
  return [line(headers), ...rows.map(line)].join('\n');
}

const yesNo = (value: unknown) => (value ? 'yes' : 'no');
const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

interface UserView extends Row {
  login: string;
  email: string;
  displayName: string;
  isStudent: boolean;
  mfa: boolean;
  hasPassword: boolean;
}

/** Human-readable text for a command's result. */
export function formatResult(command: string, result: unknown): string {
  const r = result as Row;
  switch (command) {
    case 'create-lms': {
      const lms = r.lms as Row;
      return `Created LMS '${lms.code}' (${lms.name}), key ${lms.lmsKey}${lms.isDefault ? ', the default LMS' : ''}.`;
    }
    case 'update-lms': {
      const lms = r.lms as Row;
      const settings = Object.entries(lms)
        .filter(([name]) => name !== 'code')
        .map(
          ([name, value]) =>
            `  ${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`,
        );
      return [`Updated LMS '${lms.code}':`, ...settings].join('\n');
    }
    case 'add-user': {
      const user = r.user as UserView;
      const how = r.invited
        ? `; a set-password invitation was emailed to ${user.email}`
        : user.hasPassword
          ? '; password set'
          : '; no password yet (use set-password or invite)';
      return `Added user '${user.login}' (${user.displayName} <${user.email}>)${how}.`;
    }
    case 'import-users': {
      const users = r.users as UserView[];
      return [
        `Imported ${r.imported} user${r.imported === 1 ? '' : 's'}:`,
        ...users.map((u) => `  ${u.login}  ${u.email}`),
      ].join('\n');
    }
    case 'set-password':
      return r.invited
        ? `A set-password invitation was emailed to '${r.login}' at ${r.email}.`
        : `Password set for '${r.login}'; their sessions were ended.`;
    case 'deactivate-user':
      return `Deactivated '${r.login}': they cannot sign in, and their sessions were ended.`;
    case 'reactivate-user':
      return `Reactivated '${r.login}': they can sign in again.`;
    case 'invite':
      return `A set-password invitation was emailed to '${r.login}' at ${r.email}.`;
    case 'list-users': {
      const users = r.users as UserView[];
      const body = table(
        ['LOGIN', 'NAME', 'EMAIL', 'STUDENT', 'MFA', 'PASSWORD'],
        users.map((u) => [
          u.login,
          u.displayName,
          u.email,
          yesNo(u.isStudent),
          yesNo(u.mfa),
          yesNo(u.hasPassword),
        ]),
      );
      return `${body}\n${users.length} of ${r.total} users in LMS '${r.lms}'.`;
    }
    case 'list-lms': {
      const rows = r.lms as Row[];
      if (rows.length === 0) return 'No LMS yet (see create-lms).';
      return table(
        ['CODE', 'NAME', 'DISPLAY NAME', 'DEFAULT', 'USERS'],
        rows.map((lms) => [
          String(lms.code),
          String(lms.name),
          String(lms.displayName),
          yesNo(lms.isDefault),
          String(lms.users),
        ]),
      );
    }
    case 'outbox': {
      const emails = r.emails as Row[];
      if (emails.length === 0) return 'No emails.';
      return emails
        .map((email) =>
          [
            `#${email.emailKey}  ${email.createdAt}  to ${email.to}`,
            `Subject: ${email.subject}`,
            '',
            String(email.text),
          ].join('\n'),
        )
        .join('\n\n----\n\n');
    }
    case 'import-scorm': {
      const pkg = r.package as Row;
      const curriculum = r.curriculum as Row;
      const course = r.course as Row;
      const lessons = r.lessons as Row[];
      const isNew = (row: Row) => (row.created ? ' (new)' : '');
      const warnings = (r.warnings as string[]).map((warning) => `Warning: ${warning}`);
      return [
        `Imported package ${pkg.packageKey} '${pkg.title}' (SCORM ${pkg.scormVersion}, ${pkg.files} files) into curriculum '${curriculum.name}'${isNew(curriculum)}, course '${course.name}'${isNew(course)}:`,
        indent(
          table(
            ['LESSON', 'NAME', 'TOPIC', 'PASS'],
            lessons.map((lesson) => [
              String(lesson.lessonKey),
              String(lesson.name),
              String(lesson.topic),
              lesson.scorable ? `${Math.round(Number(lesson.minScorePass) * 100)}%` : '-',
            ]),
          ),
        ),
        `${lessons.length} lesson${lessons.length === 1 ? '' : 's'}.`,
        ...warnings,
      ].join('\n');
    }
    case 'assign': {
      const curriculum = r.curriculum as Row;
      const due = r.dueDate
        ? `due ${String(r.dueDate).slice(0, 10)} (end of the day, UTC)`
        : 'open-ended (no due date)';
      return r.created
        ? `Assigned curriculum '${curriculum.name}' to '${r.login}': assignment ${r.assignmentKey}, ${due}.`
        : `'${r.login}' already had curriculum '${curriculum.name}' (assignment ${r.assignmentKey}); it is now ${due}.`;
    }
    default: {
      const area = findAreaCommand(command);
      return area?.format ? area.format(result) : JSON.stringify(result, null, 2);
    }
  }
}
