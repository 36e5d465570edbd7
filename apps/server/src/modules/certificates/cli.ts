import { InvalidArgumentError, Option, type Command } from 'commander';
import type { AreaCli, RunAreaCommand } from '../feature-area.js';

/**
 * The certificate commands (docs/decisions/0011): `certificate settings --lms <code> [...]`,
 * `certificate image <file> --lms <code> --kind logo|signature` (or `--remove`), `certificate revoke
 * <code> --reason <text>` and `certificate rotate-key`.
 */
const json = () => new Option('--json', 'print the result as JSON');
const onOff = (name: string) => (value: string) => {
  if (value === 'on' || value === 'true') return true;
  if (value === 'off' || value === 'false') return false;
  throw new InvalidArgumentError(`${name} must be on or off.`);
};
const months = (value: string) => {
  if (!/^\d{1,4}$/.test(value) || Number(value) > 1200) {
    throw new InvalidArgumentError('--validity-months must be a whole number from 0 to 1200.');
  }
  return Number(value);
};

// The settings' on/off switches: option, what it shows.
const SWITCHES = [
  ['--lms-name', 'show the LMS name'],
  ['--summary', 'show the summary (dates, time, score, ids)'],
  ['--assignment-list', 'show the list of lessons'],
  ['--show-text', 'show the certificate text'],
  ['--show-signature', 'show the signature'],
] as const;

/** `settings`. */
function addSettingsCommand(certificate: Command, run: RunAreaCommand): void {
  const settings = certificate
    .command('settings')
    .description("set an LMS's certificate settings (prints them all)")
    .requiredOption('--lms <code>', 'LMS code');
  for (const [flag, description] of SWITCHES) {
    settings.addOption(new Option(`${flag} <on|off>`, description).argParser(onOff(flag)));
  }
  settings
    .option('--text <text>', 'the certificate text')
    .option('--type-name <name>', "the certificate's title, e.g. 'Certificate of Completion'")
    .option('--signature-name <name>', "the signer's name")
    .option('--signature-title <title>', "the signer's title")
    .option(
      '--theme <name>',
      'the theme: default, aviation, or another folder of themes/certificate',
    )
    .addOption(
      new Option(
        '--validity-months <n>',
        "calendar months a new curriculum's validity starts with (0: none); each curriculum's own rule: curriculum-validity",
      ).argParser(months),
    )
    .addOption(json())
    .action((o: Record<string, unknown> & { json?: boolean }) =>
      run(
        'certificate-settings',
        {
          lms: o.lms,
          showLmsName: o.lmsName,
          showSummaryInfo: o.summary,
          showAssignmentList: o.assignmentList,
          showText: o.showText,
          showSignature: o.showSignature,
          text: o.text,
          typeName: o.typeName,
          signatureName: o.signatureName,
          signatureTitle: o.signatureTitle,
          theme: o.theme,
          validityMonths: o.validityMonths,
        },
        { json: o.json },
      ),
    );
}

/** `image`. */
function addImageCommand(certificate: Command, run: RunAreaCommand): void {
  certificate
    .command('image')
    .description("set the LMS's certificate logo or signature image (PNG or JPEG, at most 1 MB)")
    .argument('[file]', 'the image file')
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(
      new Option('--kind <kind>', 'which image')
        .choices(['logo', 'signature'])
        .makeOptionMandatory(),
    )
    .option('--remove', 'remove the image instead')
    .addOption(json())
    .action(
      (
        file: string | undefined,
        o: { lms: string; kind: 'logo' | 'signature'; remove?: boolean; json?: boolean },
      ) =>
        run(
          'certificate-image',
          { lms: o.lms, kind: o.kind, remove: o.remove },
          { json: o.json, ...(file ? { upload: file } : {}) },
        ),
    );
}

/** `revoke`. */
function addRevokeCommand(certificate: Command, run: RunAreaCommand): void {
  certificate
    .command('revoke')
    .description('revoke a certificate: its verification page and status list say Revoked')
    .argument('<code>', 'the certificate code (as printed; dashes allowed)')
    .requiredOption('--reason <text>', 'why it is revoked (kept with it)')
    .addOption(json())
    .action((code: string, o: { reason: string; json?: boolean }) =>
      run('certificate-revoke', { id: code, reason: o.reason }, { json: o.json }),
    );
}

/** `rotate-key`. */
function addRotateKeyCommand(certificate: Command, run: RunAreaCommand): void {
  certificate
    .command('rotate-key')
    .description('make a new credential signing key (issued credentials stay verifiable)')
    .addOption(json())
    .action((o: { json?: boolean }) => run('certificate-rotate-key', {}, { json: o.json }));
}

export const certificatesCli: AreaCli = (program, run) => {
  const certificate = program
    .command('certificate')
    .description('certificate settings, images, revocation and signing keys');
  for (const add of [addSettingsCommand, addImageCommand, addRevokeCommand, addRotateKeyCommand])
    add(certificate, run);
};
