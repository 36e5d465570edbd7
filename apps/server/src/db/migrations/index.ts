import { migration0001 } from './0001-lms-and-users.js';
import { migration0002 } from './0002-content-and-progress.js';
import { migration0003 } from './0003-panel-features.js';
import { migration0004 } from './0004-report-versions.js';
import { migration0005 } from './0005-lesson-player.js';
import { migration0006 } from './0006-waypoint-login-option.js';
import { migration0007 } from './0007-evaluations.js';
import { migration0008 } from './0008-certificates.js';
import { migration0009 } from './0009-library-and-comments.js';
import { migration0010 } from './0010-scorm-sequencing.js';
import { migration0012 } from './0012-document-forms.js';
import { migration0013 } from './0013-calendar-feed.js';
import { migration0014 } from './0014-reminders.js';
import { migration0015 } from './0015-single-sign-on.js';
import { migration0016 } from './0016-sequencing-in-the-panel.js';
import { migration0017 } from './0017-email-retries.js';
import { migration0019 } from './0019-failed-outcome-certificates.js';
import { migration0020 } from './0020-sso-assume-email-verified.js';
import { migration0021 } from './0021-sco-delivery-controls.js';
import { migration0022 } from './0022-staff-console.js';
import { migration0023 } from './0023-people-search.js';
import { migration0024 } from './0024-programme-settings.js';
import { migration0025 } from './0025-assignment-rules.js';
import { migration0026 } from './0026-compliance.js';
import { migration0027 } from './0027-lesson-attempts.js';
import { migration0028 } from './0028-training-events.js';
import { migration0029 } from './0029-validity-rules.js';
import { migration0030 } from './0030-records-retention.js';
import { migration0031 } from './0031-offline-lessons.js';
import type { Migration } from './migration.js';

/** Every migration, in order. Append only; never edit one that has landed. */
export const migrations: Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
  migration0023,
  migration0024,
  migration0025,
  migration0026,
  migration0027,
  migration0028,
  migration0029,
  migration0030,
  migration0031,
];
