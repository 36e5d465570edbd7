import type { FeatureArea } from '../feature-area.js';

/**
 * SCORM sequencing (ADR 0007): no routes of its own (the player, launch and the report call it
 * through index.ts); the learner's attempts in sequencing_state and the panel's view kept with them.
 */
export const sequencingArea: FeatureArea = {
  name: 'sequencing',
  migrations: ['0010-scorm-sequencing', '0016-sequencing-in-the-panel'],
};
