/**
 * When syncs run outside a service worker's Background Sync (docs/decisions/0024): now, again
 * after a failure with backoff (1 s, 2 s, 4 s ... at most 30 s, as the player's commit queue),
 * at once when the browser says it is back online, and one at a time. A failure also registers
 * Background Sync where the browser has it, so the content service worker syncs even after every
 * page has closed.
 */
import { backoffDelayMs } from '../player/commit-queue';
import { BACKGROUND_SYNC_TAG, needsRetry, type GrantSyncResult } from './sync';

/** ServiceWorkerRegistration.sync (Background Sync), not in TypeScript's DOM library. */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks the content service worker to sync when the connection returns; false where it cannot. */
export async function registerBackgroundSync(
  nav: Navigator | undefined = globalThis.navigator,
): Promise<boolean> {
  try {
    const registration = await nav?.serviceWorker?.ready;
    const sync = (registration as { sync?: SyncManagerLike } | undefined)?.sync;
    if (!sync) return false;
    await sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

export interface SyncSchedulerOptions {
  run: () => Promise<GrantSyncResult[]>;
  delayMs?: (attempt: number) => number;
  onResults?: (results: GrantSyncResult[]) => void;
  registerBackgroundSync?: () => Promise<unknown>;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export class SyncScheduler {
  private running: Promise<GrantSyncResult[]> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private readonly onOnline = () => void this.request();

  constructor(private readonly options: SyncSchedulerOptions) {
    options.win?.addEventListener('online', this.onOnline);
  }

  /** Runs a sync now, or right after the one running; resolves with its results. */
  request(): Promise<GrantSyncResult[]> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.request();
      }
    });
    return this.running;
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.options.win?.removeEventListener('online', this.onOnline);
  }

  private async runOnce(): Promise<GrantSyncResult[]> {
    let results: GrantSyncResult[];
    try {
      results = await this.options.run();
    } catch (error) {
      console.error('Waypoint offline: the sync failed.', error);
      results = [];
      this.scheduleRetry();
      return results;
    }
    this.options.onResults?.(results);
    if (needsRetry(results)) this.scheduleRetry();
    else this.attempt = 0;
    return results;
  }

  private scheduleRetry(): void {
    void (this.options.registerBackgroundSync ?? registerBackgroundSync)();
    const delay = (this.options.delayMs ?? backoffDelayMs)(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.request();
    }, delay);
  }
}
