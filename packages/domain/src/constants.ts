/** Business constants and limits of spec §9, named as the spec names them. */

/** MFA code length (§9). */
export const MFA_CODE_LENGTH = 6;
/** Email max 255 characters (§5, §9). */
export const EMAIL_MAX_LENGTH = 255;
/** Default curriculum duration constant 135694656e5 ms (§4, §9). */
export const DEFAULT_CURRICULUM_DURATION_MS = 135694656e5;
/** Local storage/cookie lifetime 60 days (§9). */
export const STORAGE_LIFETIME_DAYS = 60;
/** The value of sessionID that means "go to the MFA screen" (§4 step 1). */
export const MFA_SESSION_MARKER = 'MFA';
