/**
 * The matrix and the lists as tables of cells, batch by batch, which the CSV and XLSX writers
 * both write: the same columns and values, so the two files of one export say the same thing.
 */
import type {
  CompliancePerson,
  CurriculumColumn,
  ListRow,
  MatrixRow,
} from '@waypoint/domain/console-contract';
import { qualificationCellText } from '@waypoint/domain/staff';

/** A column: its header, whether it holds text or dates, and its width in an XLSX (characters). */
export interface ExportColumn {
  header: string;
  kind: 'text' | 'date';
  width: number;
}

/** A cell: text, or a date as ms since the epoch (null: none). */
export type ExportCell = string | number | null;

/** One batch of rows, with the columns (the same in every batch of a table). */
export interface TableBatch {
  columns: readonly ExportColumn[];
  rows: ExportCell[][];
}

/** What the table of the matrix reads of a batch of the matrix. */
export interface MatrixBatchRows {
  curricula: readonly CurriculumColumn[];
  rows: readonly MatrixRow[];
}

/** What the table of a list reads of a batch of the list. */
export interface ListBatchRows {
  rows: readonly ListRow[];
}

const text = (header: string, width: number): ExportColumn => ({ header, kind: 'text', width });
const date = (header: string): ExportColumn => ({ header, kind: 'date', width: 12 });

/** Who a row is: the first columns of every table. */
export const PERSON_COLUMNS: readonly ExportColumn[] = [
  text('Login', 20),
  text('Name', 28),
  text('Employee ID', 14),
  text('Base', 10),
  text('Fleet', 10),
  text('Position', 14),
  text('Restriction group', 18),
];

const personCells = (person: CompliancePerson): ExportCell[] => [
  person.userID,
  person.displayName,
  person.employeeId,
  person.base,
  person.fleet,
  person.position,
  person.restrictionGroup,
];

/** The matrix's columns: who, then per curriculum its status in words and the status's date. */
export function matrixColumns(curricula: readonly CurriculumColumn[]): ExportColumn[] {
  return [
    ...PERSON_COLUMNS,
    ...curricula.flatMap((curriculum) => [
      text(curriculum.name, Math.min(Math.max(curriculum.name.length, 24), 40)),
      date(`${curriculum.name} date`),
    ]),
  ];
}

/**
 * The matrix, one row per person. A population with no one still has its header: the columns
 * of the first batch when there is one, else the person columns alone.
 */
export async function* matrixTable(
  batches: AsyncIterable<MatrixBatchRows>,
): AsyncGenerator<TableBatch> {
  let columns: ExportColumn[] | null = null;
  for await (const batch of batches) {
    columns ??= matrixColumns(batch.curricula);
    yield {
      columns,
      rows: batch.rows.map((row) => [
        ...personCells(row),
        ...row.cells.flatMap((cell): ExportCell[] => [qualificationCellText(cell), cell.date]),
      ]),
    };
  }
  if (columns === null) yield { columns: matrixColumns([]), rows: [] };
}

/** A list's columns: who, the curriculum, the status in words, its date and the due date. */
export const LIST_COLUMNS: readonly ExportColumn[] = [
  ...PERSON_COLUMNS,
  text('Curriculum', 30),
  text('Status', 26),
  date('Date'),
  date('Due date'),
];

/** A list, one row per person and curriculum on it. */
export async function* listTable(
  batches: AsyncIterable<ListBatchRows>,
): AsyncGenerator<TableBatch> {
  let any = false;
  for await (const batch of batches) {
    any = true;
    yield {
      columns: LIST_COLUMNS,
      rows: batch.rows.map((row) => [
        ...personCells(row),
        row.curriculumName,
        qualificationCellText(row),
        row.date,
        row.dueAt,
      ]),
    };
  }
  if (!any) yield { columns: LIST_COLUMNS, rows: [] };
}
