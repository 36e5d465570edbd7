/**
 * §8 ("Any request with HTTP 401 or status 0: the session-invalidated signal fires") read with
 * ADR 0024 "Offline panel": a status 0 while the browser is offline, or while the student's data is
 * kept on the device, is the network; a 401 is still a lost session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { ApiError, OfflineError, request } from './client';
import {
  isOffline,
  PROBE_INTERVAL_MS,
  resetConnectionForTests,
  setKeptDataCheck,
  setReachabilityProbe,
} from './connection';
import { onSessionInvalidated, resetSessionInvalidated } from './session-events';

const browserOnline = (online: boolean) =>
  vi.spyOn(Navigator.prototype, 'onLine', 'get').mockReturnValue(online);

describe('status 0 and 401 while offline', () => {
  const signals: number[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    signals.length = 0;
    resetSessionInvalidated();
    unsubscribe = onSessionInvalidated((detail) => signals.push(detail.statusCode));
  });
  afterEach(() => {
    unsubscribe();
    resetConnectionForTests();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('the browser offline: no answer is "offline", with no signal and the offline message', async () => {
    browserOnline(false);
    mockFetch({ '/lms/api/x': new TypeError('Failed to fetch') });
    const error = await request('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OfflineError);
    expect(error).toMatchObject({
      statusCode: 0,
      message: 'This needs a connection. You are offline.',
    });
    expect(signals).toEqual([]);
    expect(isOffline()).toBe(true);
  });

  it('online with no kept data: status 0 fires the signal (§8 as it is)', async () => {
    browserOnline(true);
    mockFetch({ '/lms/api/x': new TypeError('Failed to fetch') });
    const error = await request('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(OfflineError);
    expect(signals).toEqual([0]);
    expect(isOffline()).toBe(false);
  });

  it('online with kept data: status 0 is an unreachable server, until any answer', async () => {
    browserOnline(true);
    setKeptDataCheck(() => true);
    let up = false;
    mockFetch({
      '/lms/api/x': () => (up ? { status: 200, body: {} } : new TypeError('Failed to fetch')),
    });
    await expect(request('/api/x')).rejects.toBeInstanceOf(OfflineError);
    expect(signals).toEqual([]);
    expect(isOffline()).toBe(true);
    up = true;
    await request('/api/x');
    expect(isOffline()).toBe(false);
  });

  it('while unreachable the probe asks the server again until it answers', async () => {
    vi.useFakeTimers();
    browserOnline(true);
    setKeptDataCheck(() => true);
    const probe = vi.fn(() => request('/now'));
    setReachabilityProbe(probe);
    let up = false;
    mockFetch({
      '/lms/api/x': new TypeError('Failed to fetch'),
      '/lms/now': () => (up ? { status: 200, body: { now: 1 } } : new TypeError('Failed to fetch')),
    });
    await expect(request('/api/x')).rejects.toBeInstanceOf(OfflineError);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(isOffline()).toBe(true);
    up = true;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(isOffline()).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(signals).toEqual([]);
  });

  it('a 401 with a network still fires the signal, kept data or not', async () => {
    browserOnline(true);
    setKeptDataCheck(() => true);
    mockFetch({ '/lms/api/x': { status: 401, body: { message: 'Session expired' } } });
    await expect(request('/api/x')).rejects.toMatchObject({ statusCode: 401 });
    expect(signals).toEqual([401]);
    expect(isOffline()).toBe(false);
  });
});
