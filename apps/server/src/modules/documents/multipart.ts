import type { FastifyRequest } from 'fastify';
import { DOCUMENT_UPLOAD_MAX_BYTES } from '@waypoint/domain';
import { DocumentRefused, type ReceivedForm } from './service.js';

/**
 * The multipart limits of a document save (§9: 5000 KB per file). Busboy cuts a file off one byte
 * past the limit and marks it truncated, so too large is told apart from "exactly at the limit".
 */
export const DOCUMENT_MULTIPART_LIMITS = {
  fileSize: DOCUMENT_UPLOAD_MAX_BYTES + 1,
  files: 10,
  fields: 100,
  fieldSize: 64 * 1024,
  parts: 110,
  fieldNameSize: 100,
  headerPairs: 50,
};
/** All the files of one save together. */
export const DOCUMENT_SAVE_MAX_BYTES = 25 * 1024 * 1024;

export const INCOMPLETE_UPLOAD_MESSAGE = 'The upload did not arrive complete. Nothing was saved.';
export const TOO_MANY_PARTS_MESSAGE =
  'The form sent too many values or files at once. Nothing was saved.';
export const TOO_MUCH_DATA_MESSAGE = `The files of one save may be at most ${DOCUMENT_SAVE_MAX_BYTES / 1024 / 1024} MB together. Nothing was saved.`;

/**
 * Reads the whole multipart body (values and files) into memory before anything is decided, so a
 * body that breaks off, or goes past a limit, is refused with nothing written (§7 multipart POST).
 */
export async function readDocumentForm(request: FastifyRequest): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    throw new DocumentRefused(415, ['A document is saved as multipart/form-data.']);
  }
  const form: ReceivedForm = { values: new Map(), files: new Map(), longValues: new Set() };
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > DOCUMENT_SAVE_MAX_BYTES)
          throw new DocumentRefused(413, [TOO_MUCH_DATA_MESSAGE]);
        // An empty file input arrives as a part without a name or bytes: no file chosen.
        if (part.filename === '' && bytes.length === 0) continue;
        const list = form.files.get(part.fieldname) ?? [];
        list.push({ fileName: part.filename, bytes, truncated: part.file.truncated });
        form.files.set(part.fieldname, list);
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.valueTruncated) form.longValues.add(part.fieldname);
        const list = form.values.get(part.fieldname) ?? [];
        list.push(value);
        form.values.set(part.fieldname, list);
      }
    }
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw new DocumentRefused(413, [TOO_MANY_PARTS_MESSAGE]);
    // A body that breaks off or is malformed: busboy's own errors carry no status.
    throw new DocumentRefused(400, [INCOMPLETE_UPLOAD_MESSAGE]);
  }
  return form;
}
