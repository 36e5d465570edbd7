import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, mockFetch } from '../test/fetch-mock';
import { ApiError, request } from './client';
import { setCredentialsProvider } from './credentials';
import { onSessionInvalidated, resetSessionInvalidated } from './session-events';

describe('api client', () => {
  const signals: number[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    signals.length = 0;
    resetSessionInvalidated();
    unsubscribe = onSessionInvalidated((detail) => signals.push(detail.statusCode));
    setCredentialsProvider(() => ({ sessionId: null, lmsKey: null, userKey: null }));
  });
  afterEach(() => {
    unsubscribe();
    clearCookies();
    vi.unstubAllGlobals();
  });

  it('sends JSON content type, the session headers and echoes the XSRF cookie', async () => {
    setCredentialsProvider(() => ({ sessionId: 'abc123', lmsKey: 7, userKey: 42 }));
    document.cookie = 'XSRF-TOKEN=tok%3Den; path=/';
    const requests = mockFetch({
      '/lms/api/permissions': { status: 200, body: { isStudent: true } },
    });
    const result = await request('/api/permissions');
    expect(result).toEqual({
      successfulApiCall: true,
      statusCode: 200,
      errorMsg: '',
      responseBody: { isStudent: true },
    });
    const headers = requests[0]!.headers;
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('sessionID')).toBe('abc123');
    expect(headers.get('X-LMS-Key')).toBe('7');
    expect(headers.get('X-User-Key')).toBe('42');
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok=en');
  });

  it('sends no session or key headers before sign-in and keeps a caller content type', async () => {
    const requests = mockFetch({ '/lms/api/x': { status: 200, body: {} } });
    await request('/api/x', { headers: { 'Content-Type': 'text/plain' } });
    const headers = requests[0]!.headers;
    expect(headers.get('content-type')).toBe('text/plain');
    expect(headers.has('sessionID')).toBe(false);
    expect(headers.has('X-LMS-Key')).toBe(false);
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('wraps a 4xx answer with the server message and does not fire the signal', async () => {
    mockFetch({
      '/lms/api/x': { status: 423, body: { statusCode: 423, message: 'Account locked.' } },
    });
    const result = await request('/api/x');
    expect(result).toMatchObject({
      successfulApiCall: false,
      statusCode: 423,
      errorMsg: 'Account locked.',
    });
    expect(signals).toEqual([]);
  });

  it('fires the session-invalidated signal on 401 and rethrows', async () => {
    mockFetch({ '/lms/api/x': { status: 401, body: { message: 'Session expired.' } } });
    await expect(request('/api/x')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Session expired.',
    });
    expect(signals).toEqual([401]);
  });

  it('fires the signal with status 0 when no answer comes, and rethrows', async () => {
    mockFetch({ '/lms/api/x': new TypeError('Failed to fetch') });
    const error = await request('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(0);
    expect(signals).toEqual([0]);
  });

  it('does not fire the signal for a credential check answered 401 (wrong password)', async () => {
    mockFetch({ 'POST /lms/api/Login': { status: 401, body: { message: 'Incorrect login.' } } });
    await expect(
      request('/api/Login', { method: 'POST', credentialCheck: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(signals).toEqual([]);
  });

  it('fires the signal once for a lost session, however many calls come back 401, until reset', async () => {
    mockFetch({ '/lms/api/x': { status: 401 }, '/lms/api/y': new TypeError('Failed to fetch') });
    const calls = [request('/api/x'), request('/api/y'), request('/api/x')];
    const results = await Promise.allSettled(calls);
    // Every call is still rethrown (§8); only the signal is not repeated.
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(signals).toHaveLength(1);
    resetSessionInvalidated();
    await request('/api/x').catch(() => undefined);
    expect(signals).toHaveLength(2);
  });
});
