/**
 * The certificate as a PDF (docs/decisions/0011): one A4 landscape page with the same content and
 * settings as the certificate page, DejaVu Sans embedded (every script a name may use), the LMS
 * logo and signature image, and a QR code with the short code of the verification page. A revoked
 * or expired certificate says so across the page.
 */
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatDate, formatDuration, shortCertificateCode } from '@waypoint/domain';
import type { CertificateData } from '@waypoint/domain/contract';
import type { Db } from '../../db/connection.js';
import type { FontFiles } from '../../lib/pdf-fonts.js';
import { selectAsset } from './repo.js';
import type { ThemeCatalogue } from './themes.js';

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 48;

function colour(hex: string) {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Cuts text to fit `width`, ending in '…'. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function centred(
  page: PDFPage,
  text: string,
  y: number,
  font: PDFFont,
  size: number,
  color = rgb(0, 0, 0),
) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Scales an image into a box, keeping its proportions. */
function scaled(image: PDFImage, maxWidth: number, maxHeight: number) {
  const ratio = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
  return { width: image.width * ratio, height: image.height * ratio };
}

async function embedAsset(
  document: PDFDocument,
  db: Db,
  lmsKey: number,
  name: 'logo' | 'signature',
) {
  const asset = await selectAsset(db, lmsKey, name);
  if (!asset) return null;
  const bytes = Buffer.from(asset.data);
  return asset.mediaType === 'image/png' ? document.embedPng(bytes) : document.embedJpg(bytes);
}

/** The PDF of a certificate (bytes). */
export async function certificatePdf(
  deps: { db: Db; state: { pdfFonts: FontFiles; certificateThemes: ThemeCatalogue } },
  data: CertificateData,
): Promise<Uint8Array> {
  const theme = deps.state.certificateThemes.info(data.settings.theme);
  const ink = colour(theme.pdf.ink);
  const accent = colour(theme.pdf.accent);
  const muted = colour(theme.pdf.muted);
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  document.setTitle(`${data.certificateTypeName}: ${data.completedTitle}`);
  document.setAuthor(data.lmsName);
  document.setSubject(`${data.displayName} — ${data.completedTitle}`);
  document.setCreator('Waypoint');
  const files = await deps.state.pdfFonts.read();
  const regular = await document.embedFont(files.regular, { subset: true });
  const bold = await document.embedFont(files.bold, { subset: true });
  const page = document.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;

  page.drawRectangle({ x: 0, y: 0, width, height, color: colour(theme.pdf.paper) });
  page.drawRectangle({
    x: 20,
    y: 20,
    width: width - 40,
    height: height - 40,
    borderColor: accent,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 28,
    y: 28,
    width: width - 56,
    height: height - 56,
    borderColor: accent,
    borderWidth: 0.75,
  });

  const logo = await embedAsset(document, deps.db, data.settings.lmsKey, 'logo');
  if (logo) {
    const size = scaled(logo, 130, 56);
    page.drawImage(logo, { x: MARGIN, y: height - MARGIN - size.height, ...size });
  }
  let y = height - MARGIN - 18;
  if (data.settings.showLmsName) {
    centred(page, data.lmsName.toUpperCase(), y, bold, 11, muted);
  }
  y -= 44;
  // Long titles get smaller type (down to 18 pt) before they are cut.
  const titleWidth = width - 2 * MARGIN - 40;
  const titleSize = Math.max(
    18,
    Math.min(
      28,
      (28 * titleWidth) / Math.max(1, bold.widthOfTextAtSize(data.certificateTypeName, 28)),
    ),
  );
  centred(
    page,
    fit(data.certificateTypeName, bold, titleSize, titleWidth),
    y,
    bold,
    titleSize,
    ink,
  );
  y -= 30;
  centred(page, 'This certifies that', y, regular, 12, muted);
  y -= 34;
  centred(page, fit(data.displayName, bold, 26, width - 2 * MARGIN), y, bold, 26, accent);
  y -= 12;
  page.drawLine({
    start: { x: width / 2 - 180, y },
    end: { x: width / 2 + 180, y },
    thickness: 0.75,
    color: accent,
  });
  y -= 22;
  if (data.settings.showText && data.certificateText) {
    for (const line of wrap(data.certificateText, regular, 12, width - 2 * MARGIN - 120).slice(
      0,
      3,
    )) {
      centred(page, line, y, regular, 12, ink);
      y -= 16;
    }
    y -= 4;
  }
  centred(page, fit(data.completedTitle, bold, 17, width - 2 * MARGIN), y, bold, 17, ink);
  y -= 20;
  if (data.settings.showSummaryInfo) {
    const summary = [
      data.startedInstant ? `Started ${formatDate(data.startedInstant)}` : '',
      `Completed ${formatDate(data.completedInstant)}`,
      `Total time ${formatDuration(data.totalTime)}`,
      // The score as every screen shows it (formatScorePercent, ADR 0010 "Scores").
      data.scoreText !== '-' ? `Score ${data.scoreText}` : '',
    ]
      .filter(Boolean)
      .join('   ·   ');
    centred(page, summary, y, regular, 10, ink);
    y -= 14;
    const ids = [
      data.employeeID ? `Employee ID ${data.employeeID}` : '',
      data.userID ? `User ID ${data.userID}` : '',
      data.position,
      data.base,
      data.fleet,
    ]
      .filter(Boolean)
      .join('   ·   ');
    if (ids) {
      centred(page, fit(ids, regular, 9, width - 2 * MARGIN), y, regular, 9, muted);
      y -= 14;
    }
  }

  // The items: as many rows as fit above the signature block, then how many more there are.
  const bottomBlock = 150;
  if (data.settings.showAssignmentList && data.items.length > 0) {
    y -= 6;
    const columns = [
      { title: 'Lesson', x: MARGIN + 10, width: 300 },
      { title: 'Course', x: MARGIN + 318, width: 150 },
      { title: 'Time', x: MARGIN + 476, width: 56 },
      { title: 'Score', x: MARGIN + 536, width: 40 },
      { title: 'Status', x: MARGIN + 580, width: 80 },
      { title: 'Completed', x: MARGIN + 664, width: 70 },
    ];
    for (const column of columns)
      page.drawText(column.title, { x: column.x, y, size: 8, font: bold, color: muted });
    y -= 3;
    page.drawLine({
      start: { x: MARGIN + 10, y },
      end: { x: width - MARGIN - 10, y },
      thickness: 0.5,
      color: muted,
    });
    y -= 10;
    const rowHeight = 10.5;
    const room = Math.max(0, Math.floor((y - bottomBlock) / rowHeight));
    const shown = data.items.length > room ? Math.max(0, room - 1) : data.items.length;
    for (const item of data.items.slice(0, shown)) {
      const cells = [
        item.name,
        item.courseName,
        formatDuration(item.time),
        item.scoreText,
        item.completionStatus,
        item.completedInstant ? formatDate(item.completedInstant) : '',
      ];
      cells.forEach((text, index) => {
        const column = columns[index]!;
        page.drawText(fit(text, regular, 8, column.width), {
          x: column.x,
          y,
          size: 8,
          font: regular,
          color: ink,
        });
      });
      y -= rowHeight;
    }
    if (shown < data.items.length) {
      page.drawText(`and ${data.items.length - shown} more (listed on the certificate page)`, {
        x: MARGIN + 10,
        y,
        size: 8,
        font: regular,
        color: muted,
      });
    }
  }

  // Signature, bottom left.
  if (data.settings.showSignature && (data.signatureName || data.signatureTitle)) {
    const signature = await embedAsset(document, deps.db, data.settings.lmsKey, 'signature');
    const lineY = MARGIN + 40;
    if (signature) {
      const size = scaled(signature, 160, 50);
      page.drawImage(signature, { x: MARGIN + 10, y: lineY + 3, ...size });
    }
    page.drawLine({
      start: { x: MARGIN + 10, y: lineY },
      end: { x: MARGIN + 230, y: lineY },
      thickness: 0.75,
      color: ink,
    });
    page.drawText(fit(data.signatureName, bold, 10, 220), {
      x: MARGIN + 10,
      y: lineY - 14,
      size: 10,
      font: bold,
      color: ink,
    });
    page.drawText(fit(data.signatureTitle, regular, 9, 220), {
      x: MARGIN + 10,
      y: lineY - 27,
      size: 9,
      font: regular,
      color: muted,
    });
  }

  // Verification, bottom right: QR code, short code, address, dates.
  const qr = await document.embedPng(
    await QRCode.toBuffer(data.verifyUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
  );
  const qrSize = 78;
  const qrX = width - MARGIN - qrSize;
  page.drawImage(qr, { x: qrX, y: MARGIN - 6, width: qrSize, height: qrSize });
  const textRight = qrX - 10;
  const right = (text: string, lineY: number, font: PDFFont, size: number, color = ink) =>
    page.drawText(text, {
      x: textRight - font.widthOfTextAtSize(text, size),
      y: lineY,
      size,
      font,
      color,
    });
  right('Verify this certificate', MARGIN + 56, bold, 9);
  right(fit(data.verifyUrl, regular, 7.5, 300), MARGIN + 44, regular, 7.5, muted);
  right(`Code ${shortCertificateCode(data.certificateId)}`, MARGIN + 30, bold, 9, accent);
  const dates = [
    `Issued ${formatDate(data.issuedInstant)}`,
    data.expiresInstant ? `Valid until ${formatDate(data.expiresInstant)}` : '',
  ]
    .filter(Boolean)
    .join('   ·   ');
  right(dates, MARGIN + 16, regular, 8, muted);

  if (data.status !== 'valid') {
    const text = data.status === 'revoked' ? 'REVOKED' : 'EXPIRED';
    const size = 110;
    const textWidth = bold.widthOfTextAtSize(text, size);
    page.drawText(text, {
      x: width / 2 - (textWidth / 2) * Math.cos(Math.PI / 9),
      y: height / 2 - (textWidth / 2) * Math.sin(Math.PI / 9) - 20,
      size,
      font: bold,
      color: rgb(0.75, 0.1, 0.1),
      opacity: 0.22,
      rotate: degrees(20),
    });
  }
  return document.save();
}
