/** Pure helpers of the Get Support pop-up (spec §2 Pop-ups, §9). */

/** How the Chat value is shown: an embedded frame, a link, or nothing. */
export type ChatDisplay =
  | { kind: 'frame'; src: string }
  | { kind: 'link'; href: string }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

/** Only web addresses may be framed or linked; anything else (javascript:, data:) is refused. */
export function safeWebAddress(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The src attribute of the first <iframe> in a snippet of HTML, or null. */
export function iframeSource(html: string): string | null {
  const tag = /<iframe\b[^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
  const raw = src?.[1] ?? src?.[2] ?? src?.[3] ?? '';
  // The value sits inside an HTML attribute, so entity-escaped ampersands are common.
  return raw.replace(/&amp;/g, '&') || null;
}

/**
 * The chat rule (spec §9): a value containing 'iframe' is an embedded frame (we render our own
 * sandboxed frame from its src, never the raw HTML); any other value is a link.
 */
export function chatDisplay(chat: string | null | undefined): ChatDisplay {
  const value = (chat ?? '').trim();
  if (!value || value === 'N/A') return { kind: 'none' };
  if (value.includes('iframe')) {
    const src = safeWebAddress(iframeSource(value) ?? '');
    return src ? { kind: 'frame', src } : { kind: 'none' };
  }
  const href = safeWebAddress(value);
  return href && /^https?:\/\//i.test(value)
    ? { kind: 'link', href }
    : { kind: 'text', text: value };
}

/** Who asks for help: the values the help-centre link carries. */
export interface HelpCentreContext {
  lmsDisplayName: string;
  familyName: string;
  givenName: string;
  email: string;
  userID: string;
}

/**
 * The help-centre address with the LMS display name, family name, given name, email and user id as
 * query parameters (spec §2 Get Support), or null when no help centre is configured.
 */
export function helpCentreUrl(
  base: string | null | undefined,
  context: HelpCentreContext,
): string | null {
  const safe = safeWebAddress(base ?? '');
  if (!safe) return null;
  const url = new URL(safe);
  url.searchParams.set('lmsName', context.lmsDisplayName.trim());
  url.searchParams.set('familyName', context.familyName);
  url.searchParams.set('givenName', context.givenName);
  url.searchParams.set('email', context.email);
  url.searchParams.set('userID', context.userID);
  return url.href;
}
