import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the server took: every envelope recipient (To and Cc alike) and its raw text. */
export interface ReceivedEmail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:port, for the app's smtpUrl. */
  url: string;
  /** Every message taken, in order. */
  received: ReceivedEmail[];
  /** The messages one address received. */
  to(address: string): ReceivedEmail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps what it takes. `refuse` is asked at each
 * recipient; true answers 451 (a temporary refusal), as a busy server would.
 */
export async function startTestSmtp(
  options: { refuse?: (address: string) => boolean } = {},
): Promise<TestSmtp> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) callback(new Error('451 Try again later'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to: (address) => received.filter((message) => message.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
