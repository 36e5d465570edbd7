/**
 * The operator's document commands (spec §3 Document form): define a document type from a JSON
 * file, assign it, list the responses, download a student's files, set or clear an expiry.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanUploadName } from '@waypoint/domain';
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { defineOperatorCommand } from '../operator/area-command.js';
import { documentFileStoreOn } from './file-store.js';
import {
  assignDocument,
  defineDocumentType,
  documentFiles,
  listDocumentResponses,
  readDocumentTypeFile,
  setDocumentExpiry,
} from './operator.service.js';

/** A document type file is small: at most 50 fields. */
const MAX_DEFINITION_BYTES = 128 * 1024;

const Lms = Text({ minLength: 1, maxLength: 63 });
const Name = Text({ minLength: 1, maxLength: 200 });
const Login = Text({ minLength: 1, maxLength: 255 });

/**
 * Writes the files of a document-files result into `out` (on the operator's machine: format runs
 * in the CLI), under their cleaned names, never over an existing file.
 */
function writeFiles(out: string, files: { fileName: string; base64: string }[]): string[] {
  mkdirSync(out, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const clean = cleanUploadName(file.fileName);
    const dot = clean.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let target = path.join(out, clean);
    for (let n = 2; existsSync(target); n += 1) target = path.join(out, `${stem}-${n}${extension}`);
    writeFileSync(target, Buffer.from(file.base64, 'base64'), { flag: 'wx' });
    written.push(target);
  }
  return written;
}

export const documentCommands = [
  defineOperatorCommand({
    name: 'define-document',
    summary:
      'Define a document type (its form fields) from a JSON file, or update the one of that name',
    input: Type.Object({ lms: Lms }, { additionalProperties: false }),
    upload: { maxBytes: MAX_DEFINITION_BYTES, what: 'the document type JSON file' },
    run: async (deps, input, upload) => {
      if (upload === undefined) throw new HttpError(400, 'The document type file is missing.');
      const bytes = typeof upload === 'string' ? await readFile(upload) : upload;
      return defineDocumentType(deps, input.lms, readDocumentTypeFile(bytes));
    },
    format: (result) => {
      const r = result as { name: string; fields: number; created: boolean; formKey: number };
      return `${r.created ? 'Defined' : 'Updated'} document type '${r.name}' (${r.fields} fields, key ${r.formKey}).`;
    },
  }),
  defineOperatorCommand({
    name: 'assign-document',
    summary: 'Assign a document type to users (login IDs) and/or every student of a group',
    input: Type.Object(
      {
        lms: Lms,
        document: Name,
        users: Type.Optional(Type.Array(Login, { maxItems: 1000 })),
        group: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
      },
      { additionalProperties: false },
    ),
    run: (deps, input) => assignDocument(deps, input),
    format: (result) => {
      const r = result as { document: string; assigned: number };
      return `Assigned '${r.document}' to ${r.assigned} user${r.assigned === 1 ? '' : 's'}.`;
    },
  }),
  defineOperatorCommand({
    name: 'document-responses',
    changes: false,
    summary: "List every student's response to a document type",
    input: Type.Object({ lms: Lms, document: Name }, { additionalProperties: false }),
    run: (deps, input) => listDocumentResponses(deps, input),
    format: (result) => {
      const r = result as {
        document: string;
        responses: {
          user: string;
          status: string;
          expires: string | null;
          files: { fileName: string }[];
        }[];
      };
      if (r.responses.length === 0) return `'${r.document}' is not assigned to anyone.`;
      return [
        `${r.document}:`,
        ...r.responses.map(
          (response) =>
            `  ${response.user}  ${response.status}  expires ${response.expires?.slice(0, 10) ?? '-'}  files: ${
              response.files.map((file) => file.fileName).join(', ') || '-'
            }`,
        ),
      ].join('\n');
    },
  }),
  defineOperatorCommand({
    name: 'document-files',
    changes: false,
    summary: "A student's saved files of one document (base64 in JSON; --out writes them)",
    input: Type.Object(
      { lms: Lms, document: Name, user: Login, out: Type.Optional(Text({ maxLength: 1000 })) },
      { additionalProperties: false },
    ),
    run: (deps, input) =>
      documentFiles({ db: deps.db, files: documentFileStoreOn(deps.storage) }, input),
    format: (result) => {
      const r = result as {
        document: string;
        user: string;
        out: string | null;
        files: { fileName: string; sizeBytes: number; base64: string }[];
      };
      if (r.files.length === 0) return `${r.user} has saved no files in '${r.document}'.`;
      if (!r.out) {
        return [
          `${r.user}'s files in '${r.document}' (add --out <folder> to save them):`,
          ...r.files.map((file) => `  ${file.fileName} (${file.sizeBytes} bytes)`),
        ].join('\n');
      }
      return ['Saved:', ...writeFiles(r.out, r.files).map((file) => `  ${file}`)].join('\n');
    },
  }),
  defineOperatorCommand({
    name: 'set-document-expiry',
    summary: "Set (yyyy-mm-dd, valid through that day) or clear a student's document expiry",
    input: Type.Object(
      {
        lms: Lms,
        document: Name,
        user: Login,
        date: Type.Optional(Text({ maxLength: 10 })),
        clear: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    run: (deps, input) => setDocumentExpiry(deps, input),
    format: (result) => {
      const r = result as { document: string; user: string; expires: string | null };
      return r.expires
        ? `'${r.document}' of ${r.user} now expires at the end of ${r.expires.slice(0, 10)}.`
        : `'${r.document}' of ${r.user} no longer has an expiry.`;
    },
  }),
];
