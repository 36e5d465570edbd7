/**
 * How one call of the API contract is declared (spec §7; docs/decisions/0008): its method, the
 * server's route pattern, the client's path builder, and the types of its body and answer. The
 * TypeBox schemas sit beside each call in its area's module and are what the server validates and
 * serialises with; the types here are derived from them (Static), so a field changed in a schema
 * is a compile error in the route that answers it and in the panel that reads it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of the contract. Response and Body exist only as types (never at run time). */
export interface ApiCall<Args extends readonly unknown[], Response, Body = undefined> {
  readonly method: HttpMethod;
  /** The server's route pattern, below the service base /lms (`/api/Login/:sessionId`). */
  readonly route: string;
  /** The address the client calls, below the service base, with every value encoded. */
  readonly path: (...args: Args) => string;
  /** 'text' for calls whose answer is plain text (the start-launch post's launch id). */
  readonly responseType?: 'json' | 'text';
  /** Type-only marker of the 200 answer's body. */
  readonly response?: Response;
  /** Type-only marker of the request body. */
  readonly body?: Body;
}

/** The answer body type of a call. */
export type ResponseOf<C> = C extends ApiCall<readonly unknown[], infer R, unknown> ? R : never;
/** The request body type of a call. */
export type BodyOf<C> = C extends ApiCall<readonly unknown[], unknown, infer B> ? B : never;
/** The path builder's arguments of a call. */
export type ArgsOf<C> = C extends ApiCall<infer A, unknown, unknown> ? A : never;

/**
 * Declares a call whose answer is Response (and request body Body): `defineCall<Answer>()({...})`.
 * Curried so that the path arguments are inferred while the answer type is given.
 */
export function defineCall<Response, Body = undefined>() {
  return <Args extends readonly unknown[]>(call: {
    method: HttpMethod;
    route: string;
    path: (...args: Args) => string;
    responseType?: 'json' | 'text';
  }): ApiCall<Args, Response, Body> => call;
}

/** Encodes one path segment or query value. */
export const enc = (value: string | number | boolean): string => encodeURIComponent(value);
