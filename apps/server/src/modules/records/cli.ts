import { Option, type Command } from 'commander';
import type { AreaCli, RunAreaCommand } from '../feature-area.js';

/**
 * The training record commands (docs/decisions/0023 "Training events"): `records verify --lms
 * <code>` (exits 1 naming the first broken link) and `records seal --lms <code>`.
 */
const json = () => new Option('--json', 'print the result as JSON');

function addChainCommand(
  records: Command,
  run: RunAreaCommand,
  name: 'verify' | 'seal',
  description: string,
): void {
  records
    .command(name)
    .description(description)
    .requiredOption('--lms <code>', 'LMS code')
    .addOption(json())
    .action((o: { lms: string; json?: boolean }) =>
      run(`records-${name}`, { lms: o.lms }, { json: o.json }),
    );
}

export const recordsCli: AreaCli = (program, run) => {
  const records = program
    .command('records')
    .description('the tamper-evident training event history: verify and seal');
  addChainCommand(
    records,
    run,
    'verify',
    "walk an LMS's training event chain and check every hash, link and seal",
  );
  addChainCommand(records, run, 'seal', "sign an LMS's chain head now with the credential key");
};
