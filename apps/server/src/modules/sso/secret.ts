/**
 * The OIDC client secret at rest: sealed with AES-256-GCM under DATA_DIR's key-encryption key (the
 * same key and format as the credential signing keys, docs/decisions/0011), bound to the LMS, so a
 * copy of the database alone does not give it away. It is never printed back.
 */
import { keyEncryptionKey, seal, unseal, type KekDeps } from '../certificates/keys.js';

const purpose = (lmsKey: number) => `sso-oidc-client-secret:${lmsKey}`;

export async function sealClientSecret(
  deps: KekDeps,
  lmsKey: number,
  secret: string,
): Promise<string> {
  const kek = await keyEncryptionKey(deps);
  return seal(kek, purpose(lmsKey), {
    kty: 'oct',
    k: Buffer.from(secret, 'utf8').toString('base64url'),
  });
}

export async function openClientSecret(
  deps: KekDeps,
  lmsKey: number,
  sealed: string,
): Promise<string> {
  const jwk = unseal(await keyEncryptionKey(deps), purpose(lmsKey), sealed);
  return Buffer.from(jwk.k ?? '', 'base64url').toString('utf8');
}
