import { parse } from 'csv-parse/sync';
import { checkEmail, checkLogin, checkText } from './validation.js';

/** Columns of a user import file (header row); the first four are required. */
export const CSV_REQUIRED_COLUMNS = ['login', 'email', 'given_name', 'family_name'] as const;
export const CSV_OPTIONAL_COLUMNS = [
  'employee_id',
  'base',
  'position',
  'fleet',
  'restriction_group',
  'mfa',
  'student',
] as const;
/** Most rows one import takes (a bigger file is split by the operator). */
export const CSV_MAX_ROWS = 10_000;

export interface CsvUser {
  line: number;
  login: string;
  email: string;
  givenName: string;
  familyName: string;
  employeeId: string;
  base: string;
  position: string;
  fleet: string;
  restrictionGroup: string;
  mfa: boolean;
  /** A student (§6: the panel lets them in); yes unless the student column says no. */
  student: boolean;
}

/** The rows that passed every check, and every problem found (the caller imports only if none). */
export interface CsvResult {
  users: CsvUser[];
  problems: string[];
  /** The header's columns (lower case): an update changes only the fields the file has. */
  columns: string[];
}

const YES = ['1', 'true', 'yes', 'y'];
const NO = ['', '0', 'false', 'no', 'n'];

/**
 * Parses and checks a user import file. Every problem is reported with its line number; the
 * caller imports nothing unless the list is empty. Blank lines are the only thing skipped.
 */
export function parseUserCsv(text: string): CsvResult {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const message =
      error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : String(error);
    return {
      users: [],
      problems: [`${line ? `line ${line}: ` : ''}the file is not valid CSV (${message})`],
      columns: [],
    };
  }
  const [header, ...rows] = records;
  if (!header) {
    return { users: [], problems: ['the file is empty: expected a header row'], columns: [] };
  }

  const columns = header.record.map((name) => name.toLowerCase());
  const problems: string[] = [];
  const known: readonly string[] = [...CSV_REQUIRED_COLUMNS, ...CSV_OPTIONAL_COLUMNS];
  for (const name of columns) {
    if (!known.includes(name))
      problems.push(`line 1: unknown column '${name}' (expected ${known.join(', ')})`);
  }
  for (const name of CSV_REQUIRED_COLUMNS) {
    if (!columns.includes(name)) problems.push(`line 1: missing column '${name}'`);
  }
  const duplicated = columns.filter((name, index) => columns.indexOf(name) !== index);
  for (const name of new Set(duplicated)) problems.push(`line 1: column '${name}' appears twice`);
  if (problems.length > 0) return { users: [], problems, columns };
  if (rows.length === 0) {
    return { users: [], problems: ['the file has a header row but no users'], columns };
  }
  if (rows.length > CSV_MAX_ROWS) {
    return {
      users: [],
      problems: [`the file has ${rows.length} users; at most ${CSV_MAX_ROWS} per import`],
      columns,
    };
  }

  const users: CsvUser[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of rows) {
    // info.lines is the line the record ends on; a multi-line quoted value still names its row.
    const line = info.lines;
    const rowProblems: string[] = [];
    if (record.length !== columns.length) {
      problems.push(`line ${line}: expected ${columns.length} values, found ${record.length}`);
      continue;
    }
    const value = (name: string) => record[columns.indexOf(name)] ?? '';
    const login = value('login');
    const email = value('email');
    const givenName = value('given_name');
    const familyName = value('family_name');
    rowProblems.push(
      ...[
        checkLogin(login),
        checkEmail(email),
        checkText('given_name', givenName),
        checkText('family_name', familyName),
        ...(['employee_id', 'base', 'position', 'fleet', 'restriction_group'] as const).map(
          (name) => (value(name) === '' ? null : checkText(name, value(name))),
        ),
      ].filter((problem): problem is string => problem !== null),
    );
    const mfaText = value('mfa').toLowerCase();
    if (!YES.includes(mfaText) && !NO.includes(mfaText)) {
      rowProblems.push(`mfa must be yes or no (got '${value('mfa')}')`);
    }
    const studentText = value('student').toLowerCase();
    if (!YES.includes(studentText) && !NO.includes(studentText)) {
      rowProblems.push(`student must be yes or no (got '${value('student')}')`);
    }
    const firstLine = seen.get(login.toLowerCase());
    if (login !== '' && firstLine !== undefined) {
      rowProblems.push(`login ID '${login}' already appears on line ${firstLine}`);
    } else if (login !== '') {
      seen.set(login.toLowerCase(), line);
    }
    if (rowProblems.length > 0) {
      problems.push(...rowProblems.map((problem) => `line ${line}: ${problem}`));
      continue;
    }
    users.push({
      line,
      login,
      email,
      givenName,
      familyName,
      employeeId: value('employee_id'),
      base: value('base'),
      position: value('position'),
      fleet: value('fleet'),
      restrictionGroup: value('restriction_group'),
      mfa: YES.includes(mfaText),
      // No student column (or an empty value): a student, as add-user makes one.
      student: studentText === '' || YES.includes(studentText),
    });
  }
  return { users, problems, columns };
}
