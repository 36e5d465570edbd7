import { Option, type Command } from 'commander';
import { HttpError } from '../../lib/http-error.js';
import type { RunAreaCommand } from '../feature-area.js';

/**
 * The records bundle and retention commands under `records`: `bundle --lms --from --to [--group]
 * --out FILE`, `verify-bundle FILE [--keys URL-or-JWKS-file]`, `retention --lms [--months N]
 * [--legal-hold on|off --reason ...]` and `pseudonymise --lms (--user LOGIN | --past-retention)`.
 */
const json = () => new Option('--json', 'print the result as JSON');

/** A JWKS fetched from an address (the published credential keys), as text. */
async function fetchKeys(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new HttpError(503, `Could not fetch the keys at ${url} (${(error as Error).message}).`);
  }
  if (!response.ok) throw new HttpError(503, `The keys at ${url} answered ${response.status}.`);
  return response.text();
}

/** Adds the bundle and retention commands to the `records` command. */
export function addRecordsBundleCommands(records: Command, run: RunAreaCommand): void {
  records
    .command('bundle')
    .description(
      "a signed bundle of the LMS's training records for a period: per person a PDF and a CSV, the training events, a signed manifest",
    )
    .requiredOption('--lms <code>', 'LMS code')
    .requiredOption('--from <yyyy-mm-dd>', 'first day of the period (UTC)')
    .requiredOption('--to <yyyy-mm-dd>', 'last day of the period (UTC)')
    .option('--group <group>', 'only this restriction group')
    .option('--out <file>', 'write the zip here')
    .addOption(json())
    .action(
      (o: {
        lms: string;
        from: string;
        to: string;
        group?: string;
        out?: string;
        json?: boolean;
      }) =>
        run(
          'records-bundle',
          { lms: o.lms, from: o.from, to: o.to, group: o.group, out: o.out },
          { json: o.json },
        ),
    );
  records
    .command('verify-bundle')
    .description(
      "check a bundle's file hashes and signature; without --keys, against this server's published keys (exit 0 only when intact)",
    )
    .argument('<file>', 'the bundle zip')
    .option('--keys <url-or-file>', 'a JWKS: its address (https://.../jwks.json) or a file')
    .addOption(json())
    .action(async (file: string, o: { keys?: string; json?: boolean }) => {
      if (o.keys !== undefined && /^https?:\/\//i.test(o.keys)) {
        await run(
          'records-verify-bundle',
          { keys: await fetchKeys(o.keys) },
          { json: o.json, upload: file },
        );
        return;
      }
      await run(
        'records-verify-bundle',
        {},
        {
          json: o.json,
          upload: file,
          ...(o.keys === undefined ? {} : { text: { field: 'keys', file: o.keys } }),
        },
      );
    });
  records
    .command('retention')
    .description("show or set the LMS's retention period and legal hold")
    .requiredOption('--lms <code>', 'LMS code')
    .option('--months <n>', 'months kept after a person last trained (0: for ever)', Number)
    .option('--legal-hold <on|off>', 'put the legal hold on or lift it')
    .option('--reason <text>', 'why the legal hold is on')
    .addOption(json())
    .action(
      (o: { lms: string; months?: number; legalHold?: string; reason?: string; json?: boolean }) =>
        run(
          'records-retention',
          { lms: o.lms, months: o.months, legalHold: o.legalHold, reason: o.reason },
          { json: o.json },
        ),
    );
  records
    .command('pseudonymise')
    .description(
      "replace a person's personal data by their subject id, keeping every training record (past retention only)",
    )
    .requiredOption('--lms <code>', 'LMS code')
    .option('--user <login>', 'one person')
    .option('--past-retention', 'everyone past retention')
    .addOption(json())
    .action((o: { lms: string; user?: string; pastRetention?: boolean; json?: boolean }) =>
      run(
        'records-pseudonymise',
        { lms: o.lms, user: o.user, pastRetention: o.pastRetention },
        { json: o.json },
      ),
    );
}
