import { Option } from 'commander';
import { wholeNumber } from '../../lib/cli-options.js';
import type { AreaCli } from '../feature-area.js';

/** `outbox [--to <address>] [--limit <n>]` (operator-commands.ts). */
export const emailCli: AreaCli = (program, run) => {
  program
    .command('outbox')
    .description('print recent emails of the outbox (MFA codes, reset and invitation links)')
    .option('--to <address>', 'only emails to this address')
    .option('--limit <n>', 'at most this many, newest (default 20)', wholeNumber('--limit'))
    .addOption(new Option('--json', 'print the result as JSON'))
    .action((o: { to?: string; limit?: number; json?: boolean }) =>
      run('outbox', { to: o.to, limit: o.limit }, { json: o.json }),
    );
};
