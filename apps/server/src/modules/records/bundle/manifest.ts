/**
 * A records bundle's manifest: what the bundle claims to hold (every file's path, size and
 * SHA-256) and for whom, signed as a compact JWS (EdDSA, the kid header) whose payload is the
 * exact bytes of manifest.json, with the credential key of the LMS (certificates/keys.ts), whose
 * public half the LMS publishes (the credential JWKS). Read back by verify-bundle.ts.
 */
import { CompactSign } from 'jose';
import { Type, type Static } from 'typebox';
import { activeSigningKey, SIGNING_ALGORITHM, type KeyDeps } from '../../certificates/keys.js';

export const MANIFEST_PATH = 'manifest.json';
export const SIGNATURE_PATH = 'manifest.jws';
export const EVENTS_PATH = 'events.jsonl';

/** The JWS header's typ: what the signature is of, so it is never taken for a credential. */
export const MANIFEST_JWS_TYPE = 'waypoint-records-manifest+jws';

/** One file of the bundle as the manifest lists it. */
export const ManifestFile = Type.Object({
  path: Type.String(),
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type ManifestFile = Static<typeof ManifestFile>;

/** manifest.json. */
export const BundleManifest = Type.Object({
  lms: Type.String(),
  period: Type.Object({ from: Type.String(), to: Type.String() }),
  generatedAt: Type.String(),
  /** The staff member's login, or 'operator'. */
  generatedBy: Type.String(),
  /** The population's filter as asked (the exports' filter), and the scope it was read in. */
  population: Type.Object({
    filter: Type.Record(Type.String(), Type.Unknown()),
    restrictionGroups: Type.Array(Type.String()),
    people: Type.Integer(),
  }),
  files: Type.Array(ManifestFile),
});
export type BundleManifest = Static<typeof BundleManifest>;

/** The bytes of manifest.json: the manifest as indented JSON with a final line break. */
export function manifestBytes(manifest: BundleManifest): Buffer {
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
}

/** The compact JWS of the manifest's bytes, signed with the active credential key. */
export async function signManifest(deps: KeyDeps, bytes: Uint8Array): Promise<string> {
  const { kid, key } = await activeSigningKey(deps);
  return new CompactSign(bytes)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: MANIFEST_JWS_TYPE })
    .sign(key);
}
