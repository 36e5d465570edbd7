import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, mockFetch } from '../test/fetch-mock';
import { readCookie } from './cookies';
import { localStore } from './storage';
import {
  findSession,
  getState,
  logout,
  resetStoreForTests,
  savePendingMfa,
  setNavigator,
  setSignedIn,
} from './store';
import type { UserDetails } from '../api/types';

const user = {
  lmsKey: 1,
  userKey: 9,
  userID: 'student',
  sessionID: 'session-1',
  nameOther: 'Sam',
  nameCollated: 'Carter',
} as UserDetails;

describe('store', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
    clearCookies();
    resetStoreForTests();
  });

  it('keeps a signed-in user in storage and both cookies', () => {
    setSignedIn(user);
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toMatchObject({ userKey: 9 });
    expect(readCookie('sessionID')).toBe('session-1');
    expect(JSON.parse(readCookie('currentUser')!)).toMatchObject({ userID: 'student' });
    expect(findSession()).toBe('session-1');
  });

  it('logout ends the server session, clears storage, cookies and session storage, then goes to login', async () => {
    const requests = mockFetch({ 'DELETE /lms/api/Login': { status: 204 } });
    const navigate = vi.fn();
    setNavigator(navigate);
    setSignedIn(user);
    savePendingMfa({ mfaID: 'x', rememberDays: 1 });
    localStorage.setItem('avoidUnnecessaryLoads', 'true');
    await logout();
    expect(requests[0]!.headers.get('sessionID')).toBe('session-1');
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('avoidUnnecessaryLoads')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(readCookie('sessionID')).toBeNull();
    expect(readCookie('currentUser')).toBeNull();
    expect(getState().sessionId).toBeNull();
    expect(findSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('falls back to cookies when local storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    localStore.set('avoidUnnecessaryLoads', 'true');
    expect(readCookie('avoidUnnecessaryLoads')).toBe('true');
    expect(localStore.get('avoidUnnecessaryLoads')).toBe('true');
  });
});
