import type { Config } from '../config.js';
import { runCli, type CliIo } from '../cli/program.js';
import { localRunner } from '../cli/transport.js';
import type { Db } from '../db/connection.js';
import { createInstanceState } from '../instance-state.js';
import type { Clock } from '../lib/clock.js';
import { createMailer } from '../modules/email/mailer.js';
import type { OperatorDeps } from '../modules/operator/area-command.js';
import { openObjectStorage } from '../platform/object-storage/index.js';

/** What one CLI run answered: its exit code and the lines it wrote to each stream. */
export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * The operator commands' dependencies for a test: its database, config and clock, mail unsent, and
 * the memory of the test's app when there is one (commands then drop its cached reports, as the
 * operator API does), else a memory of their own, as the CLI has.
 */
export function testOperatorDeps(
  db: Db,
  config: Config,
  clock: Clock,
  instance?: Pick<OperatorDeps, 'state' | 'storage'>,
): OperatorDeps {
  return {
    db,
    mailer: createMailer(db, { smtpUrl: null, mailFrom: config.mailFrom }, () => {}),
    config,
    clock,
    storage: instance?.storage ?? openObjectStorage(config),
    state: instance?.state ?? createInstanceState(),
  };
}

/**
 * The operator CLI run in-process on its own database (ADR 0003), as a test calls it:
 * `cli('assign-document', '--lms', 'north', ...)`. `deps` is read at each call, so a suite can make
 * them in beforeAll.
 */
export function operatorCli(deps: () => OperatorDeps) {
  return async (...args: string[]): Promise<CliResult> => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const code = await runCli(
      args,
      async () => ({ run: localRunner(deps()), close: async () => undefined }),
      io,
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}
