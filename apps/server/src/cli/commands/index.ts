import type { AreaCli } from './area-cli.js';
import { certificatesCli } from './certificates.js';
import { evaluationsCli } from './evaluations.js';
import { libraryCli } from './library.js';
import { commentsCli } from './comments.js';
import { documentsCli } from './documents.js';
import { remindersCli } from './reminders.js';
import { ssoCli } from './sso.js';

export type { AreaCli, RunAreaCommand } from './area-cli.js';

/**
 * Every area's command-line commands, one entry per area (the operator commands they run are
 * listed in modules/operator/area-commands.ts).
 */
export const AREA_CLIS: readonly AreaCli[] = [
  certificatesCli,
  evaluationsCli,
  libraryCli,
  commentsCli,
  documentsCli,
  remindersCli,
  ssoCli,
];
