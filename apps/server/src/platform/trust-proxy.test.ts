import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildLms } from '../test/factories.js';

/** TRUST_PROXY decides whose X-Forwarded-For is believed (ADR 0009). */
describe('TRUST_PROXY', () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['127.0.0.1', ['127.0.0.1']],
    ['loopback', ['loopback']],
    ['10.0.0.5, 10.1.0.0/16, fd00::/8', ['10.0.0.5', '10.1.0.0/16', 'fd00::/8']],
  ])('%j is read as %j', (value, expected) => {
    expect(parse(value)).toEqual(expected);
  });

  it.each(['true', 'yes', '1', '2', '10.0.0.0/33', 'proxy.example.com', '1.2.3'])(
    'refuses %j with a message saying what to set',
    (value) => {
      expect(() => parse(value)).toThrow(ConfigError);
      expect(() => parse(value)).toThrow(/addresses and CIDR ranges of the reverse proxies/);
    },
  );

  describe('per-address limits behind a proxy', () => {
    let t: TestApp | null = null;
    afterEach(async () => {
      await t?.close();
      t = null;
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Asks for a reset email as if from `forwarded` (the X-Forwarded-For header). */
    const askReset = (app: TestApp, n: number, forwarded: string) =>
      fetch(
        `${app.baseUrl}/lms/api/PasswordReset/VALIDATE_EMAIL/nobody${n}%40example.test?fromStudentpanel=true`,
        { headers: { 'x-forwarded-for': forwarded } },
      );

    it('through a trusted proxy, a forged first entry does not escape the limit of the real address', async () => {
      // The test's requests come from 127.0.0.1: the proxy, as nginx on the same machine would be.
      t = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
      await buildLms(t.db, { lmsCode: 'main' });
      // The proxy appends the address it saw (203.0.113.7); the client forged what came before.
      for (let n = 0; n < 10; n += 1) {
        expect((await askReset(t, n, `198.51.100.${n}, 203.0.113.7`)).status).toBe(200);
      }
      expect((await askReset(t, 10, '198.51.100.99, 203.0.113.7')).status).toBe(429);
      // Another client behind the same proxy is not limited.
      expect((await askReset(t, 11, '198.51.100.1, 203.0.113.8')).status).toBe(200);
    });

    it('from an untrusted sender, X-Forwarded-For is ignored altogether', async () => {
      t = await createTestApp({ config: { trustProxy: ['10.0.0.1'] } });
      await buildLms(t.db, { lmsCode: 'main' });
      for (let n = 0; n < 10; n += 1) {
        expect((await askReset(t, n, `203.0.113.${n}`)).status).toBe(200);
      }
      // Every request came from 127.0.0.1, whatever the header said.
      expect((await askReset(t, 10, '203.0.113.200')).status).toBe(429);
    });
  });
});
