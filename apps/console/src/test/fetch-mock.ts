import { vi } from 'vitest';

/** A request made through the mocked fetch. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Reply = { status: number; body?: unknown } | Error;

/**
 * Replaces fetch with a mock answering by 'METHOD /lms/path' (or '/lms/path' for any method);
 * a function entry answers from the request. Returns the requests made, in order.
 */
export function mockFetch(replies: Record<string, Reply | ((request: RecordedRequest) => Reply)>) {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const request: RecordedRequest = {
        url: input,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : null,
      };
      requests.push(request);
      const entry = replies[`${request.method} ${input}`] ?? replies[input];
      const reply = typeof entry === 'function' ? entry(request) : entry;
      if (!reply) return new Response(JSON.stringify({ message: 'not mocked' }), { status: 500 });
      if (reply instanceof Error) throw reply;
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      return new Response(reply.status === 204 ? null : text, { status: reply.status });
    }),
  );
  return requests;
}
