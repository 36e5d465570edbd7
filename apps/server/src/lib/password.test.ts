import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { hashPassword, PASSWORD_COST_LOG2, setNewHashCost, verifyPassword } from './password.js';

describe('password hashing (scrypt)', () => {
  it('a hash made at the production cost (N=2^17, r=8, p=1) verifies with the cost it names', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Correct-horse-1', salt, 32, {
      N: 2 ** PASSWORD_COST_LOG2,
      r: 8,
      p: 1,
      maxmem: 2 * 128 * 2 ** PASSWORD_COST_LOG2 * 8,
    });
    const stored = ['scrypt', 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(PASSWORD_COST_LOG2).toBe(17);
    expect(await verifyPassword('Correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('Correct-horse-2', stored)).toBe(false);
  });

  it('hashes carry their own parameters and a random salt; malformed hashes never verify', async () => {
    const [first, second] = [
      await hashPassword('Same-secret-1'),
      await hashPassword('Same-secret-1'),
    ];
    expect(first).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Same-secret-1', first)).toBe(true);
    for (const stored of [null, '', 'scrypt$17$8$1$abc', 'bcrypt$x$y$z$a$b'])
      expect(await verifyPassword('Same-secret-1', stored)).toBe(false);
  });

  it('new hashes cost what the configuration says: 17 unless PASSWORD_COST_LOG2 lowers it, never below 10', async () => {
    expect(loadConfig({}).passwordCostLog2).toBe(PASSWORD_COST_LOG2);
    expect(loadConfig({ PASSWORD_COST_LOG2: '12' }).passwordCostLog2).toBe(12);
    for (const value of ['9', '21', 'cheap'])
      expect(() => loadConfig({ PASSWORD_COST_LOG2: value })).toThrow(ConfigError);
    setNewHashCost(11);
    try {
      const stored = await hashPassword('Lowered-cost-1');
      expect(stored).toMatch(/^scrypt\$11\$8\$1\$/);
      expect(await verifyPassword('Lowered-cost-1', stored)).toBe(true);
    } finally {
      // Back to the set-up's cost (test/setup.ts), for the tests after this one.
      setNewHashCost(10);
    }
  });
});
