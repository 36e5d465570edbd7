/**
 * The console's own addresses, below its base /console (the router's basename). A section's
 * address is its entry in app/console-routes.tsx.
 */
export const CONSOLE_BASE = '/console';

export const paths = {
  home: '/',
  login: '/login',
  /** Where single sign-on lands with its hand-off code (the server's CONSOLE_COMPLETE_PATH). */
  sso: '/sso',
} as const;

/** The single sign-on bridge for a console sign-in (the server's /ssosaml2bridge/, ADR 0016). */
export const CONSOLE_SSO_PATH = '/ssosaml2bridge/?panel=console';

/** The message the sign-in page shows after a call was answered 401. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** What the sign-in page is given when it is shown instead of another address. */
export interface LoginState {
  /** Where to go after signing in (the address that needed a session). */
  from?: string;
  /** Why the person is here: the session ended, or the account has no staff access. */
  message?: string;
}
