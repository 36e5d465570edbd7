import type { FeatureArea } from '../feature-area.js';
import { addRecordsBundleCommands } from './bundle-cli.js';
import { recordsBundleCommands } from './bundle/operator-commands.js';
import { recordsBundleRoutes } from './bundle/routes.js';
import { recordsCli } from './cli.js';
import { recordCommands } from './operator-commands.js';
import { retentionCommands } from './retention/operator-commands.js';
import { retentionRoutes } from './retention/routes.js';
import { sealJobs } from './seal.js';

/**
 * Training records (docs/decisions/0023 "Training events"): the hash-chained event history that
 * migration 0028's triggers append to, its daily seal, `records verify|seal`.
 */
export const recordsArea: FeatureArea = {
  name: 'records',
  lmsRoutes: [recordsBundleRoutes, retentionRoutes],
  operatorCommands: [...recordCommands, ...recordsBundleCommands, ...retentionCommands],
  cli: (program, run) => {
    recordsCli(program, run);
    // The bundle and retention commands join the chain's under the same `records` command.
    const records = program.commands.find((command) => command.name() === 'records');
    if (!records) return;
    records.description(
      'training records: the tamper-evident event history (verify, seal), signed bundles, retention',
    );
    addRecordsBundleCommands(records, run);
  },
  jobs: (deps) => sealJobs(deps),
  migrations: ['0028-training-events', '0030-records-retention'],
};
