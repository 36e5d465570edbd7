/**
 * The operator's bundle commands: `records-bundle` (an LMS's, or one restriction group's, signed
 * records bundle for a period; the CLI writes it to --out) and `records-verify-bundle` (a bundle
 * checked against the keys this server publishes, or a JWKS given; not intact is an error naming
 * every problem, so the CLI exits non-zero).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error.js';
import { defineOperatorCommand } from '../../operator/area-command.js';
import { operatorBundle, operatorVerifyBundle } from './service.js';
import { verificationText, type BundleVerification } from './verify-bundle.js';

const Lms = Text({ minLength: 1, maxLength: 63 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A bundle the operator API receives is written to a temporary file first; at most 2 GiB. */
const MAX_BUNDLE_BYTES = 2 * 1024 ** 3;

export const recordsBundleCommands = [
  defineOperatorCommand({
    name: 'records-bundle',
    summary:
      "A signed bundle of an LMS's training records for a period (zip as base64; --out writes it)",
    input: Type.Object(
      {
        lms: Lms,
        from: Day,
        to: Day,
        group: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
        out: Type.Optional(Text({ minLength: 1, maxLength: 1000 })),
      },
      { additionalProperties: false },
    ),
    // The download is recorded by the service itself (records.bundle), as the console's is.
    changes: false,
    run: async (deps, input) => ({
      ...(await operatorBundle(deps, input)),
      out: input.out ?? null,
    }),
    format: (result) => {
      const r = result as { fileName: string; bytes: number; base64: string; out: string | null };
      if (!r.out) return `${r.fileName} (${r.bytes} bytes): add --out <file> to save it.`;
      const target = path.resolve(r.out);
      writeFileSync(target, Buffer.from(r.base64, 'base64'));
      return `Wrote ${target} (${r.bytes} bytes).`;
    },
  }),
  defineOperatorCommand({
    name: 'records-verify-bundle',
    summary:
      "Check a records bundle's file hashes and signature against the published keys (or a JWKS)",
    input: Type.Object(
      { keys: Type.Optional(Text({ minLength: 2, maxLength: 100_000 })) },
      { additionalProperties: false },
    ),
    upload: { maxBytes: MAX_BUNDLE_BYTES, what: 'the bundle zip' },
    changes: false,
    run: async (deps, input, upload) => {
      if (upload === undefined) throw new HttpError(400, 'The bundle file is missing.');
      const result = await operatorVerifyBundle(deps, upload, input.keys);
      // Not intact is the command failing: the CLI's exit code says it, every problem named.
      if (!result.intact) throw new HttpError(422, verificationText(result));
      return result;
    },
    format: (result) => verificationText(result as BundleVerification),
  }),
];
