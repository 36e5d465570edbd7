/**
 * "Recurrent course names match dash-joined numbers, a word, dash-joined numbers (start and end
 * dates)" (§4), e.g. '2026-01-01 Recurrent 2026-12-31'.
 */
const RECURRENT_NAME = /^(\d+(?:-\d+)+)\s+([^\s\d][^\s]*)\s+(\d+(?:-\d+)+)$/u;

export interface RecurrentName {
  start: string;
  word: string;
  end: string;
}

/** The parts of a recurrent course name, or null when the name is not one. */
export function parseRecurrentCourseName(name: string): RecurrentName | null {
  const match = RECURRENT_NAME.exec(name.trim());
  if (!match) return null;
  const [, start = '', word = '', end = ''] = match;
  return { start, word, end };
}

export function isRecurrentCourseName(name: string): boolean {
  return parseRecurrentCourseName(name) !== null;
}

/** A period date in the panel's date format (YYYY/MM/DD, §9) when it reads as one; else as typed. */
function periodDate(text: string): string {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/u.exec(text);
  if (!match) return text;
  const [, year = '', month = '', day = ''] = match;
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31) return text;
  return `${year}/${month.padStart(2, '0')}/${day.padStart(2, '0')}`;
}

/**
 * The name a student reads for a course: a recurrent course shows its word and the period it
 * covers, 'Recurrent (2026/01/01 to 2026/12/31)' (§4 Drafts and lists); other names as they are.
 */
export function courseDisplayName(name: string): string {
  const recurrent = parseRecurrentCourseName(name);
  if (!recurrent) return name;
  return `${recurrent.word} (${periodDate(recurrent.start)} to ${periodDate(recurrent.end)})`;
}
