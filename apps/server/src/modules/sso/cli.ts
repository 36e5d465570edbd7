import { Option, type Command } from 'commander';
import type { AreaCli, RunAreaCommand } from '../feature-area.js';

/**
 * The single sign-on commands (docs/decisions/0016): `sso-oidc`, `sso-saml`, `sso-show` and
 * `sso-off`, each for one LMS (--lms <code>).
 */
const json = () => new Option('--json', 'print the result as JSON');
const match = () =>
  new Option(
    '--match <field>',
    'the Waypoint user field the IdP value is matched on (default email)',
  ).choices(['email', 'login', 'employee-id']);
const claim = () =>
  new Option(
    '--claim <name>',
    'the claim (OIDC) or attribute (SAML; nameID for the NameID) carrying the match value',
  );
const jit = () => new Option('--jit', 'create an unknown person as a student (just in time)');

interface MatchOptions {
  match?: 'email' | 'login' | 'employee-id';
  claim?: string;
  jit?: boolean;
  json?: boolean;
}

/** `sso-oidc`. */
function addSsoOidcCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('sso-oidc')
    .description("set an LMS's OpenID Connect single sign-on (prints the redirect URI to register)")
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption(
      '--issuer <url>',
      "the issuer's URL (https; its /.well-known/openid-configuration is read)",
    )
    .requiredOption('--client-id <id>', 'the client id registered at the IdP')
    .requiredOption('--client-secret-file <file>', 'a file holding the client secret (kept sealed)')
    .addOption(match())
    .addOption(claim())
    .addOption(jit())
    .option(
      '--assume-email-verified',
      'match by an email without email_verified: only for an IdP that verifies every address and never sends the claim',
    )
    .addOption(json())
    .action(
      (
        o: MatchOptions & {
          lms: string;
          issuer: string;
          clientId: string;
          clientSecretFile: string;
          assumeEmailVerified?: boolean;
        },
      ) =>
        run(
          'sso-oidc',
          {
            lms: o.lms,
            issuer: o.issuer,
            clientId: o.clientId,
            match: o.match,
            claim: o.claim,
            jit: o.jit,
            assumeEmailVerified: o.assumeEmailVerified,
          },
          { json: o.json, upload: o.clientSecretFile },
        ),
    );
}

/** `sso-saml`. */
function addSsoSamlCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('sso-saml')
    .description(
      "set an LMS's SAML 2.0 single sign-on (prints the SP entity id, ACS URL and metadata address)",
    )
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(new Option('--metadata <file>', "the IdP's metadata XML").conflicts(['certificate']))
    .option('--entity-id <id>', "the IdP's entity id (without --metadata)")
    .option(
      '--sso-url <url>',
      "the IdP's single sign-on URL, HTTP-Redirect binding (without --metadata)",
    )
    .option('--certificate <file>', "the IdP's signing certificate(s), PEM (without --metadata)")
    .option('--idp-initiated', 'also accept logins started at the IdP (no request from Waypoint)')
    .addOption(match())
    .addOption(claim())
    .addOption(jit())
    .addOption(json())
    .action(
      (
        o: MatchOptions & {
          lms: string;
          metadata?: string;
          entityId?: string;
          ssoUrl?: string;
          certificate?: string;
          idpInitiated?: boolean;
        },
      ) => {
        const file = o.metadata ?? o.certificate;
        return run(
          'sso-saml',
          {
            lms: o.lms,
            metadata: o.metadata !== undefined ? true : undefined,
            entityId: o.entityId,
            ssoUrl: o.ssoUrl,
            idpInitiated: o.idpInitiated,
            match: o.match,
            claim: o.claim,
            jit: o.jit,
          },
          { json: o.json, ...(file !== undefined ? { upload: file } : {}) },
        );
      },
    );
}

/** `sso-show`. */
function addSsoShowCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('sso-show')
    .description("show an LMS's single sign-on and the values its IdP administrator needs")
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((o: { lms: string; json?: boolean }) =>
      run('sso-show', { lms: o.lms }, { json: o.json }),
    );
}

/** `sso-off`. */
function addSsoOffCommand(program: Command, run: RunAreaCommand): void {
  program
    .command('sso-off')
    .description("remove an LMS's single sign-on (password sign-in stays)")
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((o: { lms: string; json?: boolean }) =>
      run('sso-off', { lms: o.lms }, { json: o.json }),
    );
}

export const ssoCli: AreaCli = (program, run) => {
  for (const add of [addSsoOidcCommand, addSsoSamlCommand, addSsoShowCommand, addSsoOffCommand])
    add(program, run);
};
