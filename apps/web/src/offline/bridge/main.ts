/**
 * The offline bridge page (`/player/offline` on the content origin, offline.html;
 * docs/decisions/0024): in a hidden frame of the panel it stores, lists, removes and syncs the
 * lessons kept on this device, answering only the panel's origin, which the server writes into
 * the page (`<meta name="waypoint-panel-origin">`): without it, every message is refused. It also
 * registers the content service worker, which serves the stored files and syncs in the
 * background, and syncs what waits whenever it loads online.
 */
import type { BridgeMessage } from '../bridge-protocol';
import { openOfflineDb } from '../db';
import { needsRetry, syncGrants } from '../sync';
import { SyncScheduler } from '../sync-scheduler';
import { handleBridgeRequest, parseBridgeRequest } from './handler';

export const CONTENT_SW_URL = '/content-sw.js';

function panelOriginOf(doc: Document): string | null {
  const content = doc
    .querySelector('meta[name="waypoint-panel-origin"]')
    ?.getAttribute('content')
    ?.trim();
  if (!content) return null;
  try {
    const origin = new URL(content).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function say(text: string): void {
  const status = document.getElementById('status');
  if (status) status.textContent = text;
}

/** What the page says while the panel has it open as a window of its own. */
function showProgress(message: BridgeMessage): void {
  if (message.type === 'progress' && message.totalBytes > 0) {
    const percent = Math.floor((message.loadedBytes / message.totalBytes) * 100);
    say(`Storing the lesson on this device: ${percent}%`);
  } else if (message.type === 'stored') {
    say(`"${message.lesson.lessonName}" is stored on this device. You can close this window.`);
  } else if (message.type === 'error') {
    say(message.message);
  }
}

async function start(): Promise<void> {
  // The fragment of the grant's storeUrl is not kept in the address bar or history.
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  const panelOrigin = panelOriginOf(document);
  if (navigator.serviceWorker) {
    navigator.serviceWorker.register(CONTENT_SW_URL, { scope: '/' }).catch((error: unknown) => {
      console.error('Waypoint offline: the content service worker was not registered.', error);
    });
  }
  if (!panelOrigin) {
    say('This page cannot be used: the server did not say which Waypoint it serves.');
    console.error('Waypoint offline bridge: no panel origin; every message is refused.');
    return;
  }
  let db: Awaited<ReturnType<typeof openOfflineDb>>;
  try {
    db = await openOfflineDb();
  } catch {
    say('This browser does not allow lessons to be stored on this device.');
    return;
  }
  // The page's own syncs (on load, when back online, and retries with backoff) of every lesson.
  const scheduler = new SyncScheduler({ run: () => syncGrants({ db }), win: window });
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== panelOrigin) return;
    const request = parseBridgeRequest(event.data);
    const source = event.source as Window | null;
    if (!request || !source) return;
    const post = (message: BridgeMessage) => {
      showProgress(message);
      source.postMessage(message, panelOrigin);
    };
    void handleBridgeRequest(
      {
        db,
        caches,
        afterSync: (results) => {
          if (needsRetry(results)) void scheduler.request();
        },
      },
      request,
      post,
    );
  });
  say('Lessons stored on this device for Waypoint.');
  const host = window.parent !== window ? window.parent : window.opener;
  if (host) (host as Window).postMessage({ type: 'ready' } satisfies BridgeMessage, panelOrigin);
  if (navigator.onLine) void scheduler.request();
}

void start();
