import { InvalidArgumentError, Option } from 'commander';
import type { AreaCli } from './area-cli.js';

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

export const certificatesCli: AreaCli = (program, run) => {
  const certificate = program
    .command('certificate')
    .description('certificate settings, images, revocation and signing keys');

  certificate
    .command('settings')
    .description("set an LMS's certificate settings (prints them all)")
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(
      new Option('--lms-name <on|off>', 'show the LMS name').argParser(onOff('--lms-name')),
    )
    .addOption(
      new Option('--summary <on|off>', 'show the summary (dates, time, score, ids)').argParser(
        onOff('--summary'),
      ),
    )
    .addOption(
      new Option('--assignment-list <on|off>', 'show the list of lessons').argParser(
        onOff('--assignment-list'),
      ),
    )
    .addOption(
      new Option('--show-text <on|off>', 'show the certificate text').argParser(
        onOff('--show-text'),
      ),
    )
    .addOption(
      new Option('--show-signature <on|off>', 'show the signature').argParser(
        onOff('--show-signature'),
      ),
    )
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
        'months a certificate stays valid (0: no expiry)',
      ).argParser(months),
    )
    .addOption(json())
    .action(
      (o: {
        lms: string;
        lmsName?: boolean;
        summary?: boolean;
        assignmentList?: boolean;
        showText?: boolean;
        showSignature?: boolean;
        text?: string;
        typeName?: string;
        signatureName?: string;
        signatureTitle?: string;
        theme?: string;
        validityMonths?: number;
        json?: boolean;
      }) =>
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

  certificate
    .command('revoke')
    .description('revoke a certificate: its verification page and status list say Revoked')
    .argument('<code>', 'the certificate code (as printed; dashes allowed)')
    .requiredOption('--reason <text>', 'why it is revoked (kept with it)')
    .addOption(json())
    .action((code: string, o: { reason: string; json?: boolean }) =>
      run('certificate-revoke', { id: code, reason: o.reason }, { json: o.json }),
    );

  certificate
    .command('rotate-key')
    .description('make a new credential signing key (issued credentials stay verifiable)')
    .addOption(json())
    .action((o: { json?: boolean }) => run('certificate-rotate-key', {}, { json: o.json }));
};
