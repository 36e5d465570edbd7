import type { Clock } from '../lib/clock.js';

/** A clock tests can move forward, to cross expiry windows (sessions, codes, tokens) at once. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
