import type { Clock } from '../lib/clock.js';

/** A clock tests can move forward, to cross expiry windows (sessions, codes, tokens) at once. */
export class TestClock implements Clock {
  private offsetMs = 0;
  /** Real time when the clock was stopped, or null while it follows real time. */
  private stoppedAt: number | null = null;
  now(): Date {
    return new Date((this.stoppedAt ?? Date.now()) + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /**
   * Stops the clock where it is (advance still moves it): a test that asserts "within the window"
   * must not fail because a busy machine took longer than the window between two requests.
   */
  stop(): void {
    this.stoppedAt ??= Date.now();
  }
  /** Follows real time again, from where it stood (no jump back or forward). */
  resume(): void {
    if (this.stoppedAt === null) return;
    this.offsetMs -= Date.now() - this.stoppedAt;
    this.stoppedAt = null;
  }
}
