import type { ListRow } from '@waypoint/domain/console-contract';
import { qualificationCellText, type ComplianceList } from '@waypoint/domain/staff';
import { escapeHtml } from '../../../lib/html.js';
import type { OutgoingEmail } from '../../../lib/mailer.js';
import { listTable } from '../exports/tables.js';
import { csvChunks } from '../exports/writers.js';

/** Rows of each list shown in the email itself; the attached CSV has them all. */
export const EMAIL_ROWS_PER_LIST = 20;

/** One list of a report as the email shows it. */
export interface ReportList {
  list: ComplianceList;
  title: string;
  rows: ListRow[];
}

/** What one scheduled report says. */
export interface ReportContent {
  lmsKey: number;
  lmsName: string;
  to: string;
  displayName: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  /** The period's key ('2026-11-27', '2026-W48', '2026-11'). */
  period: string;
  /** Empty: the whole LMS; else the subscriber's restriction groups. */
  scopeGroups: readonly string[];
  lists: readonly ReportList[];
  /** The console's compliance page and the email's unsubscribe address (absolute). */
  complianceUrl: string;
  unsubscribeUrl: string;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const cellOf = (row: ListRow) => ({ status: row.status, date: row.date, days: row.days });

async function* oneBatch(rows: readonly ListRow[]) {
  yield { rows };
}

/** A list as CSV: the exports' own list table and CSV writer, so an attachment is a list export. */
export async function listCsv(rows: readonly ListRow[]): Promise<string> {
  let text = '';
  for await (const chunk of csvChunks(listTable(oneBatch(rows)))) text += chunk;
  return text;
}

/** An attachment's file name: the LMS, the scope, the list and the period. */
export function reportFileName(
  lmsCode: string,
  scopeGroups: readonly string[],
  list: ComplianceList,
  period: string,
) {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  const scope = scopeGroups.length === 0 ? 'all' : scopeGroups.map(safe).join('+');
  return `${safe(lmsCode) || 'lms'}-${scope || 'scope'}-${list}-${period}.csv`;
}

const FREQUENCY_WORD = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

/**
 * The scheduled report's email (text and HTML): how many people are on each list, the first
 * EMAIL_ROWS_PER_LIST rows of each in a table, the console's compliance page, the unsubscribe
 * link; the CSV is attached by the caller.
 */
export function composeReport(content: ReportContent): Omit<OutgoingEmail, 'attachments'> {
  const lmsName = oneLine(content.lmsName);
  const subject = `${lmsName}: ${FREQUENCY_WORD[content.frequency].toLowerCase()} compliance report (${content.period})`;
  const scope =
    content.scopeGroups.length === 0
      ? 'everyone in the LMS'
      : `restriction groups ${content.scopeGroups.map(oneLine).join(', ')}`;
  const greeting = `Hello ${oneLine(content.displayName) || 'there'},`;
  const intro = `The ${FREQUENCY_WORD[content.frequency].toLowerCase()} compliance report of ${lmsName} for ${scope}.`;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const counts = content.lists.map((list) => {
    const people = new Set(list.rows.map((row) => row.userKey)).size;
    const who = people === 1 ? '1 person' : `${people} people`;
    return `${list.title}: ${who}, ${plural(list.rows.length, 'assignment')}`;
  });
  const footer =
    'You get this email because you subscribed to it in the staff console. To stop it, open: ';

  const lineOf = (row: ListRow) =>
    `  - ${oneLine(row.displayName)} (${oneLine(row.userID)}), ${oneLine(row.curriculumName)}: ` +
    qualificationCellText(cellOf(row));
  const text = [
    greeting,
    '',
    intro,
    '',
    ...counts,
    '',
    ...content.lists.flatMap((list) => [
      `${list.title}:`,
      ...(list.rows.length === 0
        ? ['  (nobody)']
        : list.rows.slice(0, EMAIL_ROWS_PER_LIST).map(lineOf)),
      ...(list.rows.length > EMAIL_ROWS_PER_LIST
        ? [`  ... and ${list.rows.length - EMAIL_ROWS_PER_LIST} more in the attached CSV.`]
        : []),
      '',
    ]),
    `Open the compliance page: ${content.complianceUrl}`,
    '',
    `${footer}${content.unsubscribeUrl}`,
    '',
  ].join('\n');

  const cell = (value: string) =>
    `<td style="padding: 4px 8px; border-bottom: 1px solid #d0d7de;">${escapeHtml(value)}</td>`;
  const head = (value: string) =>
    `<th scope="col" style="padding: 4px 8px; text-align: left; border-bottom: 2px solid #57606a;">${escapeHtml(value)}</th>`;
  const table = (list: ReportList) =>
    list.rows.length === 0
      ? '<p>Nobody.</p>'
      : [
          '<table style="border-collapse: collapse;">',
          `<thead><tr>${['Name', 'Login', 'Base', 'Curriculum', 'Status'].map(head).join('')}</tr></thead>`,
          '<tbody>',
          ...list.rows
            .slice(0, EMAIL_ROWS_PER_LIST)
            .map(
              (row) =>
                `<tr>${[
                  row.displayName,
                  row.userID,
                  row.base,
                  row.curriculumName,
                  qualificationCellText(cellOf(row)),
                ]
                  .map(cell)
                  .join('')}</tr>`,
            ),
          '</tbody></table>',
          ...(list.rows.length > EMAIL_ROWS_PER_LIST
            ? [`<p>... and ${list.rows.length - EMAIL_ROWS_PER_LIST} more in the attached CSV.</p>`]
            : []),
        ].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1b1f24;">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${counts.map((count) => `<li>${escapeHtml(count)}</li>`).join('')}</ul>`,
    ...content.lists.flatMap((list) => [`<h2>${escapeHtml(list.title)}</h2>`, table(list)]),
    `<p><a href="${escapeHtml(content.complianceUrl)}">Open the compliance page</a></p>`,
    `<p style="color: #57606a; font-size: 0.9em;">${escapeHtml(footer)}` +
      `<a href="${escapeHtml(content.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { lmsKey: content.lmsKey, to: content.to, subject, text, html };
}
