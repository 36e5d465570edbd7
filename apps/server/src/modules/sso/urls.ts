/** The addresses Waypoint gives an identity provider for one LMS (docs/decisions/0016). */
export function spUrls(publicUrl: string, lmsCode: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/lms/sso/${encodeURIComponent(lmsCode)}`;
  return {
    /** OIDC: the redirect URI to register with the client. */
    oidcRedirectUri: `${base}/oidc/callback`,
    /** SAML: the SP entity id (also where its metadata is served) and the ACS URL. */
    samlEntityId: `${base}/saml/metadata`,
    samlAcsUrl: `${base}/saml/acs`,
    samlSloUrl: `${base}/saml/logout`,
  };
}

/** Where the panel picks up a finished single sign-on (apps/web features/sso). */
export const PANEL_COMPLETE_PATH = '/sso/complete';
/** Where the staff console picks up one started from its sign-in page (apps/console, ADR 0021). */
export const CONSOLE_COMPLETE_PATH = '/console/sso';

/** An http(s) address; http only for a loopback host (a local test or development IdP). */
export function isAcceptableIdpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopback(url.hostname);
}

export const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * The address the browser reached this LMS at, when it is one of the LMS's own host names (the
 * LMS then answers there, resolver.ts); else PUBLIC_URL. The host is never taken from a request
 * for an LMS that does not list it, and the IdP only accepts redirect URIs registered with it.
 */
export function panelBaseFor(
  request: { hostname: string; host: string; protocol: string },
  lms: { hostNames: string[] },
  publicUrl: string,
): string {
  const hostname = request.hostname.toLowerCase();
  return lms.hostNames.includes(hostname) ? `${request.protocol}://${request.host}` : publicUrl;
}
