/**
 * The CSV and XLSX writers of a table (tables.ts), batch by batch: each batch is written out
 * before the next is read, so an export of any size holds about one batch in memory.
 */
import { EventEmitter, once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvCell, isoDate, UTF8_BOM } from '@waypoint/domain';
import type { ExportCell, ExportColumn, TableBatch } from './tables.js';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as CSV text: dates as ISO days ('' for none), text neutralised as the record's CSV is. */
function csvText(cell: ExportCell, column: ExportColumn | undefined): string {
  if (column?.kind === 'date') return typeof cell === 'number' ? isoDate(cell) : '';
  return csvCell(cell === null ? '' : String(cell));
}

const csvLine = (cells: readonly string[]) => `${cells.join(',')}\r\n`;

/** The table as CSV text, one chunk per batch: UTF-8 BOM, CRLF, ISO dates, formulas neutralised. */
export async function* csvChunks(table: AsyncIterable<TableBatch>): AsyncGenerator<string> {
  let first = true;
  for await (const batch of table) {
    let chunk = '';
    if (first) {
      chunk += UTF8_BOM + csvLine(batch.columns.map((column) => csvCell(column.header)));
      first = false;
    }
    for (const row of batch.rows) {
      chunk += csvLine(row.map((cell, index) => csvText(cell, batch.columns[index])));
    }
    yield chunk;
  }
}

/**
 * The table as a CSV stream, read batch by batch as the reply is sent: a byte stream, so that
 * it reads one batch past its 16 KB mark and waits (an object stream would read 16 batches).
 */
export function csvStream(table: AsyncIterable<TableBatch>): Readable {
  return Readable.from(csvChunks(table), { objectMode: false });
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

/** A cell as XLSX holds it: dates as real dates (the column formats them), text as text. */
function xlsxValue(cell: ExportCell, column: ExportColumn | undefined): string | Date | null {
  if (column?.kind === 'date') return typeof cell === 'number' && cell > 0 ? new Date(cell) : null;
  // Text is written as a string cell, never as a formula, whatever it starts with.
  return cell === null ? '' : String(cell);
}

/** A writable of Node's, or of the readable-stream package archiver uses (no writableNeedDrain). */
type Drainable = EventEmitter & {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
};

const needsDrain = (stream: Drainable) =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/**
 * Until the reader has taken what was written: the next batch waits for a slow download, and
 * a download closed half-way ends the writing (throws) instead of waiting for ever.
 */
export async function drained(out: Writable, buffer: Drainable = out): Promise<void> {
  if (needsDrain(buffer) && !out.destroyed) {
    const stop = new AbortController();
    await Promise.race([
      once(buffer, 'drain', { signal: stop.signal }),
      once(out, 'close', { signal: stop.signal }),
    ]).finally(() => stop.abort());
  }
  if (out.destroyed) throw new Error('The download was closed before it was complete.');
}

/**
 * Where a streamed sheet's rows wait for the zip: exceljs writes them to its own buffer, which
 * never asks the writer to wait, and archiver reads that through a PassThrough (its first
 * pipe). That PassThrough fills when the download is slow, so it is what the writer waits on.
 */
function sheetBuffer(sheet: ExcelJS.Worksheet): Drainable | undefined {
  const pipe = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return pipe instanceof EventEmitter && '_writableState' in pipe ? (pipe as Drainable) : undefined;
}

/**
 * The table as an XLSX stream, written with exceljs's streaming writer: a bold, frozen header
 * row, column widths, dates as Excel dates shown YYYY-MM-DD; each row committed as it is added,
 * each batch let through to the reader before the next is read.
 */
export function xlsxStream(table: AsyncIterable<TableBatch>, name: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Waypoint';
  const write = async () => {
    let sheet: ExcelJS.Worksheet | null = null;
    let columns: readonly ExportColumn[] = [];
    for await (const batch of table) {
      if (sheet === null) {
        columns = batch.columns;
        sheet = workbook.addWorksheet(sheetName(name), {
          views: [{ state: 'frozen', ySplit: 1 }],
        });
        sheet.columns = columns.map((column) => ({
          width: column.width,
          style: column.kind === 'date' ? { numFmt: 'yyyy-mm-dd' } : {},
        }));
        const header = sheet.addRow(columns.map((column) => column.header));
        header.font = { bold: true };
        header.commit();
      }
      for (const row of batch.rows) {
        sheet.addRow(row.map((cell, index) => xlsxValue(cell, columns[index]))).commit();
      }
      const buffer = sheetBuffer(sheet);
      if (buffer) await drained(out, buffer);
      await drained(out);
    }
    sheet?.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
