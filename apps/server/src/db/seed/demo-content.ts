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
  for (const attachment of DEMO_ATTACHMENTS) {
    const scoKey = scoKeys.get(`${attachment.packageId}/${attachment.item}`);
    if (scoKey === undefined) throw new Error(`demo package lacks ${attachment.item}`);
    const lessons = await db
      .selectFrom('lesson as l')
      .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
      .innerJoin('course as co', 'co.courseKey', 't.courseKey')
      .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
      .select('l.lessonKey')
      .where('cu.lmsKey', '=', lmsKey)
      .where('cu.name', '=', attachment.curriculum)
      .where('l.name', '=', attachment.lesson)
      .execute();
    if (lessons.length === 0) {
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
      .where(
        'lessonKey',
        'in',
        lessons.map((l) => l.lessonKey),
      )
      .execute();
  }
}
