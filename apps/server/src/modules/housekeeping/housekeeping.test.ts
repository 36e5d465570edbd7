import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { createMailer } from '../email/mailer.js';
import { EMAIL_MAX_ATTEMPTS, retryRefusedEmails } from '../email/service.js';
import { purgeExpired } from './service.js';

const MINUTE = 60 * 1000;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('housekeeping: what has expired is deleted once it can no longer matter', () => {
  let t: TestApp;
  let userKey: number;
  let lmsKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    lmsKey = (await buildLms(t.db, { lmsCode: 'tidy' })).lmsKey;
    userKey = (await buildUser(t.db, lmsKey, { userId: 'keeper' })).userKey;
  });
  afterAll(() => t.close());

  const at = (msAgo: number) => new Date(t.clock.now().getTime() - msAgo);

  it('sessions a month after they end or expire; codes, links and limits a day after', async () => {
    const session = (hash: string, endedMsAgo: number | null, expiresMsAgo: number) =>
      t.db
        .insertInto('userSession')
        .values({
          sessionHash: hash,
          userKey,
          lmsKey,
          createdAt: at(40 * DAY),
          lastSeenAt: at(40 * DAY),
          expiresAt: at(expiresMsAgo),
          endedAt: endedMsAgo === null ? null : at(endedMsAgo),
        })
        .execute();
    await session('ended-long-ago', 31 * DAY, -HOUR);
    await session('expired-long-ago', null, 31 * DAY);
    await session('ended-last-week', 7 * DAY, -HOUR);
    await session('open', null, -HOUR);
    await t.db
      .insertInto('passwordToken')
      .values([
        {
          tokenHash: 'used',
          userKey,
          purpose: 'reset',
          createdAt: at(3 * DAY),
          expiresAt: at(-DAY),
          usedAt: at(2 * DAY),
        },
        {
          tokenHash: 'expired',
          userKey,
          purpose: 'reset',
          createdAt: at(3 * DAY),
          expiresAt: at(2 * DAY),
          usedAt: null,
        },
        {
          tokenHash: 'live',
          userKey,
          purpose: 'register',
          createdAt: at(HOUR),
          expiresAt: at(-DAY),
          usedAt: null,
        },
      ])
      .execute();
    await t.db
      .insertInto('rateLimit')
      .values([
        { bucket: 'old', hits: 3, windowEndsAt: at(2 * DAY) },
        { bucket: 'current', hits: 3, windowEndsAt: at(-HOUR) },
      ])
      .execute();
    await t.db
      .insertInto('rememberedDevice')
      .values([
        { deviceHash: 'gone', userKey, createdAt: at(40 * DAY), expiresAt: at(HOUR) },
        { deviceHash: 'kept', userKey, createdAt: at(HOUR), expiresAt: at(-30 * DAY) },
      ])
      .execute();

    const purged = await purgeExpired(t);
    expect(purged).toMatchObject({
      sessions: 2,
      passwordTokens: 2,
      rateLimits: 1,
      rememberedDevices: 1,
    });
    const sessions = await t.db.selectFrom('userSession').select('sessionHash').execute();
    expect(sessions.map((row) => row.sessionHash).sort()).toEqual(['ended-last-week', 'open']);
    const tokens = await t.db.selectFrom('passwordToken').select('tokenHash').execute();
    expect(tokens.map((row) => row.tokenHash)).toEqual(['live']);
    const limits = await t.db.selectFrom('rateLimit').select('bucket').execute();
    expect(limits.map((row) => row.bucket)).toEqual(['current']);
    const devices = await t.db.selectFrom('rememberedDevice').select('deviceHash').execute();
    expect(devices.map((row) => row.deviceHash)).toEqual(['kept']);
    // Nothing left to do: a second pass deletes nothing.
    expect(Object.values(await purgeExpired(t)).every((count) => count === 0)).toBe(true);
  });
});

describe('housekeeping: emails the SMTP server refused are sent again with backoff', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let smtpUrl: string;
  let refuse = true;
  const received: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse) callback(new Error('451 Try again later'));
        else {
          received.push(address.address);
          callback();
        }
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  const config = () => ({ smtpUrl, mailFrom: 'Waypoint <no-reply@waypoint.test>' });
  const retry = () => retryRefusedEmails({ db: t.db, clock: t.clock, config: config() });
  const row = (to: string) =>
    t.db
      .selectFrom('emailOutbox')
      .select(['attempts', 'sentAt', 'nextAttemptAt', 'error'])
      .where('toAddress', '=', to)
      .executeTakeFirstOrThrow();

  it('a refused reset link goes out on a later try, once', async () => {
    refuse = true;
    const mailer = createMailer(t.db, config(), () => {});
    await expect(
      mailer.send({ lmsKey: null, to: 'late@example.test', subject: 'Reset', text: 'link' }),
    ).rejects.toThrow();
    expect(await row('late@example.test')).toMatchObject({ attempts: 1, sentAt: null });
    // The first retry is 2 minutes on; the second 4 after that.
    expect(await retry()).toEqual({ sent: 0, refused: 0 });
    t.clock.advance(3 * MINUTE);
    expect(await retry()).toEqual({ sent: 0, refused: 1 });
    expect(await row('late@example.test')).toMatchObject({ attempts: 2, sentAt: null });
    t.clock.advance(2 * MINUTE);
    expect(await retry()).toEqual({ sent: 0, refused: 0 });
    refuse = false;
    t.clock.advance(3 * MINUTE);
    expect(await retry()).toEqual({ sent: 1, refused: 0 });
    expect(received).toEqual(['late@example.test']);
    expect(await row('late@example.test')).toMatchObject({ attempts: 3, nextAttemptAt: null });
    t.clock.advance(60 * MINUTE);
    expect(await retry()).toEqual({ sent: 0, refused: 0 });
    expect(received).toEqual(['late@example.test']);
  });

  it(`gives up after ${EMAIL_MAX_ATTEMPTS} tries`, async () => {
    refuse = true;
    const mailer = createMailer(t.db, config(), () => {});
    await expect(
      mailer.send({ lmsKey: null, to: 'never@example.test', subject: 'Code', text: '123456' }),
    ).rejects.toThrow();
    for (let i = 0; i < 10; i += 1) {
      t.clock.advance(40 * MINUTE);
      await retry();
    }
    expect(await row('never@example.test')).toMatchObject({
      attempts: EMAIL_MAX_ATTEMPTS,
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(received).not.toContain('never@example.test');
  });
});
