import type { Migration } from './migration.js';

/**
 * The login page's live background and its controls follow the spec's own LMS field
 * `hideCPaTLogin` (§2 Login screen, §3 LMS info) instead of the `live_background` flag: 0 or less
 * shows the Waypoint-login option, above 0 hides it (docs/decisions/0010-readings-of-the-spec.md).
 * Each LMS keeps the login page it had; new ones start with the option hidden, as §1 makes the live
 * background the choice of one customer rather than the default.
 */
export const migration0006: Migration = {
  name: '0006-waypoint-login-option',
  statements: [
    `UPDATE lms SET hide_cpat_login = CASE WHEN live_background THEN 0 ELSE 1 END`,
    `ALTER TABLE lms ALTER COLUMN hide_cpat_login SET DEFAULT 1`,
    `ALTER TABLE lms DROP COLUMN live_background`,
  ],
};
