/**
 * The training record as a PDF (pdf-lib, DejaVu Sans embedded so every name prints as typed): the
 * LMS name and logo, the student's names, employee id, base, fleet and position, every completed
 * item with its date, score and time, every attempt of each lesson (the attempt record), page
 * numbers and the date it was produced.
 */
import fontkit from '@pdf-lib/fontkit';
import { isoDate, type AttemptRecordItem, type TrainingRecordItem } from '@waypoint/domain';
import type { OrganizationData } from '@waypoint/domain/contract';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { FontFiles } from '../../lib/pdf-fonts.js';
import { studentName } from './presenter.js';

// A4 in points, with 48-point margins.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.8, 0.83, 0.87);
const COLUMNS = [
  { title: 'Completed', width: 72 },
  { title: 'Level', width: 64 },
  { title: 'Item', width: CONTENT_WIDTH - 72 - 64 - 56 - 50 - 58 },
  // The item's outcome (outcome.ts): a failure is recorded as Failed, never as a completion.
  { title: 'Status', width: 56 },
  { title: 'Score', width: 50 },
  { title: 'Time', width: 58 },
];
// The attempts' table: the lesson (with its curriculum and course beneath), then the attempt.
const ATTEMPT_COLUMNS = [
  { title: 'Lesson', width: CONTENT_WIDTH - 22 - 58 - 58 - 46 - 40 - 112 },
  { title: '#', width: 22 },
  { title: 'Started', width: 58 },
  { title: 'Ended', width: 58 },
  { title: 'Time', width: 46 },
  { title: 'Score', width: 40 },
  { title: 'Result', width: 112 },
];
const BODY = 9;
const LINE = 12;
const NOTE = 7.5;

/** A table cell: its lines (BODY), then muted notes under them (NOTE), each already wrapped. */
interface Cell {
  lines: readonly string[];
  notes: readonly string[];
}

/** Text without control characters (the font has no glyph for them). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed.
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, ' ');

/** Greedy word wrap to a width; a word wider than the line is broken between characters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of clean(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** The logo when the LMS gives it as a PNG or JPEG data address (no fetching of remote files). */
async function embedLogo(doc: PDFDocument, logoURL: string): Promise<PDFImage | null> {
  const match = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/.exec(logoURL.trim());
  if (!match) return null;
  try {
    const bytes = Buffer.from(match[2]!, 'base64');
    return match[1] === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    // A broken logo must not cost the student their record: it is left out.
    return null;
  }
}

const formatProduced = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Renders the record with the instance's fonts; the same input gives the same pages. */
export async function renderTrainingRecordPdf(
  record: {
    organization: OrganizationData;
    items: readonly TrainingRecordItem[];
    /** Every attempt of each lesson; left out, the record has no Attempts section. */
    attempts?: readonly AttemptRecordItem[];
    producedAt: Date;
    /** A record of a period says so under its title, and its items are that period's. */
    period?: { from: string; to: string };
  },
  fonts: FontFiles,
): Promise<Uint8Array> {
  const { organization, items, attempts = [], producedAt, period } = record;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = await fonts.read();
  const regular = await doc.embedFont(files.regular, { subset: true });
  const bold = await doc.embedFont(files.bold, { subset: true });
  const name = studentName(organization);
  const lmsName = organization.lmsDisplayName || organization.lmsName;
  doc.setTitle(`Training record: ${clean(name)}`);
  doc.setAuthor(clean(lmsName));
  doc.setSubject('Training record');
  doc.setCreator('Waypoint');
  doc.setProducer('Waypoint');
  doc.setCreationDate(producedAt);
  doc.setModificationDate(producedAt);

  const text = (
    page: PDFPage,
    value: string,
    x: number,
    y: number,
    size: number,
    font = regular,
    color = INK,
  ) => page.drawText(clean(value), { x, y, size, font, color });

  // First page: LMS name and logo, title, the student.
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const logo = await embedLogo(doc, organization.logoURL);
  if (logo) {
    const scale = Math.min(120 / logo.width, 48 / logo.height, 1);
    const w = logo.width * scale;
    const h = logo.height * scale;
    page.drawImage(logo, { x: PAGE.width - MARGIN - w, y: y - h, width: w, height: h });
  }
  for (const line of wrapText(lmsName, bold, 14, CONTENT_WIDTH - 130)) {
    text(page, line, MARGIN, y - 14, 14, bold);
    y -= 18;
  }
  y -= 14;
  text(page, 'Training record', MARGIN, y - 20, 20, bold);
  y -= 34;
  if (period) {
    text(
      page,
      `Period ${period.from} to ${period.to} (UTC days, both included)`,
      MARGIN,
      y - 11,
      11,
      bold,
    );
    y -= 18;
  }
  text(page, `Produced ${formatProduced(producedAt)}`, MARGIN, y - 9, 9, regular, MUTED);
  y -= 24;

  const details: [string, string][] = [
    ['Name', name],
    ['User ID', organization.userID],
    ['Employee ID', organization.employeeID || '-'],
    ['Base', organization.base || '-'],
    ['Fleet', organization.fleet || '-'],
    ['Position', organization.position || '-'],
  ];
  const half = CONTENT_WIDTH / 2;
  details.forEach(([label, value], index) => {
    const x = MARGIN + (index % 2) * half;
    const rowY = y - Math.floor(index / 2) * 30;
    text(page, label, x, rowY - 8, 8, regular, MUTED);
    text(page, wrapText(value, bold, 11, half - 12)[0] ?? '', x, rowY - 21, 11, bold);
  });
  y -= Math.ceil(details.length / 2) * 30 + 14;

  const tableHeader = (columns: readonly { title: string; width: number }[] = COLUMNS) => {
    let x = MARGIN;
    for (const column of columns) {
      text(page, column.title, x, y - 10, BODY, bold, MUTED);
      x += column.width;
    }
    y -= 15;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.8,
      color: RULE,
    });
    y -= 4;
  };

  /** A cell of a text wrapped to a width, with its note (wrapped too) under it when there is one. */
  const stacked = (main: string, note: string | null, width: number): Cell => ({
    lines: wrapText(main, regular, BODY, width),
    notes: note === null ? [] : wrapText(note, regular, NOTE, width),
  });

  /**
   * One row of a table, as tall as its tallest cell (a plain string is one line); a row that
   * would run into the footer starts a new page under the table's header again. Ruled beneath.
   */
  const drawRow = (
    columns: readonly { title: string; width: number }[],
    row: readonly (string | Cell)[],
  ) => {
    const cells = row.map((cell) =>
      typeof cell === 'string' ? { lines: [cell], notes: [] } : cell,
    );
    const height =
      Math.max(...cells.map((cell) => cell.lines.length * LINE + cell.notes.length * 10)) + 6;
    if (y - height < MARGIN + 24) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      tableHeader(columns);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      let lineY = y - 10;
      for (const line of cell.lines) {
        text(page, line, x, lineY, BODY);
        lineY -= LINE;
      }
      for (const line of cell.notes) {
        text(page, line, x, lineY + 2, NOTE, regular, MUTED);
        lineY -= 10;
      }
      x += columns[index]!.width;
    });
    y -= height;
    page.drawLine({
      start: { x: MARGIN, y: y + 2 },
      end: { x: PAGE.width - MARGIN, y: y + 2 },
      thickness: 0.4,
      color: RULE,
    });
  };

  const heading = period ? 'Completed items in the period' : 'Completed items';
  text(page, `${heading} (${items.length})`, MARGIN, y - 12, 12, bold);
  y -= 22;
  tableHeader();
  if (items.length === 0) {
    const none = period
      ? 'No completed or failed items in the period.'
      : 'No completed or failed items yet.';
    text(page, none, MARGIN, y - 12, 10, regular, MUTED);
  }
  const itemWidth = COLUMNS[2]!.width - 8;
  for (const item of items) {
    const title =
      item.level === 'Lesson'
        ? item.lesson
        : item.level === 'Course'
          ? item.course
          : item.curriculum;
    const context =
      item.level === 'Lesson'
        ? `${item.curriculum} › ${item.course}`
        : item.level === 'Course'
          ? item.curriculum
          : '';
    drawRow(COLUMNS, [
      isoDate(item.completedInstant) || '-',
      item.level,
      stacked(title, context || null, itemWidth),
      item.status,
      item.score,
      item.time,
    ]);
  }

  if (record.attempts) {
    y -= 18;
    if (y < MARGIN + 80) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
    text(page, `Attempts (${attempts.length})`, MARGIN, y - 12, 12, bold);
    y -= 22;
    tableHeader(ATTEMPT_COLUMNS);
    if (attempts.length === 0) text(page, 'No attempts yet.', MARGIN, y - 12, 10, regular, MUTED);
    const lessonWidth = ATTEMPT_COLUMNS[0]!.width - 8;
    const resultWidth = ATTEMPT_COLUMNS[6]!.width - 4;
    for (const attempt of attempts) {
      drawRow(ATTEMPT_COLUMNS, [
        stacked(attempt.lesson, `${attempt.curriculum} › ${attempt.course}`, lessonWidth),
        String(attempt.number),
        attempt.started || '-',
        attempt.ended,
        attempt.duration,
        attempt.score,
        // Completion and success, the offline flag, and where the attempt came from (a
        // correction with its reason) under them.
        stacked(
          [attempt.completion, attempt.success, attempt.offline].filter(Boolean).join(', '),
          attempt.source,
          resultWidth,
        ),
      ]);
    }
  }

  // Footer on every page: whose record, when produced, page n of N.
  const pages = doc.getPages();
  pages.forEach((each, index) => {
    const footer = `${name} · ${lmsName} · produced ${formatProduced(producedAt)}`;
    text(
      each,
      wrapText(footer, regular, 8, CONTENT_WIDTH - 90)[0] ?? '',
      MARGIN,
      MARGIN - 20,
      8,
      regular,
      MUTED,
    );
    const number = `Page ${index + 1} of ${pages.length}`;
    const width = regular.widthOfTextAtSize(number, 8);
    text(each, number, PAGE.width - MARGIN - width, MARGIN - 20, 8, regular, MUTED);
  });
  return doc.save();
}
