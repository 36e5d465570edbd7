/**
 * The one HTTP client of the panel (spec §7): JSON content type, the sessionID / X-LMS-Key /
 * X-User-Key headers, the XSRF echo, and the generic wrapper result. A 401 or status 0 (no answer)
 * fires the session-invalidated signal and is rethrown as an ApiError; a status 0 that means
 * "offline" (connection.ts, ADR 0024 "Offline panel") is rethrown without the signal.
 */
import { OFFLINE_ACTION_MESSAGE } from '@waypoint/domain';
import type { ApiCall } from '@waypoint/domain/contract';
import { answered, noAnswer } from './connection';
import { currentCredentials } from './credentials';
import { SERVICE_BASE } from './paths';
import { emitSessionInvalidated } from './session-events';

/** The generic wrapper result of spec §7. On failure responseBody holds the server's error body. */
export type ApiResult<T> =
  | { successfulApiCall: true; statusCode: number; errorMsg: ''; responseBody: T }
  | { successfulApiCall: false; statusCode: number; errorMsg: string; responseBody: unknown };

/** Thrown for 401 and status 0 (after the signal fired), and by unwrap() for any failure. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly responseBody: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's message, under the wrapper result's name. */
  get errorMsg(): string {
    return this.message;
  }
}

/** Status 0 while the panel is offline (ADR 0024): no answer, and no session lost either. */
export class OfflineError extends ApiError {
  constructor() {
    super(0, OFFLINE_ACTION_MESSAGE, null);
    this.name = 'OfflineError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** 'text' for endpoints that answer plain text. */
  responseType?: 'json' | 'text';
  /**
   * For sign-in calls a 401 means wrong credentials, not a lost session: still rethrown, but the
   * session-invalidated signal is not fired (it would open the Invalid Connection pop-up).
   */
  credentialCheck?: boolean;
  /**
   * A public, body-less GET (spec §7 public info calls): sent with no headers of ours, so that it
   * is the very request index.html preloads and the browser answers it from that preload
   * (ADR 0012). The server resolves the LMS of these calls without a session.
   */
  bare?: boolean;
  signal?: AbortSignal;
}

/** Reads a cookie readable by the page (XSRF-TOKEN, sessionID, currentUser). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return part.slice(index + 1).trim();
      }
    }
  }
  return null;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  if (options.bare) return headers;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const { sessionId, lmsKey, userKey } = currentCredentials();
  if (sessionId && !headers.has('sessionID')) headers.set('sessionID', sessionId);
  if (lmsKey !== null && userKey !== null) {
    headers.set('X-LMS-Key', String(lmsKey));
    headers.set('X-User-Key', String(userKey));
  }
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  return headers;
}

async function readBody(response: Response, type: 'json' | 'text'): Promise<unknown> {
  const text = await response.text();
  if (type === 'text' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's message from an error body: {message}, a list of {message}, or plain text. */
export function serverMessage(body: unknown): string {
  if (typeof body === 'string') return body.trim().startsWith('<') ? '' : body;
  if (Array.isArray(body)) return serverMessages(body).join('\n');
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return '';
}

/** Every message of an error body: a list of {message}, {messages: string[]}, or one {message}. */
export function serverMessages(body: unknown): string[] {
  if (Array.isArray(body)) {
    return body
      .map((item: unknown) => (typeof item === 'string' ? item : serverMessage(item)))
      .filter((message) => message !== '');
  }
  if (body && typeof body === 'object' && 'messages' in body && Array.isArray(body.messages)) {
    return body.messages.filter((item): item is string => typeof item === 'string');
  }
  const single = serverMessage(body);
  return single ? [single] : [];
}

/** Sends one request to the service and wraps the answer (spec §7). */
export async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: buildHeaders(options),
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (options.body !== undefined) {
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${SERVICE_BASE}${path}`, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // Status 0: the request never got an answer. Offline it is the network, not the session
    // (ADR 0024 "Offline panel"); otherwise spec §8.
    if (noAnswer() === 'offline') throw new OfflineError();
    emitSessionInvalidated({ statusCode: 0, path });
    throw new ApiError(0, '', null);
  }
  answered();
  const body = await readBody(response, options.responseType ?? 'json');
  if (response.ok) {
    return {
      successfulApiCall: true,
      statusCode: response.status,
      errorMsg: '',
      responseBody: body as T,
    };
  }
  const errorMsg = serverMessage(body);
  if (response.status === 401) {
    if (!options.credentialCheck) emitSessionInvalidated({ statusCode: 401, path });
    throw new ApiError(401, errorMsg, body);
  }
  return { successfulApiCall: false, statusCode: response.status, errorMsg, responseBody: body };
}

/** The response body of a successful call; throws ApiError otherwise (for TanStack Query). */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.successfulApiCall) return result.responseBody;
  throw new ApiError(result.statusCode, result.errorMsg, result.responseBody);
}

/** Options of one contract call: the method, path and answer type come from the contract. */
export type CallOptions<Body> = Omit<RequestOptions, 'method' | 'body' | 'responseType'> &
  ([Body] extends [undefined] ? { body?: undefined } : { body: Body });

/** Calls one API of the contract (@waypoint/domain/contract) with its path arguments. */
export function send<Args extends readonly unknown[], Response, Body>(
  call: ApiCall<Args, Response, Body>,
  args: Args,
  ...[options]: [Body] extends [undefined] ? [CallOptions<Body>?] : [CallOptions<Body>]
): Promise<ApiResult<Response>> {
  return request<Response>(call.path(...args), {
    ...options,
    method: call.method,
    responseType: call.responseType ?? 'json',
  });
}
