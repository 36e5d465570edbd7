import type { Migration } from './migration.js';

/**
 * A SCORM 2004 SCO's imsss:deliveryControls completionSetByContent and objectiveSetByContent
 * (IMS SS: false unless the manifest says true): when false, the LMS completes and satisfies an
 * attempt the content ends without a status (SN End Attempt Process, ADR 0007). Packages already
 * imported take them from their stored sequencing definition.
 */
export const migration0021: Migration = {
  name: '0021-sco-delivery-controls',
  statements: [
    `ALTER TABLE sco
       ADD COLUMN completion_set_by_content boolean NOT NULL DEFAULT false,
       ADD COLUMN objective_set_by_content boolean NOT NULL DEFAULT false`,
    `UPDATE sco AS s
        SET completion_set_by_content =
              coalesce((found.controls ->> 'completionSetByContent')::boolean, false),
            objective_set_by_content =
              coalesce((found.controls ->> 'objectiveSetByContent')::boolean, false)
       FROM (
         SELECT s2.sco_key,
                jsonb_path_query_first(
                  p.manifest #> '{sequencing,definition,activityTree}',
                  'strict $.** ? (@.id == $id).sequencingControls',
                  jsonb_build_object('id', s2.identifier)
                ) AS controls
           FROM sco s2
           JOIN content_package p ON p.package_key = s2.package_key
          WHERE p.scorm_version = '2004'
       ) AS found
      WHERE found.sco_key = s.sco_key AND found.controls IS NOT NULL`,
  ],
};
