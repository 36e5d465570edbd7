import { expect } from '@playwright/test';
import { waypoint } from './cli.js';

/** An email as `waypoint outbox --json` lists it. */
export interface OutboxEmail {
  emailKey: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Every email in the outbox to this address, oldest first. */
export function emailsTo(address: string): OutboxEmail[] {
  return waypoint<{ emails: OutboxEmail[] }>('outbox', '--to', address, '--limit', '50').emails;
}

/** Waits for an email to the address newer than `after` (an emailKey) and returns it. */
export async function nextEmail(address: string, after = 0): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      () => {
        found = emailsTo(address)
          .filter((email) => email.emailKey > after)
          .at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, message: `an email to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The newest emailKey to the address, or 0. */
export function lastEmailKey(address: string): number {
  return emailsTo(address).at(-1)?.emailKey ?? 0;
}

/** The six-digit MFA code in an email. */
export function codeIn(email: OutboxEmail): string {
  const match = /\b(\d{6})\b/.exec(email.text);
  if (!match?.[1]) throw new Error(`No six-digit code in: ${email.text}`);
  return match[1];
}

/** The first link in an email, as a path on the server (the e2e server's host may differ). */
export function linkIn(email: OutboxEmail): string {
  const match = /https?:\/\/\S+/.exec(email.text);
  if (!match) throw new Error(`No link in: ${email.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
