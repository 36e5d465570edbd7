/**
 * The launch button's click throttle (spec §4 Lesson launch flow step 1, §9): "the first click
 * acts; further clicks are ignored for 60 s; repeated clicks in that window restart a 5 s delayed
 * attempt."
 */
export const LAUNCH_THROTTLE_MS = 60_000;
export const LAUNCH_RETRY_MS = 5_000;

export interface LaunchThrottle<T> {
  /** 'acted' when the click launched now, 'delayed' when it (re)started the 5 s attempt. */
  click(arg: T): 'acted' | 'delayed';
  /** Drops a pending delayed attempt. */
  cancel(): void;
  /** True while a delayed attempt is waiting. */
  pending(): boolean;
}

/** Wraps `act` in the throttle; `now` is injectable for tests. */
export function createLaunchThrottle<T>(
  act: (arg: T) => void,
  now: () => number = Date.now,
): LaunchThrottle<T> {
  let lastActed = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    click(arg) {
      cancel();
      if (now() - lastActed >= LAUNCH_THROTTLE_MS) {
        lastActed = now();
        act(arg);
        return 'acted';
      }
      timer = setTimeout(() => {
        timer = null;
        lastActed = now();
        act(arg);
      }, LAUNCH_RETRY_MS);
      return 'delayed';
    },
    cancel,
    pending: () => timer !== null,
  };
}
