/**
 * A seal's signed statement (docs/decisions/0023 "Training events"): the chain head {lmsKey, seq,
 * hash, sealedAt} as a compact JWS, EdDSA with the credential key (certificates/keys.ts, ADR
 * 0011), its kid in the protected header. One shape for signing and for checking.
 */
import { CompactSign, compactVerify, importJWK, type CryptoKey, type JWK } from 'jose';
import { SIGNING_ALGORITHM } from '../certificates/keys.js';

/** What a seal signs. */
export interface SealStatement {
  lmsKey: number;
  seq: number;
  hash: string;
  /** ISO 8601, UTC, milliseconds. */
  sealedAt: string;
}

/** Signs a statement with a private key of this kid. */
export function signSeal(
  statement: SealStatement,
  signer: { kid: string; key: CryptoKey | Uint8Array },
): Promise<string> {
  const { lmsKey, seq, hash, sealedAt } = statement;
  return new CompactSign(new TextEncoder().encode(JSON.stringify({ lmsKey, seq, hash, sealedAt })))
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: signer.kid })
    .sign(signer.key);
}

/**
 * Why a seal does not vouch for this statement, or null when it does: signed by one of these
 * public keys (under its kid) and saying exactly the statement.
 */
export async function sealProblem(
  jws: string,
  kid: string,
  statement: SealStatement,
  publicKeys: ReadonlyMap<string, JWK>,
): Promise<string | null> {
  const jwk = publicKeys.get(kid);
  if (!jwk) return `it names a key (${kid}) that is not a credential signing key`;
  let signed: unknown;
  try {
    const key = await importJWK(jwk, SIGNING_ALGORITHM);
    const { payload, protectedHeader } = await compactVerify(jws, key, {
      algorithms: [SIGNING_ALGORITHM],
    });
    if (protectedHeader.kid !== kid) return 'its signature names another key';
    signed = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return 'its signature does not verify';
  }
  const said = signed as Partial<SealStatement> | null;
  const same =
    said?.lmsKey === statement.lmsKey &&
    said.seq === statement.seq &&
    said.hash === statement.hash &&
    said.sealedAt === statement.sealedAt;
  return same ? null : 'what it signed is not what the seal row says';
}
