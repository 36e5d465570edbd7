/**
 * The commit queue (ADR 0007: progress that is never lost). It sends the stored CMI elements
 * that changed since the last ACKNOWLEDGED commit, numbers commits 1, 2, 3 ... (seq), keeps at most
 * one request in flight, retries network and server faults with backoff, and never drops data: an
 * element leaves the delta only once a commit carrying its value has been applied by the server.
 */
import { NO_CONNECTION_MESSAGE, PlayerApiError } from './player-api';
import type { CmiValues, CommitAnswer, CommitPayload } from '@waypoint/domain/contract';

/** What the save indicator shows. */
export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'saving' }
  | { kind: 'unsaved' }
  /** stopped: saving has ended for this window (409 launch closed, 401/403 token). */
  | { kind: 'failed'; message: string; stopped: boolean };

export interface CommitTransport {
  send(payload: CommitPayload, options: { keepalive: boolean }): Promise<CommitAnswer>;
  /** Fire and forget, for a page that is going away (sendBeacon). */
  sendOnUnload(payload: CommitPayload): void;
}

export interface CommitQueueOptions {
  /** The server's lastSeq when the page started: the first commit is lastSeq + 1. */
  lastSeq: number;
  /** The stored elements as the runtime started with them (what the server already has). */
  baseline: CmiValues;
  /** The stored elements as they are now in the runtime. */
  read: () => CmiValues;
  transport: CommitTransport;
  /** Wait before retry number `attempt` (0-based); defaults to 1 s, 2 s, 4 s ... at most 30 s. */
  retryDelayMs?: (attempt: number) => number;
  /** A commit the server refused as bad input (400): a bug somewhere, so it is logged. */
  logRefusal?: (message: string, payload: CommitPayload) => void;
}

/** Backoff for retries: 1 s, 2 s, 4 s, 8 s ... capped at 30 s. */
export function backoffDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

// Answers that mean "this is a bug, not the network": keep the data, do not retry in a loop.
const REFUSED = new Set([400, 413, 422]);

const isEmpty = (values: CmiValues) => Object.keys(values).length === 0;

export class CommitQueue {
  private readonly acked: CmiValues;
  /**
   * Elements sent in a request whose fate is unknown (a beacon, or a request whose answer was
   * lost), with the highest such seq. The server may hold their newer value, so they stay in every
   * delta until an applied commit with a higher seq carries them.
   */
  private readonly unsure = new Map<string, number>();
  private seq: number;
  private inFlight = false;
  private wanted: { final: boolean } | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryAttempt = 0;
  private staleInARow = 0;
  private refusal: string | null = null;
  private stopMessage: string | null = null;
  private closedByServer = false;
  private unloading = false;
  private finalWanted = false;
  private finalOnUnload = false;
  private status: SaveStatus = { kind: 'saved' };
  private readonly listeners = new Set<() => void>();
  private idleWaiters: Array<() => void> = [];
  private readonly retryDelay: (attempt: number) => number;

  constructor(private readonly options: CommitQueueOptions) {
    this.acked = { ...options.baseline };
    this.seq = options.lastSeq;
    this.retryDelay = options.retryDelayMs ?? backoffDelayMs;
  }

  /** The seq of the last commit sent (or the server's lastSeq, when higher). */
  get lastSeq(): number {
    return this.seq;
  }

  /** The launch is closed: a final commit was applied, or the server said so. */
  get closed(): boolean {
    return this.closedByServer;
  }

  /** Saving has ended with a message (409, 401, 403). */
  get stopped(): boolean {
    return this.stopMessage !== null;
  }

  /** A final commit was asked for (Terminate, Exit lesson, the page closing). */
  get finalRequested(): boolean {
    return this.finalWanted;
  }

  getStatus(): SaveStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The stored elements not yet known to be on the server. */
  delta(current: CmiValues = this.safeRead()): CmiValues {
    const changed: CmiValues = {};
    for (const [element, value] of Object.entries(current)) {
      if (value !== this.acked[element] || this.unsure.has(element)) changed[element] = value;
    }
    return changed;
  }

  /** Something is not yet acknowledged: changed elements, or a commit waiting or in flight. */
  hasUnsavedChanges(): boolean {
    if (this.stopped || this.closed) return false;
    return this.inFlight || this.wanted !== null || !isEmpty(this.delta());
  }

  /**
   * Asks for a commit of everything changed since the last acknowledged one. Resolves when the
   * queue is idle again (the data is acknowledged, or saving stopped, or the server refused it).
   */
  commit(options: { final?: boolean } = {}): Promise<void> {
    const final = options.final === true;
    if (final) this.finalWanted = true;
    if (this.unloading) {
      this.sendOnUnload({ final });
      return Promise.resolve();
    }
    if (this.stopped || this.closed) return Promise.resolve();
    this.want(final);
    this.pump();
    return this.whenIdle();
  }

  /** A stored element changed in the runtime: refresh the indicator. */
  noteChange(): void {
    this.update();
  }

  /**
   * The page is going away: sends the delta since the last ack at once, outside the one-in-flight
   * rule (a beacon racing a fetch is harmless: the later seq carries everything the earlier did).
   * A final commit is sent even when nothing changed, so that the launch closes.
   */
  sendOnUnload(options: { final: boolean }): void {
    if (this.stopped || this.closed) return;
    const cmi = this.delta();
    if (!options.final && isEmpty(cmi)) return;
    const payload: CommitPayload = { seq: ++this.seq, final: options.final, cmi };
    for (const element of Object.keys(cmi)) this.unsure.set(element, payload.seq);
    if (options.final) {
      this.finalWanted = true;
      this.finalOnUnload = true;
    }
    try {
      this.options.transport.sendOnUnload(payload);
    } catch (error) {
      console.error('Waypoint player: the closing commit could not be sent.', error);
    }
    this.update();
  }

  /** A final commit already went out with sendOnUnload during this unload. */
  get finalSentOnUnload(): boolean {
    return this.finalOnUnload;
  }

  /** From now on every commit goes out at once with sendOnUnload (pagehide). */
  setUnloading(): void {
    this.unloading = true;
  }

  /** Skips the backoff wait (the browser is back online). */
  retryNow(): void {
    if (this.retryTimer === null) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.pump();
  }

  /** Ends saving with a message (a 409 from the heartbeat, say). */
  stop(message: string): void {
    this.stopMessage = message;
    this.wanted = null;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.update();
  }

  /** Resolves when nothing is waiting, in flight or scheduled for retry. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  dispose(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.listeners.clear();
  }

  private isIdle(): boolean {
    if (this.stopped) return true;
    return !this.inFlight && this.wanted === null && this.retryTimer === null;
  }

  private safeRead(): CmiValues {
    try {
      return this.options.read();
    } catch (error) {
      // Never let a runtime quirk break saving; what was not read is sent with the next commit.
      console.error('Waypoint player: could not read the lesson data.', error);
      return { ...this.acked };
    }
  }

  private want(final: boolean): void {
    this.wanted = { final: (this.wanted?.final ?? false) || final };
  }

  private pump(): void {
    if (this.stopped || this.inFlight || this.retryTimer !== null) return this.update();
    const wanted = this.wanted;
    this.wanted = null;
    if (!wanted || this.closed) return this.update();
    const cmi = this.delta();
    if (!wanted.final && isEmpty(cmi)) return this.update();
    const payload: CommitPayload = { seq: ++this.seq, final: wanted.final, cmi };
    this.inFlight = true;
    this.update();
    let sent: Promise<CommitAnswer>;
    try {
      sent = this.options.transport.send(payload, { keepalive: payload.final });
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then(
        (answer) => this.onAnswer(payload, answer),
        (error: unknown) => this.onError(payload, error),
      )
      .finally(() => {
        this.inFlight = false;
        this.pump();
      });
  }

  private onAnswer(payload: CommitPayload, answer: CommitAnswer): void {
    this.seq = Math.max(this.seq, answer.seq);
    if (answer.applied) this.retryAttempt = 0;
    this.staleInARow = answer.applied ? 0 : this.staleInARow + 1;
    if (answer.applied) {
      Object.assign(this.acked, payload.cmi);
      // Everything unsure before this seq was in this delta, and is now applied.
      for (const [element, seq] of this.unsure) if (seq < payload.seq) this.unsure.delete(element);
      this.refusal = null;
      if (payload.final) this.closedByServer = true;
    } else if (!answer.closed) {
      // Stale (a newer seq, e.g. a beacon, got there first): these values may not be on the
      // server, and nothing is lost by sending them again under a fresh seq. Stale again and
      // again would mean a server bug: then wait, as for a fault, rather than spin.
      this.want(payload.final);
      if (this.staleInARow > 1) this.scheduleRetry();
    }
    if (answer.closed) this.closedByServer = true;
  }

  private onError(payload: CommitPayload, error: unknown): void {
    const failure =
      error instanceof PlayerApiError ? error : new PlayerApiError(0, NO_CONNECTION_MESSAGE);
    if (failure.retryable) {
      // The answer may be lost rather than the commit: the server may hold these values.
      for (const element of Object.keys(payload.cmi)) this.unsure.set(element, payload.seq);
      this.want(payload.final);
      this.scheduleRetry();
    } else if (REFUSED.has(failure.status)) {
      // Bad input is a bug (ours or the server's): show it, log it, keep the data for the next
      // commit, but do not retry in a loop.
      this.refusal = failure.message;
      (this.options.logRefusal ?? defaultLogRefusal)(failure.message, payload);
    } else {
      // 409 (launch closed, e.g. opened on another device), 401/403 (token): saving is over.
      this.stop(failure.message);
    }
  }

  private scheduleRetry(): void {
    const delay = this.retryDelay(this.retryAttempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.pump();
    }, delay);
  }

  private update(): void {
    const next = this.computeStatus();
    const previous = this.status;
    const same =
      previous.kind === next.kind &&
      (previous.kind !== 'failed' ||
        (next.kind === 'failed' &&
          previous.message === next.message &&
          previous.stopped === next.stopped));
    if (!same) {
      this.status = next;
      for (const listener of [...this.listeners]) listener();
    }
    if (this.isIdle() && this.idleWaiters.length > 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private computeStatus(): SaveStatus {
    if (this.stopMessage !== null)
      return { kind: 'failed', message: this.stopMessage, stopped: true };
    if (this.refusal !== null) return { kind: 'failed', message: this.refusal, stopped: false };
    if (this.inFlight) return { kind: 'saving' };
    if (this.closed) return { kind: 'saved' };
    if (this.wanted !== null || this.retryTimer !== null || !isEmpty(this.delta())) {
      return { kind: 'unsaved' };
    }
    return { kind: 'saved' };
  }
}

function defaultLogRefusal(message: string, payload: CommitPayload): void {
  console.error(`Waypoint player: the server refused commit ${payload.seq}: ${message}`, {
    final: payload.final,
    elements: Object.keys(payload.cmi),
  });
}
