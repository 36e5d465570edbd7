/**
 * A fake offline bridge page for panel tests (offline/bridge-protocol.ts): it answers the hidden
 * frame the panel's bridge client opens, as the content origin's `/player/offline` would, with
 * messages whose origin and source are the frame's. `answer` gets each request and returns the
 * messages to post back (progress reports first, then the answer), or nothing to stay silent.
 */
import type { BridgeMessage, BridgeRequest } from '../offline/bridge-protocol';

export interface FakeBridge {
  requests: BridgeRequest[];
  /** Posts a message as the frame would (or as `origin`/`source` when given, to test refusals). */
  post(message: unknown, from?: { origin?: string; source?: Window | null }): void;
  frame(): HTMLIFrameElement | null;
  stop(): void;
}

export function fakeBridge(
  contentOrigin: string,
  answer: (request: BridgeRequest) => BridgeMessage[] | undefined,
  options: { ready?: boolean } = {},
): FakeBridge {
  const requests: BridgeRequest[] = [];
  let frame: HTMLIFrameElement | null = null;
  const post: FakeBridge['post'] = (message, from = {}) => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: message,
        origin: from.origin ?? contentOrigin,
        source: from.source === undefined ? (frame?.contentWindow ?? null) : from.source,
      }),
    );
  };
  const wire = (element: HTMLIFrameElement) => {
    frame = element;
    const target = element.contentWindow;
    if (!target) return;
    target.postMessage = ((data: BridgeRequest, targetOrigin: string) => {
      // The client must address the content origin only.
      if (targetOrigin !== contentOrigin) return;
      requests.push(data);
      const replies = answer(data) ?? [];
      queueMicrotask(() => replies.forEach((reply) => post(reply)));
    }) as Window['postMessage'];
    if (options.ready !== false) queueMicrotask(() => post({ type: 'ready' }));
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLIFrameElement && node.src.startsWith(contentOrigin)) wire(node);
      });
    }
  });
  observer.observe(document.body, { childList: true });
  return { requests, post, frame: () => frame, stop: () => observer.disconnect() };
}
