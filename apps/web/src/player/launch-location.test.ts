import { afterEach, describe, expect, it } from 'vitest';
import { takeLaunchFromLocation, TOKEN_STORAGE_PREFIX } from './launch-location';

const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy';

describe('the launch token (player contract, Origins)', () => {
  afterEach(() => {
    sessionStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('reads the token from the hash, removes the hash and keeps the token for this tab', () => {
    history.replaceState(null, '', `/player/L-42?x=1#${TOKEN}`);
    expect(takeLaunchFromLocation(window)).toEqual({ launchId: 'L-42', token: TOKEN });
    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/player/L-42?x=1');
    expect(sessionStorage.getItem(`${TOKEN_STORAGE_PREFIX}L-42`)).toBe(TOKEN);
  });

  it('"a reload of the player window keeps working": no hash, token from sessionStorage', () => {
    sessionStorage.setItem(`${TOKEN_STORAGE_PREFIX}L-42`, TOKEN);
    history.replaceState(null, '', '/player/L-42');
    expect(takeLaunchFromLocation(window)).toEqual({ launchId: 'L-42', token: TOKEN });
  });

  it("does not use another launch's token", () => {
    sessionStorage.setItem(`${TOKEN_STORAGE_PREFIX}L-1`, TOKEN);
    history.replaceState(null, '', '/player/L-2');
    expect(takeLaunchFromLocation(window)).toEqual({ launchId: 'L-2', token: null });
  });

  it('a hash that is not a token is removed and ignored', () => {
    history.replaceState(null, '', '/player/L-3#not a token!');
    expect(takeLaunchFromLocation(window)).toEqual({ launchId: 'L-3', token: null });
    expect(location.hash).toBe('');
  });

  it('an address that is not a player address has no launch', () => {
    history.replaceState(null, '', `/elsewhere#${TOKEN}`);
    expect(takeLaunchFromLocation(window)).toEqual({ launchId: null, token: null });
  });
});
