/**
 * The player's one HTTP client (the contract's player calls, docs/decisions/0007): same-origin
 * JSON calls to the player API, the launch token as Bearer header (GET) or in the JSON body
 * (POST), errors as PlayerApiError with the server's human message. Its own fetch, not the
 * panel's client: the player page runs on the content origin and must stay small.
 */
import {
  playerCalls,
  type CommitAnswer,
  type CommitBody,
  type CommitPayload,
  type HeartbeatBody,
  type LmsUiControl,
  type NavigateAnswer,
  type NavigateBody,
  type PlayerNavigation,
  type PlayerSequencing,
  type PlayerSibling,
  type PlayerState,
} from '@waypoint/domain/contract';

/** The player page of a launch, its token in the fragment (a fragment never reaches a server). */
export const playerPageUrl = (launchId: string, token: string): string =>
  `${playerCalls.page.path(launchId)}#${token}`;

/**
 * A beacon (and a keepalive fetch) may carry at most 64 KiB, counted over every keepalive request
 * in flight; the contract asks the pagehide payload to stay under 64 KB. Measured in encoded bytes.
 */
export const BEACON_MAX_BYTES = 64_000;

/** Status 0: no answer at all (offline, connection reset). */
export const NO_ANSWER = 0;

/** A failed player API call: the HTTP status (0 when there was no answer) and a human message. */
export class PlayerApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PlayerApiError';
  }

  /** Network trouble or a server fault: worth trying again later. */
  get retryable(): boolean {
    return (
      this.status === NO_ANSWER || this.status >= 500 || this.status === 408 || this.status === 429
    );
  }
}

export const NO_CONNECTION_MESSAGE = 'No connection to the server.';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface PlayerApiOptions {
  launchId: string;
  token: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchLike;
  /** Defaults to navigator.sendBeacon, looked up at call time. */
  sendBeacon?: (url: string, data: Blob) => boolean;
}

export interface PlayerApi {
  readonly launchId: string;
  getState(): Promise<PlayerState>;
  /** A commit through fetch; keepalive (so it outlives the page) when it fits the beacon limit. */
  commit(payload: CommitPayload, options?: { keepalive?: boolean }): Promise<CommitAnswer>;
  /**
   * A commit from a page that is going away: a beacon under the 64 KB limit, otherwise a plain
   * fetch started at once. Returns how it went out.
   */
  commitOnUnload(payload: CommitPayload): 'beacon' | 'fetch';
  heartbeat(): Promise<void>;
  /** request: a sequenced package's navigation request ('continue', '{target=ID}choice' ...). */
  navigate(lessonKey: number, request?: string): Promise<NavigateAnswer>;
}

/** Encoded size of a JSON text in bytes (what the beacon limit counts). */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

async function errorFrom(response: Response): Promise<PlayerApiError> {
  let message = '';
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      message = body.message;
    }
  } catch {
    // Not JSON (a proxy's error page): fall back to the status below.
  }
  return new PlayerApiError(
    response.status,
    message || `The server answered ${response.status} ${response.statusText}`.trim() + '.',
  );
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';

function isSibling(value: unknown): value is PlayerSibling {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return isNumber(s.lessonKey) && isString(s.identifier) && isString(s.name);
}

/** Checks the shape the player depends on, so a server mismatch shows a message, not a crash. */
export function parsePlayerState(value: unknown): PlayerState {
  const fail = () => new PlayerApiError(200, 'The lesson could not start: unexpected answer.');
  if (!value || typeof value !== 'object') throw fail();
  const s = value as Record<string, unknown>;
  if (s.scormVersion !== '1.2' && s.scormVersion !== '2004') throw fail();
  if (!isString(s.launchId) || !isString(s.contentUrl) || !isString(s.lessonName)) throw fail();
  const cmi: Record<string, string> = {};
  if (s.cmi && typeof s.cmi === 'object') {
    for (const [key, item] of Object.entries(s.cmi)) if (isString(item)) cmi[key] = item;
  }
  const positive = (item: unknown, fallback: number) =>
    isNumber(item) && item > 0 ? item : fallback;
  return {
    launchId: s.launchId,
    scormVersion: s.scormVersion,
    lessonName: s.lessonName,
    courseName: isString(s.courseName) ? s.courseName : '',
    contentUrl: s.contentUrl,
    lastSeq: isNumber(s.lastSeq) ? s.lastSeq : 0,
    preview: s.preview === true,
    cmi,
    siblings: Array.isArray(s.siblings)
      ? s.siblings.filter(isSibling).map((sibling) => ({
          lessonKey: sibling.lessonKey,
          identifier: sibling.identifier,
          name: sibling.name,
          current: sibling.current === true,
          launchable: sibling.launchable === true,
          ...(sibling.hidden === true ? { hidden: true } : {}),
        }))
      : [],
    ...(parseSequencing(s.sequencing) ?? {}),
    ...(parseHideLmsUi(s.hideLmsUi) ?? {}),
    // Only a web address of the panel is ever opened from the player.
    ...(isString(s.commentsUrl) && /^https?:\/\//.test(s.commentsUrl)
      ? { commentsUrl: s.commentsUrl }
      : {}),
    heartbeatSeconds: positive(s.heartbeatSeconds, 60),
    autocommitSeconds: positive(s.autocommitSeconds, 30),
  };
}

/** Previous / Next as the sequencer answers them (state.sequencing, a commit's navigation). */
function parseNavigation(value: unknown): PlayerNavigation | null {
  if (!value || typeof value !== 'object') return null;
  const q = value as Record<string, unknown>;
  return {
    continue: q.continue === true,
    previous: q.previous === true,
    ...(isString(q.continueRefused) ? { continueRefused: q.continueRefused } : {}),
    ...(isString(q.previousRefused) ? { previousRefused: q.previousRefused } : {}),
  };
}

const LMS_UI_CONTROLS: readonly string[] = [
  'previous',
  'continue',
  'exit',
  'exitAll',
  'abandon',
  'abandonAll',
  'suspendAll',
] satisfies LmsUiControl[];

/** state.hideLmsUi: the known values only (an unknown one hides nothing). */
function parseHideLmsUi(value: unknown): { hideLmsUi: LmsUiControl[] } | null {
  if (!Array.isArray(value)) return null;
  const hidden = value.filter(
    (item): item is LmsUiControl => isString(item) && LMS_UI_CONTROLS.includes(item),
  );
  return hidden.length > 0 ? { hideLmsUi: hidden } : null;
}

/** A sequenced package's state.sequencing (SCORM 2004 SN), when the answer has one. */
function parseSequencing(value: unknown): { sequencing: PlayerSequencing } | null {
  const navigation = parseNavigation(value);
  if (!navigation) return null;
  const q = value as Record<string, unknown>;
  const redirect = q.redirect as Record<string, unknown> | undefined;
  return {
    sequencing: {
      ...navigation,
      choice: q.choice === true,
      ...(redirect && isString(redirect.launchId) && isString(redirect.token)
        ? { redirect: { launchId: redirect.launchId, token: redirect.token } }
        : {}),
    },
  };
}

function parseCommitAnswer(value: unknown): CommitAnswer {
  const a = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  if (typeof a.applied !== 'boolean' || !isNumber(a.seq)) {
    // Not the contract's answer (a proxy page?): nothing is known to be saved; try again later.
    throw new PlayerApiError(502, 'The server gave an unexpected answer.');
  }
  const navigation = parseNavigation(a.navigation);
  return {
    applied: a.applied,
    seq: a.seq,
    closed: a.closed === true,
    ...(navigation ? { navigation } : {}),
  };
}

/** The player API client for one launch. */
export function createPlayerApi(options: PlayerApiOptions): PlayerApi {
  const { launchId, token } = options;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const beacon =
    options.sendBeacon ??
    ((url: string, data: Blob) =>
      typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, data));

  async function call(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch {
      throw new PlayerApiError(NO_ANSWER, NO_CONNECTION_MESSAGE);
    }
    if (!response.ok) throw await errorFrom(response);
    try {
      return await response.json();
    } catch {
      return null;
    }
  }

  const post = (url: string, body: string, keepalive = false) =>
    call(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive,
      cache: 'no-store',
    });

  const commitJson = (payload: CommitPayload) => {
    const body: CommitBody = { token, seq: payload.seq, final: payload.final, cmi: payload.cmi };
    return JSON.stringify(body);
  };

  return {
    launchId,
    async getState() {
      const body = await call(playerCalls.state.path(launchId), {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        cache: 'no-store',
      });
      return parsePlayerState(body);
    },
    async commit(payload, commitOptions = {}) {
      const json = commitJson(payload);
      // keepalive shares the beacon's 64 KB budget: a bigger body goes as an ordinary request.
      const keepalive = commitOptions.keepalive === true && byteLength(json) <= BEACON_MAX_BYTES;
      return parseCommitAnswer(await post(playerCalls.commit.path(launchId), json, keepalive));
    },
    commitOnUnload(payload) {
      const url = playerCalls.commit.path(launchId);
      const json = commitJson(payload);
      if (byteLength(json) <= BEACON_MAX_BYTES) {
        if (beacon(url, new Blob([json], { type: 'application/json' }))) return 'beacon';
      }
      // Over the beacon limit (big suspend data), or the browser refused the beacon. A keepalive
      // fetch has the same 64 KB limit, so this is an ordinary fetch (keepalive:false) started
      // synchronously, while the page still exists: browsers usually put it on the wire before the
      // document goes. Best effort, but never silently dropped: the seq numbering keeps it harmless
      // if an earlier commit arrives after it.
      void post(url, json, false).catch((error: unknown) => {
        console.error('Waypoint player: the closing commit could not be sent.', error);
      });
      return 'fetch';
    },
    async heartbeat() {
      const body: HeartbeatBody = { token };
      await post(playerCalls.heartbeat.path(launchId), JSON.stringify(body));
    },
    async navigate(lessonKey, navRequest) {
      const request: NavigateBody = navRequest
        ? { token, lessonKey, request: navRequest }
        : { token, lessonKey };
      const body = await post(playerCalls.navigate.path(launchId), JSON.stringify(request));
      const a = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      if (!isString(a.launchId) || !isString(a.token)) {
        throw new PlayerApiError(200, 'The next lesson could not start: unexpected answer.');
      }
      return { launchId: a.launchId, token: a.token };
    },
  };
}
