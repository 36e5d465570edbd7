/**
 * The offline player (docs/decisions/0024): a stored lesson opens from the device's store with
 * the real SCORM runtime, the save indicator says "Saved on this device", each commit is in the
 * IndexedDB queue before it counts as saved, the opening's first commit carries every stored
 * element the runtime started with, and an expired or missing lesson does not start.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootOfflinePlayer, type BootResult } from '../player/boot';
import { PlayerApp } from '../player/player-app';
import { openOfflineDb, type OfflineDb } from './db';
import {
  expiredMessage,
  NOT_STORED_MESSAGE,
  OFFLINE_NAVIGATION_MESSAGE,
  openOfflinePlayer,
} from './offline-player';
import { EMPTY_PROGRESS } from './opening';
import { pendingLaunches } from './queue';
import { freshIndexedDb, GRANT_ID, grantOf, packageOf, startOf } from './test-support';

let db: OfflineDb;
const booted: Array<Promise<BootResult>> = [];

beforeEach(async () => {
  freshIndexedDb();
  db = await openOfflineDb();
});

afterEach(async () => {
  for (const boot of booted.splice(0)) {
    const result = await boot;
    if (result.kind === 'ready') result.session.dispose();
  }
  delete window.API;
  db.close();
});

const suspended = startOf({
  stored: {
    ...EMPTY_PROGRESS,
    attempts: 1,
    cmi: {
      'cmi.core.exit': 'suspend',
      'cmi.core.lesson_location': 'page-4',
      'cmi.suspend_data': 'visited=1,2,3',
      'cmi.core.lesson_status': 'incomplete',
    },
  },
});

async function boot(grantId = GRANT_ID): Promise<BootResult> {
  const started = bootOfflinePlayer({
    grantId,
    open: (id) => openOfflinePlayer(id, { db }),
    session: { closeWindow: () => false },
  });
  booted.push(started);
  render(<PlayerApp boot={started} />);
  return started;
}

describe('the offline player', () => {
  it('resumes the stored attempt, stores its elements at once, and says progress is saved on this device', async () => {
    await db.put('grants', grantOf({ start: suspended }));
    const result = await boot();
    expect(result.kind).toBe('ready');
    if (result.kind !== 'ready') return;
    expect(result.state.cmi['cmi.core.entry']).toBe('resume');
    expect(result.state.contentUrl).toBe(`/content/offline/${GRANT_ID}/index.html`);
    expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
    await act(() => result.session.queue.whenIdle());

    const [launch] = await pendingLaunches(db, GRANT_ID);
    expect(launch).toMatchObject({ resumed: true, localId: result.state.launchId });
    // The first commit: every stored element the runtime started with (baseline {}).
    expect(launch!.commits[0]).toMatchObject({
      seq: 1,
      final: false,
      cmi: {
        'cmi.core.lesson_location': 'page-4',
        'cmi.suspend_data': 'visited=1,2,3',
        'cmi.core.lesson_status': 'incomplete',
      },
    });
  });

  it('queues the SCO commits durably, in seq order, and keeps the start state for the next opening', async () => {
    await db.put('grants', grantOf());
    const result = await boot();
    if (result.kind !== 'ready') throw new Error(JSON.stringify(result));
    const api = window.API!;
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.lesson_location', '2');
    api.LMSCommit('');
    await act(() => result.session.queue.whenIdle());
    api.LMSSetValue('cmi.core.lesson_location', '3');
    api.LMSSetValue('cmi.core.exit', 'suspend');
    api.LMSFinish('');
    await act(() => result.session.queue.whenIdle());

    db.close();
    db = await openOfflineDb();
    const [launch] = await pendingLaunches(db, GRANT_ID);
    expect(launch!.resumed).toBe(false);
    expect(launch!.commits.map((c) => [c.seq, c.final, c.cmi['cmi.core.lesson_location']])).toEqual(
      [
        [1, false, '2'],
        [2, true, '3'],
      ],
    );
    const grant = (await db.get('grants', GRANT_ID))!;
    expect(grant.start.stored).toMatchObject({ attempts: 1, locationBlob: '3' });
    expect(grant.nextOpening).toBe(2);

    // The next opening resumes it, as an online launch would.
    const next = await openOfflinePlayer(GRANT_ID, { db });
    expect(next.opening.entry).toBe('resume');
    expect(next.state.cmi['cmi.core.lesson_location']).toBe('3');
    expect(next.localId).not.toBe(launch!.localId);
  });

  it('answers commits by the seq rule and refuses other lessons', async () => {
    await db.put('grants', grantOf());
    const player = await openOfflinePlayer(GRANT_ID, { db });
    const first = await player.api.commit({
      seq: 1,
      final: false,
      cmi: { 'cmi.core.lesson_location': 'a' },
    });
    expect(first).toEqual({ applied: true, seq: 1, closed: false });
    expect(await player.api.commit({ seq: 1, final: false, cmi: {} })).toEqual({
      applied: false,
      seq: 1,
      closed: false,
    });
    await expect(
      player.api.commit({ seq: 2, final: false, cmi: { 'cmi.core.lesson_status': 'great' } }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(player.api.navigate(1)).rejects.toThrow(OFFLINE_NAVIGATION_MESSAGE);
    const [launch] = await pendingLaunches(db, GRANT_ID);
    expect(launch!.commits).toHaveLength(1);
  });

  it('does not start a lesson whose offline access has ended', async () => {
    const expiresInstant = Date.UTC(2020, 0, 2);
    await db.put('grants', grantOf({ package: packageOf({ expiresInstant }) }));
    const result = await boot();
    expect(result).toEqual({ kind: 'error', message: expiredMessage(expiresInstant) });
    expect(await screen.findByRole('alert')).toHaveTextContent('ended on 2020-01-02');
  });

  it('says so when the lesson is not stored on this device', async () => {
    expect(await boot('Z'.repeat(43))).toEqual({ kind: 'error', message: NOT_STORED_MESSAGE });
  });
});
