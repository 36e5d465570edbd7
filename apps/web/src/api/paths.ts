/**
 * The panel's fixed addresses. The API's paths come from the contract (@waypoint/domain/contract);
 * these are the two that are not calls of it.
 */

/** The service base path (spec §7); every contract path is relative to it. */
export const SERVICE_BASE = '/lms';

/** The single sign-on bridge the SSO button navigates to (spec §7). */
export const SSO_BRIDGE_PATH = '/ssosaml2bridge/';
