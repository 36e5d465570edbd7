/**
 * The panel's side of the offline bridge (docs/decisions/0024, offline/bridge-protocol.ts): lessons
 * made available offline live on the content origin, where the player runs, so the panel asks the
 * bridge page (`{content origin}/player/offline`, in a hidden frame) to store, list, remove and
 * sync them. Requests carry ids and answers are matched by id; messages are accepted only from
 * the content origin and from that frame; a bridge that does not answer ends in a clear error.
 */
import {
  offlineBridgePath,
  type BridgeMessage,
  type BridgeRequest,
  type StoredLesson,
  type SyncNotice,
} from '../../offline/bridge-protocol';

/** An answer the bridge did not give in time, or an error it answered. */
export class BridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BridgeError';
  }
}

/** How long each step may take (ms) before the request fails. */
export interface BridgeTimeouts {
  /** The frame's page loads and says 'ready'. */
  ready: number;
  /** list and remove. */
  request: number;
  /** store: the longest silence between two progress reports (a large package takes long). */
  storeSilence: number;
  /** sync: every queued lesson goes to the server. */
  sync: number;
}

export const DEFAULT_BRIDGE_TIMEOUTS: BridgeTimeouts = {
  ready: 20_000,
  request: 15_000,
  storeSilence: 60_000,
  sync: 120_000,
};

export const BRIDGE_NOT_READY =
  'The offline store on this device did not open. Check your connection and try again.';
export const BRIDGE_NO_ANSWER = 'The offline store on this device did not answer. Try again.';

/** Bytes stored so far of a package being stored. */
export interface StoreProgress {
  loadedBytes: number;
  totalBytes: number;
}

/** A request before its id is given (Omit over each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type RequestBody = WithoutId<BridgeRequest>;

interface Pending {
  resolve: (message: BridgeMessage) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: StoreProgress) => void;
  silence: number;
  timer: number | undefined;
}

let nextId = 0;
const newId = () => `p${Date.now().toString(36)}-${(nextId += 1)}`;

/** One hidden bridge frame on one content origin, and the requests waiting for its answers. */
export class BridgeClient {
  readonly contentOrigin: string;
  private readonly timeouts: BridgeTimeouts;
  private frame: HTMLIFrameElement | null = null;
  private ready: Promise<Window> | null = null;
  private readonly pending = new Map<string, Pending>();
  private readyListener: ((message: BridgeMessage, source: Window) => void) | null = null;
  private readonly onMessage = (event: MessageEvent) => this.receive(event);

  constructor(contentOrigin: string, timeouts: Partial<BridgeTimeouts> = {}) {
    // The origin alone: a storeUrl's path and fragment (the token) never reach the frame's address.
    this.contentOrigin = new URL(contentOrigin).origin;
    this.timeouts = { ...DEFAULT_BRIDGE_TIMEOUTS, ...timeouts };
  }

  /** Stores a granted lesson's package on the device, reporting the bytes stored so far. */
  async store(
    request: { grantId: string; token: string; owner: string },
    onProgress?: (progress: StoreProgress) => void,
  ): Promise<StoredLesson> {
    const answer = await this.send(
      { type: 'store', ...request },
      this.timeouts.storeSilence,
      onProgress,
    );
    if (answer.type !== 'stored') throw unexpected(answer);
    return answer.lesson;
  }

  /** The owner's lessons stored on this device. */
  async list(owner: string): Promise<StoredLesson[]> {
    const answer = await this.send({ type: 'list', owner }, this.timeouts.request);
    if (answer.type !== 'list') throw unexpected(answer);
    return answer.lessons;
  }

  /** Removes a stored lesson; the bridge refuses while its commits wait for a sync. */
  async remove(grantId: string): Promise<void> {
    const answer = await this.send({ type: 'remove', grantId }, this.timeouts.request);
    if (answer.type !== 'removed') throw unexpected(answer);
  }

  /** Sends the owner's queued commits to the server; what the student must know comes back. */
  async sync(owner: string): Promise<{ lessons: StoredLesson[]; notices: SyncNotice[] }> {
    const answer = await this.send({ type: 'sync', owner }, this.timeouts.sync);
    if (answer.type !== 'synced') throw unexpected(answer);
    return { lessons: answer.lessons, notices: answer.notices };
  }

  /** Removes the frame and fails what still waits. */
  dispose(): void {
    window.removeEventListener('message', this.onMessage);
    for (const [id, waiting] of this.pending) {
      window.clearTimeout(waiting.timer);
      waiting.reject(new BridgeError(BRIDGE_NO_ANSWER));
      this.pending.delete(id);
    }
    this.frame?.remove();
    this.frame = null;
    this.ready = null;
  }

  private async send(
    body: RequestBody,
    silence: number,
    onProgress?: (progress: StoreProgress) => void,
  ): Promise<BridgeMessage> {
    const target = await this.open();
    const id = newId();
    return new Promise<BridgeMessage>((resolve, reject) => {
      const waiting: Pending = { resolve, reject, onProgress, silence, timer: undefined };
      this.pending.set(id, waiting);
      this.arm(id, waiting);
      target.postMessage({ ...body, id } as BridgeRequest, this.contentOrigin);
    });
  }

  /** (Re)starts a request's timer: a progress report proves the bridge is still at work. */
  private arm(id: string, waiting: Pending): void {
    window.clearTimeout(waiting.timer);
    waiting.timer = window.setTimeout(() => {
      this.pending.delete(id);
      waiting.reject(new BridgeError(BRIDGE_NO_ANSWER));
    }, waiting.silence);
  }

  /** The frame's window once its page said 'ready'; a failed opening is tried again next time. */
  private open(): Promise<Window> {
    this.ready ??= new Promise<Window>((resolve, reject) => {
      window.addEventListener('message', this.onMessage);
      const frame = document.createElement('iframe');
      frame.hidden = true;
      frame.title = 'Offline lessons';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.src = `${this.contentOrigin}${offlineBridgePath}`;
      const timer = window.setTimeout(() => {
        this.readyListener = null;
        this.ready = null;
        frame.remove();
        if (this.frame === frame) this.frame = null;
        reject(new BridgeError(BRIDGE_NOT_READY));
      }, this.timeouts.ready);
      this.readyListener = (message, source) => {
        if (message.type !== 'ready') return;
        window.clearTimeout(timer);
        this.readyListener = null;
        resolve(source);
      };
      this.frame = frame;
      document.body.appendChild(frame);
    });
    return this.ready;
  }

  private receive(event: MessageEvent): void {
    // Only the content origin's bridge frame speaks to the panel (bridge-protocol.ts).
    if (event.origin !== this.contentOrigin) return;
    const frameWindow = this.frame?.contentWindow ?? null;
    if (frameWindow === null || event.source !== frameWindow) return;
    const message = event.data as unknown;
    if (!isBridgeMessage(message)) return;
    if (message.type === 'ready') {
      this.readyListener?.(message, frameWindow);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.type === 'progress') {
      waiting.onProgress?.({ loadedBytes: message.loadedBytes, totalBytes: message.totalBytes });
      this.arm(message.id, waiting);
      return;
    }
    window.clearTimeout(waiting.timer);
    this.pending.delete(message.id);
    if (message.type === 'error') waiting.reject(new BridgeError(message.message));
    else waiting.resolve(message);
  }
}

const TYPES = new Set(['ready', 'progress', 'stored', 'list', 'removed', 'synced', 'error']);

function isBridgeMessage(value: unknown): value is BridgeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, id } = value as { type?: unknown; id?: unknown };
  if (typeof type !== 'string' || !TYPES.has(type)) return false;
  return type === 'ready' || typeof id === 'string';
}

function unexpected(answer: BridgeMessage): BridgeError {
  return new BridgeError(`The offline store answered '${answer.type}' unexpectedly.`);
}

const clients = new Map<string, BridgeClient>();

/** The panel's one bridge client per content origin (one hidden frame each). */
export function bridgeFor(contentOrigin: string): BridgeClient {
  const origin = new URL(contentOrigin).origin;
  let client = clients.get(origin);
  if (!client) {
    client = new BridgeClient(origin);
    clients.set(origin, client);
  }
  return client;
}

/** Test helper: removes every frame. */
export function resetBridgesForTests(): void {
  for (const client of clients.values()) client.dispose();
  clients.clear();
}
