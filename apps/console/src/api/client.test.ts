import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consoleSessionCalls,
  CONSOLE_SESSION_STORAGE_KEY,
} from '@waypoint/domain/console-contract';
import { mockFetch } from '../test/fetch-mock';
import { ApiError, NO_ANSWER_MESSAGE, onSessionEnded, request, send } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'CONSOLE-XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('console API client', () => {
  it('sends the session id, the XSRF echo of its cookie and JSON', async () => {
    window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
    document.cookie = 'CONSOLE-XSRF-TOKEN=tok%2Fen; path=/';
    const requests = mockFetch({
      'POST /lms/api/console/things': { status: 200, body: { ok: 1 } },
    });
    await expect(
      request('/api/console/things', { method: 'POST', body: { name: 'x' } }),
    ).resolves.toEqual({ ok: 1 });
    const [sent] = requests;
    expect(sent?.headers.get('sessionID')).toBe('session-abc');
    expect(sent?.headers.get('X-XSRF-TOKEN')).toBe('tok/en');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(sent?.body).toBe('{"name":"x"}');
  });

  it("answers a contract call's body, and any failure as an ApiError with the server's message", async () => {
    mockFetch({ 'GET /lms/api/console/me': { status: 403, body: { message: 'Not yours.' } } });
    const failure = await send(consoleSessionCalls.me, []).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 403, message: 'Not yours.' });
  });

  it('words a failure the server did not explain, and no answer at all', async () => {
    mockFetch({
      '/lms/api/a': { status: 429, body: '' },
      '/lms/api/b': new TypeError('Failed to fetch'),
    });
    await expect(request('/api/a')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many requests. Wait a moment and try again.',
    });
    await expect(request('/api/b')).rejects.toMatchObject({
      statusCode: 0,
      message: NO_ANSWER_MESSAGE,
    });
  });

  it('tells the app a 401 ended the session, except for a sign-in call', async () => {
    mockFetch({ '/lms/api/x': { status: 401, body: { message: 'Session ended.' } } });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(request('/api/x', { credentialCheck: true })).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
    await expect(request('/api/x')).rejects.toMatchObject({ statusCode: 401 });
    expect(ended).toHaveBeenCalledWith({ path: '/api/x' });
    stop();
  });
});
