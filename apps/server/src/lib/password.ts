import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

// OWASP ASVS 5.0 minimum for scrypt: N=2^17, r=8, p=1, with a 16-byte random salt.
export const PASSWORD_COST_LOG2 = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

// The cost of new hashes, for the whole process: PASSWORD_COST_LOG2 unless its configuration says
// otherwise (config.passwordCostLog2, applied by main.ts and the CLI; the tests' set-up lowers it,
// ADR 0009). A check always uses the cost written in the stored hash, so nothing a server does
// depends on this but new hashes.
let costLog2 = PASSWORD_COST_LOG2;

/** Sets the cost (log2 N) of the new hashes this process makes (config.passwordCostLog2). */
export function setNewHashCost(log2: number): void {
  costLog2 = log2;
}

/** Shortest and longest password Waypoint accepts (design brief). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, {
    N: 2 ** costLog2,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    // scrypt needs 128 * N * r bytes; allow twice that.
    maxmem: 2 * 128 * 2 ** costLog2 * BLOCK_SIZE,
  });
  return [
    'scrypt',
    costLog2,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed or missing hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check so timing does not tell which accounts have no password.
    await hashPassword(password);
    return false;
  }
  const [, costLog2, blockSize, parallelism, saltB64, keyB64] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(keyB64, 'base64');
  const N = 2 ** Number(costLog2);
  const r = Number(blockSize);
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), {
    N,
    r,
    p: Number(parallelism),
    maxmem: 2 * 128 * N * r,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
