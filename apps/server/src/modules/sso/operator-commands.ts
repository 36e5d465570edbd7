/**
 * The operator's single sign-on commands (docs/decisions/0016): sso-oidc, sso-saml, sso-show and
 * sso-off. Secrets and IdP files travel as the command's upload, never on the command line.
 */
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import { defineOperatorCommand } from '../operator/area-command.js';
import {
  formatSso,
  MAX_SAML_FILE_BYTES,
  MAX_SECRET_BYTES,
  setOidcConfig,
  setSamlConfig,
  showSso,
  ssoOff,
} from './config.service.js';

const Lms = Text({ minLength: 1, maxLength: 63 });
const strict = { additionalProperties: false } as const;
const matchOptions = {
  match: Type.Optional(
    Type.Union([Type.Literal('email'), Type.Literal('login'), Type.Literal('employee-id')]),
  ),
  claim: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  jit: Type.Optional(Type.Boolean()),
};

export const ssoCommands = [
  defineOperatorCommand({
    name: 'sso-oidc',
    summary:
      "Set an LMS's OpenID Connect single sign-on (issuer, client id; the secret as the upload)",
    input: Type.Object(
      {
        lms: Lms,
        issuer: Text({ minLength: 1, maxLength: 500 }),
        clientId: Text({ minLength: 1, maxLength: 500 }),
        // Only for an IdP that verifies every address and never sends email_verified (ADR 0016).
        assumeEmailVerified: Type.Optional(Type.Boolean()),
        ...matchOptions,
      },
      strict,
    ),
    upload: { maxBytes: MAX_SECRET_BYTES, what: 'the client secret file' },
    run: (deps, input, upload) => setOidcConfig(deps, input, upload),
    format: formatSso,
  }),
  defineOperatorCommand({
    name: 'sso-saml',
    summary:
      "Set an LMS's SAML 2.0 single sign-on from the IdP metadata (metadata: true) or entity id, SSO URL and certificate file",
    input: Type.Object(
      {
        lms: Lms,
        metadata: Type.Optional(Type.Boolean()),
        entityId: Type.Optional(Text({ minLength: 1, maxLength: 500 })),
        ssoUrl: Type.Optional(Text({ minLength: 1, maxLength: 1000 })),
        idpInitiated: Type.Optional(Type.Boolean()),
        ...matchOptions,
      },
      strict,
    ),
    upload: { maxBytes: MAX_SAML_FILE_BYTES, what: 'the IdP metadata or signing certificate file' },
    run: (deps, input, upload) => setSamlConfig(deps, input, upload),
    format: formatSso,
  }),
  defineOperatorCommand({
    name: 'sso-show',
    changes: false,
    summary: "Show an LMS's single sign-on and the values its IdP needs (never the secret)",
    input: Type.Object({ lms: Lms }, strict),
    run: (deps, input) => showSso(deps, input),
    format: formatSso,
  }),
  defineOperatorCommand({
    name: 'sso-off',
    summary: "Remove an LMS's single sign-on (password sign-in stays)",
    input: Type.Object({ lms: Lms }, strict),
    run: (deps, input) => ssoOff(deps, input),
    format: (result) => {
      const r = result as { lms: string; removed: boolean };
      return r.removed
        ? `Single sign-on of LMS '${r.lms}' removed.`
        : `LMS '${r.lms}' had no single sign-on.`;
    },
  }),
];
