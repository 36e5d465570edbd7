import type { Migration } from './migration.js';

/**
 * Certificates are issued only for a passed outcome (docs/decisions/0010 "Outcomes", 0011): §6
 * "available only when the element is complete", read with §4's failure rules. Before this rule a
 * curriculum or course with a failed result below it could be certified. Those certificates are
 * revoked now, with a reason the public verification page may show (`revoke_public_reason`; an
 * operator's own reason stays private, ADR 0011), so the page says Revoked and the status list
 * has their bits set.
 *
 * Failed, as the report rolls it up (roll-up.ts, presenter.ts), is any of these below the
 * certificate's curriculum or course, in the same assignment:
 * - a credited lesson (play mode not 2) with a failure code below -1, or complete but not passing:
 *   credit below 0, or scorable and attempted below its pass score (§4 Lesson status);
 * - a sequenced SCORM 2004 course, one package being the whole course (ADR 0007), whose latest
 *   attempt's rollup is not satisfied (SN RB.1.2).
 */
export const migration0019: Migration = {
  name: '0019-failed-outcome-certificates',
  statements: [
    `ALTER TABLE issued_certificate ADD COLUMN revoke_public_reason text NOT NULL DEFAULT ''`,
    `UPDATE issued_certificate AS ic
        SET revoked_at = now(),
            revoke_reason = 'Revoked by migration 0019: the result below it did not pass.',
            revoke_public_reason = 'The result this certificate was issued for did not pass. A certificate is issued only for a passed result.'
      WHERE ic.revoked_at IS NULL
        AND (
          EXISTS (
            SELECT 1
              FROM lesson_progress lp
              JOIN lesson l ON l.lesson_key = lp.lesson_key
              JOIN topic t ON t.topic_key = l.topic_key
              JOIN course c ON c.course_key = t.course_key
             WHERE lp.assignment_key = ic.assignment_key
               AND c.curriculum_key = ic.curriculum_key
               AND (ic.course_key IS NULL OR c.course_key = ic.course_key)
               AND l.play_mode <> 2
               AND (
                 lp.completion < -1
                 OR (lp.completion >= 1 AND lp.credit < 0)
                 OR (lp.completion >= 1 AND lp.attempts > 0 AND l.scorable > 0
                     AND l.min_score_pass > 0 AND lp.score < l.min_score_pass)
               )
          )
          OR EXISTS (
            SELECT 1
              FROM sequencing_state ss
              JOIN course c ON c.course_key = ss.course_key
             WHERE ss.assignment_key = ic.assignment_key
               AND c.curriculum_key = ic.curriculum_key
               AND (ic.course_key IS NULL OR ss.course_key = ic.course_key)
               AND ss.rollup_satisfied = false
               AND ss.attempt = (
                 SELECT max(latest.attempt)
                   FROM sequencing_state latest
                  WHERE latest.assignment_key = ss.assignment_key
                    AND latest.course_key = ss.course_key
                    AND latest.package_key = ss.package_key
               )
               AND NOT EXISTS (
                 SELECT 1
                   FROM lesson l
                   JOIN topic t ON t.topic_key = l.topic_key
                   LEFT JOIN sco s ON s.sco_key = l.sco_key
                  WHERE t.course_key = ss.course_key
                    AND s.package_key IS DISTINCT FROM ss.package_key
               )
          )
        )`,
  ],
};
