import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, CommitQueue, type CommitTransport } from './commit-queue';
import { PlayerApiError } from './player-api';
import type { CmiValues, CommitAnswer, CommitPayload } from '@waypoint/domain/contract';

interface Sent {
  payload: CommitPayload;
  keepalive: boolean;
  answer: (answer?: Partial<CommitAnswer>) => Promise<void>;
  fail: (error: unknown) => Promise<void>;
}

/** A transport whose answers the test gives by hand, and the runtime's values as a plain object. */
function setup(options: { lastSeq?: number; baseline?: CmiValues } = {}) {
  const baseline: CmiValues = options.baseline ?? {
    'cmi.core.lesson_status': 'incomplete',
    'cmi.core.lesson_location': '',
    'cmi.core.score.raw': '',
    'cmi.suspend_data': '',
  };
  const values: CmiValues = { ...baseline };
  const sent: Sent[] = [];
  const unloaded: CommitPayload[] = [];
  const settle = () => vi.advanceTimersByTimeAsync(0);
  const transport: CommitTransport = {
    send: (payload, { keepalive }) =>
      new Promise<CommitAnswer>((resolve, reject) => {
        sent.push({
          payload,
          keepalive,
          answer: async (answer = {}) => {
            resolve({ applied: true, seq: payload.seq, closed: payload.final, ...answer });
            await settle();
          },
          fail: async (error) => {
            reject(error);
            await settle();
          },
        });
      }),
    sendOnUnload: (payload) => unloaded.push(payload),
  };
  const logRefusal = vi.fn();
  const queue = new CommitQueue({
    lastSeq: options.lastSeq ?? 0,
    baseline,
    read: () => ({ ...values }),
    transport,
    logRefusal,
  });
  return { queue, values, sent, unloaded, logRefusal };
}

describe('commit queue: commits that are never lost', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('"seq = previous seq + 1", starting after the server\'s lastSeq', async () => {
    const { queue, values, sent } = setup({ lastSeq: 4 });
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit();
    await sent[0]!.answer();
    values['cmi.core.lesson_location'] = 'page-3';
    void queue.commit();
    await sent[1]!.answer();
    expect(sent.map((s) => s.payload.seq)).toEqual([5, 6]);
    expect(queue.lastSeq).toBe(6);
  });

  it('sends "only elements CHANGED since the last ACKNOWLEDGED commit"', async () => {
    const { queue, values, sent } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    values['cmi.suspend_data'] = 'a=1';
    void queue.commit();
    expect(sent[0]!.payload).toEqual({
      seq: 1,
      final: false,
      cmi: { 'cmi.core.lesson_location': 'page-2', 'cmi.suspend_data': 'a=1' },
    });
    await sent[0]!.answer();
    values['cmi.core.score.raw'] = '80';
    void queue.commit();
    expect(sent[1]!.payload.cmi).toEqual({ 'cmi.core.score.raw': '80' });
  });

  it('"nothing sent when nothing changed", and the indicator says all is saved', async () => {
    const { queue, values, sent } = setup();
    await queue.commit();
    expect(sent).toHaveLength(0);
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit();
    await sent[0]!.answer();
    await queue.commit();
    expect(sent).toHaveLength(1);
    expect(queue.getStatus()).toEqual({ kind: 'saved' });
  });

  it('keeps "at most one request in flight"; the next one is computed against the new ack', async () => {
    const { queue, values, sent } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit();
    values['cmi.core.score.raw'] = '50';
    void queue.commit();
    void queue.commit();
    expect(sent).toHaveLength(1);
    expect(queue.getStatus()).toEqual({ kind: 'saving' });
    await sent[0]!.answer();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.payload).toMatchObject({ seq: 2, cmi: { 'cmi.core.score.raw': '50' } });
  });

  it('"a commit sent while one is in flight carries everything since the last ack"', async () => {
    const { queue, values, sent, unloaded } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit(); // seq 1, in flight, not acknowledged
    values['cmi.core.score.raw'] = '50';
    queue.sendOnUnload({ final: true }); // the pagehide beacon races the fetch
    expect(unloaded[0]).toEqual({
      seq: 2,
      final: true,
      cmi: { 'cmi.core.lesson_location': 'page-2', 'cmi.core.score.raw': '50' },
    });
    expect(sent).toHaveLength(1);
  });

  it('"a stale answer (applied:false) is fine": nothing is lost, no error is shown', async () => {
    const { queue, values, sent, unloaded } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit(); // seq 1
    queue.sendOnUnload({ final: false }); // seq 2 overtakes it (tab hidden)
    await sent[0]!.answer({ applied: false, seq: 2, closed: false });
    expect(unloaded[0]!.seq).toBe(2);
    // Its values were not applied under seq 1: they go again, under a seq above the server's.
    expect(sent[1]!.payload).toEqual({
      seq: 3,
      final: false,
      cmi: { 'cmi.core.lesson_location': 'page-2' },
    });
    await sent[1]!.answer();
    expect(queue.getStatus()).toEqual({ kind: 'saved' });
  });

  it('a server that keeps answering "stale" gets backoff, not a request loop', async () => {
    const { queue, values, sent } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit();
    await sent[0]!.answer({ applied: false, seq: 1 }); // stale once: sent again at once
    expect(sent).toHaveLength(2);
    await sent[1]!.answer({ applied: false, seq: 2 }); // stale again: wait
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent[2]!.payload).toMatchObject({
      seq: 3,
      cmi: { 'cmi.core.lesson_location': 'page-2' },
    });
  });

  it('a value sent by a beacon stays in the delta until a later commit is applied', async () => {
    const { queue, values, sent } = setup();
    values['cmi.core.lesson_location'] = 'page-9';
    queue.sendOnUnload({ final: false }); // the server may now hold page-9
    values['cmi.core.lesson_location'] = ''; // back to the acknowledged value
    void queue.commit();
    expect(sent[0]!.payload.cmi).toEqual({ 'cmi.core.lesson_location': '' });
    await sent[0]!.answer();
    await queue.commit();
    expect(sent).toHaveLength(1);
  });

  it('"retry with backoff (1 s, 2 s, 4 s ... max 30 s)"', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('"retries on 5xx/network keep the data", each try under a new seq', async () => {
    const { queue, values, sent } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    const done = vi.fn();
    void queue.commit().then(done);
    await sent[0]!.fail(new PlayerApiError(503, 'Service unavailable.'));
    expect(queue.getStatus()).toEqual({ kind: 'unsaved' });
    values['cmi.suspend_data'] = 'more';
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]!.payload).toEqual({
      seq: 2,
      final: false,
      cmi: { 'cmi.core.lesson_location': 'page-2', 'cmi.suspend_data': 'more' },
    });
    await sent[1]!.fail(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[2]!.payload.seq).toBe(3);
    expect(done).not.toHaveBeenCalled();
    await sent[2]!.answer();
    expect(done).toHaveBeenCalled();
    expect(queue.getStatus()).toEqual({ kind: 'saved' });
  });

  it('"a 409 stops saving and shows its message"', async () => {
    const { queue, values, sent, unloaded } = setup();
    const message =
      'This lesson was opened on another device or browser, so this window can no longer save progress.';
    values['cmi.core.lesson_location'] = 'page-2';
    const done = queue.commit();
    await sent[0]!.fail(new PlayerApiError(409, message));
    await done;
    expect(queue.getStatus()).toEqual({ kind: 'failed', message, stopped: true });
    values['cmi.core.lesson_location'] = 'page-3';
    await queue.commit({ final: true });
    queue.sendOnUnload({ final: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(unloaded).toHaveLength(0);
  });

  it('"400 shows the message (bug: log it)", keeps the data, and does not retry in a loop', async () => {
    const { queue, values, sent, logRefusal } = setup();
    values['cmi.core.score.raw'] = 'abc';
    await Promise.all([queue.commit(), sent[0]!.fail(new PlayerApiError(400, 'Bad score.'))]);
    expect(queue.getStatus()).toEqual({ kind: 'failed', message: 'Bad score.', stopped: false });
    expect(logRefusal).toHaveBeenCalledWith('Bad score.', sent[0]!.payload);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    values['cmi.core.score.raw'] = '70';
    void queue.commit();
    expect(sent[1]!.payload.cmi).toEqual({ 'cmi.core.score.raw': '70' });
    await sent[1]!.answer();
    expect(queue.getStatus()).toEqual({ kind: 'saved' });
  });

  it('a final commit goes even with nothing changed (it closes the launch), with keepalive', async () => {
    const { queue, sent } = setup();
    void queue.commit({ final: true });
    expect(sent[0]).toMatchObject({ payload: { seq: 1, final: true, cmi: {} }, keepalive: true });
    await sent[0]!.answer({ closed: true });
    expect(queue.closed).toBe(true);
    await queue.commit({ final: true });
    expect(sent).toHaveLength(1);
  });

  it('a final asked for while a commit is in flight follows it, carrying the rest', async () => {
    const { queue, values, sent } = setup();
    values['cmi.core.lesson_location'] = 'page-2';
    void queue.commit();
    values['cmi.core.lesson_status'] = 'completed';
    const done = vi.fn();
    void queue.commit({ final: true }).then(done);
    await sent[0]!.answer();
    expect(sent[1]!.payload).toEqual({
      seq: 2,
      final: true,
      cmi: { 'cmi.core.lesson_status': 'completed' },
    });
    await sent[1]!.answer();
    expect(done).toHaveBeenCalled();
  });

  it('while the page unloads, commits go out at once with sendOnUnload', () => {
    const { queue, values, sent, unloaded } = setup();
    queue.setUnloading();
    values['cmi.core.lesson_status'] = 'passed';
    void queue.commit({ final: true });
    expect(sent).toHaveLength(0);
    expect(unloaded).toEqual([
      { seq: 1, final: true, cmi: { 'cmi.core.lesson_status': 'passed' } },
    ]);
    expect(queue.finalSentOnUnload).toBe(true);
  });

  it('a non-final unload commit is skipped when nothing is unsaved', () => {
    const { queue, unloaded } = setup();
    queue.sendOnUnload({ final: false });
    expect(unloaded).toHaveLength(0);
  });

  it('the indicator follows the data: unsaved, saving, saved', async () => {
    const { queue, values, sent } = setup();
    const seen: string[] = [];
    queue.subscribe(() => seen.push(queue.getStatus().kind));
    values['cmi.suspend_data'] = 'x';
    queue.noteChange();
    void queue.commit();
    await sent[0]!.answer();
    expect(seen).toEqual(['unsaved', 'saving', 'saved']);
  });
});
