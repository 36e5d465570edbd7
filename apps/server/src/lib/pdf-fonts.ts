import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** DejaVu Sans and its bold: the fonts the certificate and training record PDFs embed. */
export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

/** The PDF fonts, read from disk on first use and kept by the instance (instance-state.ts). */
export interface FontFiles {
  read(): Promise<PdfFonts>;
}

/** An instance's font files, not read yet. */
export function createFontFiles(): FontFiles {
  let fonts: Promise<PdfFonts> | null = null;
  return {
    read: () =>
      (fonts ??= Promise.all([
        readFile(path.join(FONT_DIR, 'DejaVuSans.ttf')),
        readFile(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
      ]).then(([regular, bold]) => ({ regular, bold }))),
  };
}
