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
