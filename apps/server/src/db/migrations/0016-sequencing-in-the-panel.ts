import type { Migration } from './migration.js';

/**
 * SCORM 2004 sequencing in the panel (docs/decisions/0007, Sequencing in the panel): what the
 * panel shows of each sequencing attempt (the lessons a launch may open, those not listed, the
 * rollup), worked out by the engine when the state or the delivered SCO's data changes and read
 * by the progress report without running the engine. A change to a sequencing state changes the
 * learner's report, so it bumps their report version (migration 0004) like lesson progress does.
 */
export const migration0016: Migration = {
  name: '0016-sequencing-in-the-panel',
  statements: [
    `ALTER TABLE sequencing_state ADD COLUMN panel text NOT NULL DEFAULT ''`,
    `CREATE TRIGGER sequencing_state_report_version AFTER INSERT OR UPDATE OR DELETE ON sequencing_state
      FOR EACH ROW EXECUTE FUNCTION report_row_changed()`,
  ],
};
