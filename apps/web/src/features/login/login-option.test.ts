import { describe, expect, it } from 'vitest';
import { showsWaypointLoginOption } from './login-option';

describe('the Waypoint-login option (§2 Login screen, hideCPaTLogin; ADR 0010)', () => {
  it.each([
    [0, true],
    [-1, true],
    [1, false],
    [2, false],
    [null, false],
    [undefined, false],
  ])('hideCPaTLogin %s -> shown %s', (value, shown) => {
    expect(showsWaypointLoginOption(value)).toBe(shown);
  });
});
