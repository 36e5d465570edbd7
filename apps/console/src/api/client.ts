/**
 * The console's one HTTP client: every call of the contract (@waypoint/domain/contract) goes
 * through send(). It adds the sessionID header (session-store.ts) and the X-XSRF-TOKEN echo of the
 * CONSOLE-XSRF-TOKEN cookie, sends and reads JSON, and turns every failure into an ApiError with
 * the server's message. A 401 on any call but a sign-in ends the session: the listeners of
 * onSessionEnded hear it once and the app goes to the sign-in page (app/session-guard.tsx).
 */
import { type ApiCall } from '@waypoint/domain/contract';
import { CONSOLE_XSRF_COOKIE } from '@waypoint/domain/console-contract';
import { currentSessionId } from './session-store';

/** The service base path; every contract path is relative to it. */
export const SERVICE_BASE = '/lms';

/** What the console says when a request got no answer at all. */
export const NO_ANSWER_MESSAGE = 'The server did not answer. Check your connection and try again.';

/** A failed call: the status (0 when there was no answer) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly responseBody: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-encoded unless it is FormData or a Blob (uploads), which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** 'text' for calls whose answer is plain text. */
  responseType?: 'json' | 'text';
  /**
   * A sign-in call: its 401 means wrong credentials, not a session that ended, so the
   * session-ended signal is not fired.
   */
  credentialCheck?: boolean;
  signal?: AbortSignal;
}

type SessionEndedListener = (detail: { path: string }) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Subscribes to 'a call was answered 401': the session has ended. Returns the unsubscribe. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Reads a cookie the page can read (the XSRF token). */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The headers every call carries: the session, the XSRF echo, JSON. */
export function consoleHeaders(extra: Record<string, string> = {}, body?: unknown): Headers {
  const headers = new Headers(extra);
  const raw = body instanceof FormData || body instanceof Blob;
  if (body !== undefined && !raw && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json');
  const sessionId = currentSessionId();
  if (sessionId && !headers.has('sessionID')) headers.set('sessionID', sessionId);
  const xsrf = readCookie(CONSOLE_XSRF_COOKIE);
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  return headers;
}

/** The server's message from an error body: {message}, a list of them, or plain text. */
export function serverMessage(body: unknown): string {
  if (typeof body === 'string') return body.trim().startsWith('<') ? '' : body.trim();
  if (Array.isArray(body)) return body.map(serverMessage).filter(Boolean).join('\n');
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  return '';
}

/** The message shown for a failed call when the server gave none. */
function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Wait a moment and try again.';
  return `The server could not do this (status ${status}).`;
}

function parse(text: string, type: 'json' | 'text'): unknown {
  if (type === 'text' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error for a non-2xx answer; fires the session-ended signal on a 401 (not for sign-ins). */
function failure(status: number, body: unknown, path: string, credentialCheck = false): ApiError {
  if (status === 401 && !credentialCheck)
    for (const listener of [...sessionEndedListeners]) listener({ path });
  return new ApiError(status, serverMessage(body) || fallbackMessage(status), body);
}

/** Sends one request below the service base; the answer's body, or an ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body } = options;
  const raw = body instanceof FormData || body instanceof Blob;
  let response: Response;
  try {
    response = await fetch(`${SERVICE_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers: consoleHeaders(options.headers, body),
      credentials: 'same-origin',
      signal: options.signal,
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NO_ANSWER_MESSAGE);
  }
  const answer = parse(await response.text(), options.responseType ?? 'json');
  if (!response.ok) throw failure(response.status, answer, path, options.credentialCheck);
  return answer as T;
}

/** Options of one contract call: its method, path and answer type come from the contract. */
export type CallOptions<Body> = Omit<RequestOptions, 'method' | 'body' | 'responseType'> &
  ([Body] extends [undefined] ? { body?: undefined } : { body: Body });

/** Calls one API of the contract with its path arguments; the typed answer, or an ApiError. */
export function send<Args extends readonly unknown[], Response, Body>(
  call: ApiCall<Args, Response, Body>,
  args: Args,
  ...[options]: [Body] extends [undefined] ? [CallOptions<Body>?] : [CallOptions<Body>]
): Promise<Response> {
  return request<Response>(call.path(...args), {
    ...options,
    method: call.method,
    responseType: call.responseType ?? 'json',
  });
}

/**
 * Uploads a file or form to one contract call with progress (fetch reports none for uploads):
 * onProgress gets 0 to 100 as the bytes go. The answer's body, or an ApiError like send().
 */
export function upload<Args extends readonly unknown[], Response, Body>(
  call: ApiCall<Args, Response, Body>,
  args: Args,
  body: FormData | Blob,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<Response> {
  const path = call.path(...args);
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method, `${SERVICE_BASE}${path}`);
    consoleHeaders(
      body instanceof Blob && body.type ? { 'Content-Type': body.type } : {},
      body,
    ).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const answer = parse(xhr.responseText, call.responseType ?? 'json');
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as Response);
      else reject(failure(xhr.status, answer, path));
    };
    xhr.onerror = () => reject(new ApiError(0, NO_ANSWER_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
