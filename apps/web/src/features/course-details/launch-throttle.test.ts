import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLaunchThrottle, LAUNCH_RETRY_MS, LAUNCH_THROTTLE_MS } from './launch-throttle';

describe('launch click throttle (§4 step 1: 60 s throttle, 5 s delayed retry)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('"the first click acts"', () => {
    const act = vi.fn();
    const throttle = createLaunchThrottle(act);
    expect(throttle.click('a')).toBe('acted');
    expect(act).toHaveBeenCalledWith('a');
  });

  it('"further clicks are ignored for 60 s; repeated clicks restart a 5 s delayed attempt"', () => {
    const act = vi.fn();
    const throttle = createLaunchThrottle(act);
    throttle.click('a');
    vi.advanceTimersByTime(1_000);
    expect(throttle.click('b')).toBe('delayed');
    vi.advanceTimersByTime(LAUNCH_RETRY_MS - 1_000);
    expect(throttle.click('c')).toBe('delayed'); // restarts the 5 s wait
    vi.advanceTimersByTime(LAUNCH_RETRY_MS - 1);
    expect(act).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(act).toHaveBeenCalledTimes(2);
    expect(act).toHaveBeenLastCalledWith('c');
  });

  it('acts at once again after 60 s', () => {
    const act = vi.fn();
    const throttle = createLaunchThrottle(act);
    throttle.click('a');
    vi.advanceTimersByTime(LAUNCH_THROTTLE_MS);
    expect(throttle.click('b')).toBe('acted');
    expect(act).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the pending attempt', () => {
    const act = vi.fn();
    const throttle = createLaunchThrottle(act);
    throttle.click('a');
    throttle.click('b');
    expect(throttle.pending()).toBe(true);
    throttle.cancel();
    vi.advanceTimersByTime(LAUNCH_RETRY_MS * 2);
    expect(act).toHaveBeenCalledTimes(1);
  });
});
