/**
 * The offline player, started online, sends what waits on the device for its lesson
 * (docs/decisions/0024: a sync at every start), and keeps retrying while its window is open.
 */
import { openOfflineDb } from './db';
import { syncGrant } from './sync';
import { SyncScheduler } from './sync-scheduler';

export async function syncFromPlayer(grantId: string, win: Window = window): Promise<void> {
  const db = await openOfflineDb();
  const scheduler = new SyncScheduler({
    run: async () => [await syncGrant({ db }, grantId)],
    win,
  });
  await scheduler.request();
}
