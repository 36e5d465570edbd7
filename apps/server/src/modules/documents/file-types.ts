import { fileTypeFromBuffer } from 'file-type';

/**
 * What an uploaded file is, decided from its bytes (never from its name or the browser's type):
 * PDF, PNG, JPEG, HEIC and Office documents are kept, anything else is refused. The answer is the
 * content type the file is served back with.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  heic: 'image/heic',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

// Word, Excel and PowerPoint before 2007 are compound files ('cfb'), like installers (.msi) are;
// the bytes say "compound file" and only the name says which, so only these names are kept.
const COMPOUND_BY_EXTENSION: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** The content type of an allowed document file, or null when its bytes are of another kind. */
export async function documentContentType(bytes: Buffer, fileName: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  if (detected.ext === 'cfb') {
    const extension = fileName.toLowerCase().split('.').pop() ?? '';
    return COMPOUND_BY_EXTENSION[extension] ?? null;
  }
  return ALLOWED[detected.ext] ?? null;
}
