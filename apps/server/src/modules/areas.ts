import type { FeatureArea } from './feature-area.js';
import { assignmentsArea } from './assignments/module.js';
import { attemptsArea } from './attempts/module.js';
import { authArea } from './auth/module.js';
import { calendarFeedArea } from './calendar-feed/module.js';
import { certificatesArea } from './certificates/module.js';
import { commentsArea } from './comments/module.js';
import { complianceArea } from './compliance/module.js';
import { contentArea } from './content/module.js';
import { documentsArea } from './documents/module.js';
import { emailArea } from './email/module.js';
import { evaluationsArea } from './evaluations/module.js';
import { housekeepingArea } from './housekeeping/module.js';
import { launchArea } from './launch/module.js';
import { libraryArea } from './library/module.js';
import { lmsInfoArea } from './lms-info/module.js';
import { nowArea } from './now/module.js';
import { operatorArea } from './operator/module.js';
import { peopleArea } from './people/module.js';
import { offlineArea } from './offline/module.js';
import { playerArea } from './player/module.js';
import { programmeArea } from './programme/module.js';
import { progressArea } from './progress/module.js';
import { remindersArea } from './reminders/module.js';
import { recordsArea } from './records/module.js';
import { reportsArea } from './reports/module.js';
import { sequencingArea } from './sequencing/module.js';
import { sessionsArea } from './sessions/module.js';
import { ssoArea } from './sso/module.js';
import { staffArea } from './staff/module.js';
import { usersArea } from './users/module.js';
import { validityArea } from './validity/module.js';
import { widgetsArea } from './widgets/module.js';

/**
 * The platform's own share: the migrations of the core data model (LMS, users, sessions, the
 * curriculum tree, progress) that every area builds on.
 */
const platform: FeatureArea = {
  name: 'platform',
  migrations: ['0001-lms-and-users', '0002-content-and-progress', '0003-panel-features'],
};

/**
 * Every feature area, one line each (docs/decisions/0020 "Feature areas"): app.ts registers
 * their routes, the operator API and CLI take their commands, main.ts starts their jobs. A new
 * area is a folder with a module.ts and one line here. The order is the CLI's help order.
 */
export const AREAS: readonly FeatureArea[] = [
  platform,
  nowArea,
  operatorArea,
  contentArea,
  emailArea,
  authArea,
  sessionsArea,
  lmsInfoArea,
  usersArea,
  staffArea,
  peopleArea,
  assignmentsArea,
  complianceArea,
  validityArea,
  programmeArea,
  progressArea,
  widgetsArea,
  calendarFeedArea,
  launchArea,
  sequencingArea,
  documentsArea,
  libraryArea,
  commentsArea,
  reportsArea,
  recordsArea,
  attemptsArea,
  evaluationsArea,
  certificatesArea,
  remindersArea,
  ssoArea,
  playerArea,
  offlineArea,
  housekeepingArea,
];
