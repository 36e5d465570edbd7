import type { Migration } from './migration.js';

/**
 * OpenID Connect sign-on matches by email only when the ID token says `email_verified: true`
 * (docs/decisions/0016); the operator may trust an IdP that verifies every address but never
 * sends the claim. Off for every LMS until the operator says so.
 */
export const migration0020: Migration = {
  name: '0020-sso-assume-email-verified',
  statements: [
    `ALTER TABLE sso_config ADD COLUMN oidc_assume_email_verified boolean NOT NULL DEFAULT false`,
  ],
};
