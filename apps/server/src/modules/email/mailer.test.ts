import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.js';
import { createTestDatabase } from '../../test/database.js';
import { createMailer } from './mailer.js';
import { listOutbox } from './repo.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mailer', () => {
  let handle: DatabaseHandle;
  let server: SMTPServer;
  let smtpUrl: string;
  const received: Received[] = [];
  const mailFrom = 'Waypoint Test <no-reply@waypoint.example.com>';

  beforeAll(async () => {
    handle = await createTestDatabase();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        // A mailbox that does not exist, to see a refused message recorded as failed.
        if (address.address.startsWith('nobody@')) callback(new Error('550 No such user'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
  });

  it('sends through a real SMTP server (SMTP_URL) and marks the outbox row sent', async () => {
    const mailer = createMailer(handle.db, { smtpUrl, mailFrom });
    await mailer.send({
      lmsKey: null,
      to: 'sam.carter@example.com',
      subject: 'Your Waypoint sign-in code',
      text: 'Your sign-in code is 482913.',
    });
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.from).toBe('no-reply@waypoint.example.com');
    expect(message.to).toEqual(['sam.carter@example.com']);
    expect(message.raw).toMatch(/^Subject: Your Waypoint sign-in code\r?$/m);
    expect(message.raw).toMatch(/^To: sam\.carter@example\.com\r?$/m);
    expect(message.raw).toContain('Your sign-in code is 482913.');
    const [row] = await listOutbox(handle.db, 'sam.carter@example.com');
    expect(row?.sentAt).not.toBeNull();
  });

  it('records a refused message as failed and tells the caller', async () => {
    const mailer = createMailer(handle.db, { smtpUrl, mailFrom });
    await expect(
      mailer.send({ lmsKey: null, to: 'nobody@example.com', subject: 'Hello', text: 'Hi' }),
    ).rejects.toThrow();
    const row = await handle.db
      .selectFrom('emailOutbox')
      .select(['sentAt', 'error'])
      .where('toAddress', '=', 'nobody@example.com')
      .executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
    expect(row.error).toContain('No such user');
  });

  it('without SMTP_URL keeps emails in the outbox, readable by address (any case), oldest first', async () => {
    const mailer = createMailer(handle.db, { smtpUrl: null, mailFrom });
    const before = received.length;
    await mailer.send({
      lmsKey: null,
      to: 'Priya.Natarajan@example.com',
      subject: 'First',
      text: 'One',
    });
    await mailer.send({
      lmsKey: null,
      to: 'someone@example.com',
      subject: 'Elsewhere',
      text: 'Two',
    });
    await mailer.send({
      lmsKey: null,
      to: 'priya.natarajan@example.com',
      subject: 'Second',
      text: 'Three',
    });
    expect(received.length).toBe(before);
    const emails = await listOutbox(handle.db, 'PRIYA.natarajan@example.com');
    expect(emails.map((email) => [email.subject, email.textBody, email.sentAt])).toEqual([
      ['First', 'One', null],
      ['Second', 'Three', null],
    ]);
    expect((await listOutbox(handle.db, null, 2)).map((email) => email.subject)).toEqual([
      'Elsewhere',
      'Second',
    ]);
  });
});
