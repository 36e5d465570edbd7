import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit random token, base64url (session ids, reset tokens, MFA ids, device cookies). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** HMAC-SHA-256 of a value with a server secret, base64url. */
export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}

/** Compares two strings in constant time (for their length). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
