import type { Migration } from './migration.js';

/**
 * Single sign-on per LMS (docs/decisions/0016): one OpenID Connect or SAML 2.0 configuration per
 * LMS, the pending logins a browser started (state, nonce, PKCE verifier, SAML request id; single
 * use, minutes long), the one-time hand-offs that turn an asserted identity into a panel session,
 * and the SAML assertion ids already accepted (replay store).
 */
export const migration0015: Migration = {
  name: '0015-single-sign-on',
  statements: [
    `CREATE TABLE sso_config (
      lms_key integer PRIMARY KEY REFERENCES lms ON DELETE CASCADE,
      protocol text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
      match_attribute text NOT NULL DEFAULT 'email'
        CHECK (match_attribute IN ('email', 'login', 'employee-id')),
      match_claim text CHECK (match_claim IS NULL OR length(match_claim) BETWEEN 1 AND 200),
      jit_provisioning boolean NOT NULL DEFAULT false,
      oidc_issuer text,
      oidc_client_id text,
      oidc_client_secret_sealed text,
      saml_idp_entity_id text,
      saml_sso_url text,
      saml_slo_url text,
      saml_idp_certificates text[] NOT NULL DEFAULT '{}',
      saml_idp_initiated boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (protocol <> 'oidc' OR (oidc_issuer IS NOT NULL AND oidc_client_id IS NOT NULL
        AND oidc_client_secret_sealed IS NOT NULL)),
      CHECK (protocol <> 'saml' OR (saml_idp_entity_id IS NOT NULL AND saml_sso_url IS NOT NULL
        AND cardinality(saml_idp_certificates) > 0))
    )`,
    // Keyed by the hash of the OIDC state or of the SAML request id; browser_hash is the hash of
    // the cookie the starting browser got, so a hand-off only completes in that browser.
    `CREATE TABLE sso_pending_login (
      state_hash text PRIMARY KEY,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      protocol text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
      nonce text,
      code_verifier text,
      browser_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`,
    `CREATE INDEX sso_pending_login_expiry ON sso_pending_login (expires_at)`,
    `CREATE TABLE sso_handoff (
      handoff_hash text PRIMARY KEY,
      user_key integer NOT NULL REFERENCES app_user (user_key) ON DELETE CASCADE,
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      browser_hash text,
      idp_mfa boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    )`,
    `CREATE INDEX sso_handoff_expiry ON sso_handoff (expires_at)`,
    `CREATE TABLE sso_saml_assertion (
      lms_key integer NOT NULL REFERENCES lms ON DELETE CASCADE,
      assertion_id text NOT NULL CHECK (length(assertion_id) BETWEEN 1 AND 512),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (lms_key, assertion_id)
    )`,
    `CREATE INDEX sso_saml_assertion_expiry ON sso_saml_assertion (expires_at)`,
  ],
};
