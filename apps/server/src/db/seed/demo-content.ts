import type { Db } from '../connection.js';
import { importScormPackage } from '../../modules/content/import.service.js';
import type { ContentStorage } from '../../modules/content/storage.js';
import { buildDemoPackageZip, type DemoPackageId } from './demo-packages.js';

/**
 * The demo SCORM packages (apps/server/demo-content), imported into the demo training provider and
 * attached to lessons of its curricula, so the demo student can play them.
 */
interface Attachment {
  curriculum: string;
  lesson: string;
  packageId: DemoPackageId;
  /** The manifest item the lesson plays. */
  item: string;
  /** A scored quiz: an exam on the panel (score weight 100 shows the fraction as a percent). */
  scored?: { minScorePass: number };
}

/** A lesson reading one of the reading lessons (its item's launch data names the text). */
const reading = (curriculum: string, lesson: string, key: string): Attachment => ({
  curriculum,
  lesson,
  packageId: 'reading-lessons',
  item: `item-${key}`,
});

/** A lesson taking one of the knowledge checks; its pass mark and weight stay as seeded. */
const check = (curriculum: string, lesson: string, key: string): Attachment => ({
  curriculum,
  lesson,
  packageId: 'knowledge-checks',
  item: `item-${key}`,
});

/**
 * Every demo lesson that has something to play, and what it plays (§4: "launchable if it has a
 * content key"). Whether it may launch now still depends on its state (locks, expiry, attempts),
 * which the course details row says in words (ADR 0010).
 */
export const DEMO_ATTACHMENTS: readonly Attachment[] = [
  {
    curriculum: 'A320 Type Rating',
    lesson: 'Aircraft General',
    packageId: 'safety-briefing',
    item: 'item-safety-briefing',
  },
  {
    curriculum: 'Annual Recurrent Training',
    lesson: 'Emergency Equipment Refresher',
    packageId: 'safety-briefing',
    item: 'item-safety-briefing',
  },
  {
    curriculum: 'A320 Type Rating',
    lesson: 'Hydraulic System',
    packageId: 'systems-quiz',
    item: 'item-hydraulics-overview',
  },
  {
    curriculum: 'A320 Type Rating',
    lesson: 'Hydraulic Abnormals',
    packageId: 'systems-quiz',
    item: 'item-hydraulics-quiz',
    scored: { minScorePass: 0.8 },
  },
  reading('A320 Type Rating', 'Systems Overview (Browse)', 'systems-overview'),
  reading('A320 Type Rating', 'Fly-by-Wire Laws', 'fly-by-wire-laws'),
  reading('A320 Type Rating', 'Flight Controls Review', 'flight-controls-review'),
  reading('A320 Type Rating', 'Cockpit Preparation', 'cockpit-preparation'),
  reading('A320 Type Rating', 'Before Start to Take-off', 'before-start-to-take-off'),
  reading('A320 Type Rating', 'Engine Failure After V1', 'engine-failure-after-v1'),
  check('Dangerous Goods', 'Classes and Divisions', 'classes-and-divisions'),
  check('Dangerous Goods', 'Dangerous Goods Final Exam', 'dangerous-goods-final-exam'),
  reading('Crew Resource Management', 'Situational Awareness', 'situational-awareness'),
  reading(
    'Crew Resource Management',
    'Communication and Assertiveness',
    'communication-and-assertiveness',
  ),
  reading('Security Awareness', 'Access Control and ID', 'access-control-and-id'),
  check('Security Awareness', 'Security Awareness Exam', 'security-awareness-exam'),
  reading('Emergency Evacuation', 'Evacuation Commands', 'evacuation-commands'),
  check('Aviation English Proficiency', 'Phraseology Assessment', 'phraseology-assessment'),
  check('Upset Prevention and Recovery', 'High Altitude Stalls', 'high-altitude-stalls'),
  check('Upset Prevention and Recovery', 'Nose-High Recovery', 'nose-high-recovery'),
  reading('Cabin Pressurisation', 'Time of Useful Consciousness', 'time-of-useful-consciousness'),
  reading('Winter Operations', 'Holdover Time Tables', 'holdover-time-tables'),
  reading('Winter Operations', 'Contaminated Runways', 'contaminated-runways'),
  reading('Performance-Based Navigation', 'RNP APCH', 'rnp-apch'),
  reading('Fatigue Risk Management', 'Sleep Science', 'sleep-science'),
  reading('Fatigue Risk Management', 'Filing a Fatigue Report', 'filing-a-fatigue-report'),
  reading('A350 Differences', 'Cockpit Displays', 'cockpit-displays'),
  reading('A350 Differences', 'Electrical System', 'electrical-system'),
  reading('Annual Recurrent Training', 'Security Refresher', 'security-refresher'),
  // The validity rules' curricula (demo-validity.ts): a check each, taken again in every cycle.
  check(
    'Operator Proficiency Check (EASA)',
    'Operator Proficiency Check (EASA): check',
    'high-altitude-stalls',
  ),
  check(
    'Recurrent Ground Training (FAA)',
    'Recurrent Ground Training (FAA): check',
    'security-awareness-exam',
  ),
  reading('Company Indoctrination', 'Company Indoctrination: check', 'access-control-and-id'),
];

/**
 * The demo lessons left without content on purpose, and why: the course details row then shows
 * the "no content yet" reason (ADR 0010), so the demo has one of each.
 */
export const DEMO_LESSONS_WITHOUT_CONTENT: readonly { curriculum: string; lesson: string }[] = [
  // A classroom lesson (player 'CLAS', §2): attended in person, nothing to play online.
  { curriculum: 'Crew Resource Management', lesson: 'CRM Classroom Workshop' },
];

/** Imports each demo package once and points the demo lessons at their SCOs. */
export async function seedDemoContent(
  db: Db,
  storage: ContentStorage,
  lmsKey: number,
): Promise<void> {
  const scoKeys = new Map<string, number>();
  for (const packageId of new Set(DEMO_ATTACHMENTS.map((a) => a.packageId))) {
    const imported = await importScormPackage(
      { db, storage },
      await buildDemoPackageZip(packageId),
      { lmsKey },
    );
    for (const sco of imported.scos) scoKeys.set(`${packageId}/${sco.identifier}`, sco.scoKey);
  }
  // Every lesson of the demo LMS once, not one query per attachment: the seed runs at first start.
  const lessons = await db
    .selectFrom('lesson as l')
    .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
    .innerJoin('course as co', 'co.courseKey', 't.courseKey')
    .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
    .select(['l.lessonKey', 'l.name as lesson', 'cu.name as curriculum'])
    .where('cu.lmsKey', '=', lmsKey)
    .execute();
  for (const attachment of DEMO_ATTACHMENTS) {
    const scoKey = scoKeys.get(`${attachment.packageId}/${attachment.item}`);
    if (scoKey === undefined) throw new Error(`demo package lacks ${attachment.item}`);
    const lessonKeys = lessons
      .filter((l) => l.curriculum === attachment.curriculum && l.lesson === attachment.lesson)
      .map((l) => l.lessonKey);
    if (lessonKeys.length === 0) {
      throw new Error(`no demo lesson ${attachment.curriculum} / ${attachment.lesson}`);
    }
    await db
      .updateTable('lesson')
      .set({
        scoKey,
        ...(attachment.scored
          ? { scorable: 1, scoreWeight: 100, minScorePass: attachment.scored.minScorePass }
          : {}),
      })
      .where('lessonKey', 'in', lessonKeys)
      .execute();
  }
}
