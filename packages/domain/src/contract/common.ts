/**
 * Schemas shared by every area of the contract: keys in paths, the platform's error body, and a
 * short message body. One definition each, so bad input is refused the same way everywhere.
 */
import { Type, type Static } from 'typebox';

/** A database key in a path or body: a whole number within PostgreSQL's integer range. */
export const Key = Type.Integer({ minimum: 0, maximum: 2147483647 });

/**
 * Text from a client: no control characters (NUL above all, which PostgreSQL cannot store), at
 * most maxLength characters. Every free-text path, query, header and body field uses it.
 */
export const Text = (options: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ maxLength: 1000, ...options, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/**
 * URL-encoded text (the login headers' *Encoded twins, spec §7): the same rule applied to what it
 * decodes to, so `%00` or `%1F` is refused before any code decodes it. A malformed escape passes
 * here, so that the service can say which value is not valid URI encoding.
 */
export const EncodedText = (options: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({
    maxLength: 3000,
    ...options,
    pattern: '^(?:[^%\\u0000-\\u001f\\u007f]|%(?![01][0-9A-Fa-f]|7[Ff]))*$',
  });

/** The {lmsKey}/{userKey} pair of a student's paths (checked against the session). */
export const StudentPath = Type.Object({ lmsKey: Key, userKey: Key });
export type StudentPath = Static<typeof StudentPath>;

/** The platform's error body (every 4xx and 5xx). */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Error answers for the given status codes, for a route's response schemas. */
export const errorResponses = (...codes: number[]): Record<number, typeof ErrorBody> =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody]));

/** A short success or rule message ({statusCode, message}). */
export const MessageBody = Type.Object({ statusCode: Type.Integer(), message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;
