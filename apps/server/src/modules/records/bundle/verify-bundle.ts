/**
 * Checks a records bundle (bundle-zip.ts) against its manifest and the LMS's published keys: every
 * file's SHA-256 and size as manifest.json lists them, no file missing or unlisted, and the
 * signature in manifest.jws over the exact bytes of manifest.json with one of the keys. Every
 * problem is named, by file; the bundle is intact only when there is none. The one verification
 * the CLI (`records verify-bundle`) and the tests use.
 */
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, compactVerify, importJWK, type JWK } from 'jose';
import { Value } from 'typebox/value';
import yauzl from 'yauzl';
import { SIGNING_ALGORITHM } from '../../certificates/keys.js';
import { BundleManifest, MANIFEST_PATH, SIGNATURE_PATH } from './manifest.js';

/** What a verification found. */
export interface BundleVerification {
  intact: boolean;
  /** The LMS the manifest names (null when there is no readable manifest). */
  lms: string | null;
  /** Files the manifest lists. */
  files: number;
  /** The thumbprint of the key whose signature verified, else null. */
  kid: string | null;
  /** Each problem, '<file>: what is wrong', in the bundle's order. */
  problems: string[];
}

/** An entry of the zip: its size and hash; the bytes kept only for the manifest and signature. */
interface ReadEntry {
  bytes: number;
  sha256: string;
  content: Buffer | null;
}

const KEPT = new Set([MANIFEST_PATH, SIGNATURE_PATH]);

/** Every entry of a zip (a path or its bytes), hashed as it is read; duplicates named. */
async function readEntries(
  source: Buffer | string,
): Promise<{ entries: Map<string, ReadEntry>; duplicates: string[] }> {
  const options = { lazyEntries: true };
  const file =
    typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  const entries = new Map<string, ReadEntry>();
  const duplicates: string[] = [];
  return new Promise((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve({ entries, duplicates }));
    file.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        if (entry.fileName.endsWith('/')) {
          file.readEntry();
          return;
        }
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let bytes = 0;
        for await (const chunk of await file.openReadStreamPromise(entry)) {
          const buffer = chunk as Buffer;
          hash.update(buffer);
          bytes += buffer.byteLength;
          if (KEPT.has(entry.fileName)) chunks.push(buffer);
        }
        if (entries.has(entry.fileName)) duplicates.push(entry.fileName);
        entries.set(entry.fileName, {
          bytes,
          sha256: hash.digest('hex'),
          content: KEPT.has(entry.fileName) ? Buffer.concat(chunks) : null,
        });
        file.readEntry();
      })().catch(reject);
    });
    file.readEntry();
  });
}

/** The manifest of the bundle, or the problem that stops it being read. */
function readManifest(entry: ReadEntry | undefined): BundleManifest | string {
  if (!entry?.content) return `${MANIFEST_PATH}: missing from the bundle`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(entry.content.toString('utf8'));
  } catch {
    return `${MANIFEST_PATH}: not valid JSON`;
  }
  if (!Value.Check(BundleManifest, parsed)) return `${MANIFEST_PATH}: not a bundle manifest`;
  return parsed;
}

/**
 * The thumbprint of the key that signed these manifest bytes (the JWS's header and signature
 * with manifest.json's bytes as its payload), or null when no key verifies it.
 */
async function signingKid(jws: string, manifest: Buffer, keys: readonly JWK[]) {
  const [header, , signature] = jws.trim().split('.');
  if (!header || signature === undefined) return null;
  const compact = `${header}.${manifest.toString('base64url')}.${signature}`;
  for (const jwk of keys) {
    try {
      const key = await importJWK(jwk, SIGNING_ALGORITHM);
      await compactVerify(compact, key, { algorithms: [SIGNING_ALGORITHM] });
      return await calculateJwkThumbprint(jwk);
    } catch {
      // Not this key (or not a key of this algorithm): the next one is tried.
    }
  }
  return null;
}

/**
 * Verifies a bundle (its path or bytes) with the public keys published for its LMS. A file that
 * is not a zip is one problem; otherwise every problem found is listed.
 */
export async function verifyBundle(
  source: Buffer | string,
  keys: readonly JWK[],
): Promise<BundleVerification> {
  let read;
  try {
    read = await readEntries(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      intact: false,
      lms: null,
      files: 0,
      kid: null,
      problems: [`The file is not a readable zip: ${reason}`],
    };
  }
  const { entries, duplicates } = read;
  const problems = duplicates.map((path) => `${path}: appears more than once in the bundle`);
  const manifest = readManifest(entries.get(MANIFEST_PATH));
  if (typeof manifest === 'string') {
    return { intact: false, lms: null, files: 0, kid: null, problems: [...problems, manifest] };
  }
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const entry = entries.get(file.path);
    if (!entry) problems.push(`${file.path}: listed in the manifest but missing from the bundle`);
    else if (entry.sha256 !== file.sha256 || entry.bytes !== file.bytes) {
      problems.push(`${file.path}: hash does not match the manifest`);
    }
  }
  for (const path of entries.keys()) {
    if (!listed.has(path) && !KEPT.has(path)) {
      problems.push(`${path}: in the bundle but not listed in the manifest`);
    }
  }
  const signature = entries.get(SIGNATURE_PATH)?.content;
  let kid: string | null = null;
  if (!signature) problems.push(`${SIGNATURE_PATH}: missing from the bundle`);
  else {
    kid = await signingKid(signature.toString('utf8'), entries.get(MANIFEST_PATH)!.content!, keys);
    if (kid === null) {
      problems.push(
        `${SIGNATURE_PATH}: signature does not verify with any published key of LMS ${manifest.lms}`,
      );
    }
  }
  return {
    intact: problems.length === 0,
    lms: manifest.lms,
    files: manifest.files.length,
    kid,
    problems,
  };
}

/** The verification in words: one line when intact, else each problem on its own line. */
export function verificationText(result: BundleVerification): string {
  if (result.intact) {
    return `Bundle intact: ${result.files} files, signed by key ${result.kid} of LMS ${result.lms}.`;
  }
  return ['Bundle NOT intact:', ...result.problems.map((problem) => `  ${problem}`)].join('\n');
}
