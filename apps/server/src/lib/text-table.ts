/** Plain-text helpers of the operator commands' output (their `format`; --json prints results as they are). */

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

export const yesNo = (value: unknown) => (value ? 'yes' : 'no');

/** Indents every line by two spaces. */
export const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
