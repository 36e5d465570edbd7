/**
 * The keys that sign Open Badges credentials (docs/decisions/0011). An Ed25519 key pair is made on
 * first start; its private half is kept in the database sealed with AES-256-GCM under a
 * key-encryption key that lives only in DATA_DIR/credential-key (mode 0600), so neither a copy of
 * the database nor of DATA_DIR alone can sign. Rotation retires the active key and makes a new
 * one; retired public keys stay published (JWKS) so credentials signed before still verify.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type CryptoKey,
} from 'jose';
import type { Db } from '../../db/connection.js';
import { insertKeyIfNone, rotateKey, selectActiveKey, selectAllKeys } from './repo.js';

export const SIGNING_ALGORITHM = 'EdDSA';
const KEK_FILE = 'credential-key';
const SEAL_VERSION = 'v1';

/**
 * The keys an instance has read (instance-state.ts): the key-encryption key by DATA_DIR, and the
 * private signing keys imported, by kid.
 */
export interface KeyMemory {
  keks: Map<string, Promise<Buffer>>;
  privateKeys: Map<string, Promise<CryptoKey | Uint8Array>>;
}

/** An instance's key memory, empty. */
export function createKeyMemory(): KeyMemory {
  return { keks: new Map(), privateKeys: new Map() };
}

/** What reading the keys needs: DATA_DIR and the instance's key memory. */
export interface KekDeps {
  config: { dataDir: string };
  state: { keys: KeyMemory };
}

export interface KeyDeps extends KekDeps {
  db: Db;
  clock: { now(): Date };
}

/** The key-encryption key of DATA_DIR, made (256 random bits, mode 0600) when missing. */
export function keyEncryptionKey(deps: KekDeps): Promise<Buffer> {
  const { keks } = deps.state.keys;
  const { dataDir } = deps.config;
  let kek = keks.get(dataDir);
  if (!kek) {
    kek = readOrCreateKek(dataDir);
    kek.catch(() => keks.delete(dataDir));
    keks.set(dataDir, kek);
  }
  return kek;
}

async function readOrCreateKek(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEK_FILE);
  try {
    return decodeKek(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    // 'wx': of two processes starting together, one writes and the other reads its key.
    await writeFile(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await chmod(file, 0o600);
  return decodeKek(await readFile(file, 'utf8'), file);
}

function decodeKek(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length !== 32) throw new Error(`${file} is not a 256-bit key; restore it from a backup.`);
  return key;
}

/** Seals a private JWK for the database: v1.<iv>.<tag>.<ciphertext>, the kid as associated data. */
export function seal(kek: Buffer, kid: string, privateJwk: JWK): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(JSON.stringify(privateJwk), 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a sealed private JWK; throws when the key-encryption key or the kid does not match. */
export function unseal(kek: Buffer, kid: string, sealed: string): JWK {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || !body)
    throw new Error('Unknown sealed key format.');
  const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(kid));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text) as JWK;
}

async function newKeyPair(kek: Buffer) {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, {
    crv: 'Ed25519',
    extractable: true,
  });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  // The kid is the RFC 7638 thumbprint: the same key always has the same id.
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, publicJwk, privateKeySealed: seal(kek, kid, privateJwk) };
}

/** Makes the first signing key if there is none (first start; safe when instances race). */
export async function ensureSigningKey(deps: KeyDeps): Promise<void> {
  if (await selectActiveKey(deps.db)) return;
  const pair = await newKeyPair(await keyEncryptionKey(deps));
  await insertKeyIfNone(deps.db, {
    ...pair,
    algorithm: SIGNING_ALGORITHM,
    now: deps.clock.now(),
  });
}

/** Retires the active key and makes a new one; returns both ids. */
export async function rotateSigningKey(
  deps: KeyDeps,
): Promise<{ retiredKid: string | null; activeKid: string }> {
  const pair = await newKeyPair(await keyEncryptionKey(deps));
  const retiredKid = await rotateKey(deps.db, {
    ...pair,
    algorithm: SIGNING_ALGORITHM,
    now: deps.clock.now(),
  });
  return { retiredKid, activeKid: pair.kid };
}

/** The active key: its thumbprint and private key (imported once per instance). */
export async function activeSigningKey(
  deps: KeyDeps,
): Promise<{ kid: string; key: CryptoKey | Uint8Array }> {
  await ensureSigningKey(deps);
  const row = await selectActiveKey(deps.db);
  if (!row) throw new Error('No active credential signing key.');
  const { privateKeys } = deps.state.keys;
  let key = privateKeys.get(row.kid);
  if (!key) {
    const kek = await keyEncryptionKey(deps);
    key = importJWK(unseal(kek, row.kid, row.privateKeySealed), SIGNING_ALGORITHM);
    key.catch(() => privateKeys.delete(row.kid));
    privateKeys.set(row.kid, key);
  }
  return { kid: row.kid, key: await key };
}

/** Every public key, active and retired, as JWKs (kid: the thumbprint). */
export async function publicKeys(
  deps: KeyDeps,
): Promise<{ kid: string; jwk: JWK; retired: boolean }[]> {
  await ensureSigningKey(deps);
  const rows = await selectAllKeys(deps.db);
  return rows.map((row) => {
    const jwk = (
      typeof row.publicJwk === 'string' ? JSON.parse(row.publicJwk) : row.publicJwk
    ) as JWK;
    return { kid: row.kid, jwk, retired: row.retiredAt !== null };
  });
}
