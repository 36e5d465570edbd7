import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Db } from '../connection.js';
import type { ContentStorage } from '../../modules/content/storage.js';
import { saveMediaFile } from '../../modules/library/media-files.js';
import { DEMO_PACKAGES } from './demo-packages.js';

/**
 * The demo library and comments (§2 Library, §2 Comments screen), seeded after the demo content:
 *
 * - Library courses: 'A320 Type Rating' (also assigned, see demo.ts) and the curriculum
 *   'Reference Library' with the demo SCORM package 'Cabin Safety Briefing' for everyone and
 *   'Hydraulics for Captains' limited to the group 'Captains' (the demo `student` is not in it;
 *   `mfa.student` is).
 * - Media: a PDF file (served as a download), a link, and a link limited to 'Captains'.
 * - Comments on the Hydraulic System lesson (A320 Type Rating), page 2 of its overview: two by
 *   `student`, one by `mfa.student` with a reply by `student`. `mfa.student` gets A320 Type Rating
 *   assigned (without progress) so that they may comment on it.
 */

export const DEMO_LIBRARY_CURRICULUM = 'Reference Library';
export const DEMO_GROUP = 'Captains';
export const DEMO_COMMENT_LESSON = 'Hydraulic System';
/** The overview's bookmark (cmi.location is its page number). */
export const DEMO_COMMENT_LOCATION = '2';

/** A one-page PDF quick reference, made here so the repository holds no binary. */
async function quickReferencePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Cabin Crew Quick Reference');
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Cabin Crew Quick Reference', {
    x: 56,
    y: 770,
    size: 22,
    font: bold,
    color: rgb(0.04, 0.24, 0.57),
  });
  const lines = [
    'Waypoint Demo Airline - reference only, not for operational use.',
    '',
    '1. Doors: arm before push-back, disarm on arrival, cross-check.',
    '2. Safety demonstration: before take-off, every flight.',
    '3. Turbulence: seat belt sign on, secure the cabin and galleys.',
    '4. Evacuation: assess, command, open, evacuate, report.',
  ];
  lines.forEach((line, index) =>
    page.drawText(line, { x: 56, y: 730 - index * 22, size: 12, font }),
  );
  return Buffer.from(await pdf.save());
}

/**
 * The library curriculum's courses, playing the demo packages already imported by
 * demo-content.ts (the same SCOs, not a second copy). Returns course keys by name.
 */
async function insertLibraryCourses(db: Db, lmsKey: number): Promise<Map<string, number>> {
  const scos = await db
    .selectFrom('sco as s')
    .innerJoin('contentPackage as p', 'p.packageKey', 's.packageKey')
    .select(['s.scoKey', 's.title', 'p.title as packageTitle'])
    .where('p.lmsKey', '=', lmsKey)
    .orderBy('s.sortOrder')
    .execute();
  const scosOf = (packageId: (typeof DEMO_PACKAGES)[number]['id']) => {
    const title = DEMO_PACKAGES.find((item) => item.id === packageId)!.title;
    const found = scos.filter((sco) => sco.packageTitle === title);
    if (found.length === 0) throw new Error(`demo package ${packageId} is not imported`);
    return found;
  };
  const curriculum = await db
    .insertInto('curriculum')
    .values({
      lmsKey,
      name: DEMO_LIBRARY_CURRICULUM,
      description: 'Reference lessons: nothing played here is recorded.',
      inLibrary: true,
    })
    .returning('curriculumKey')
    .executeTakeFirstOrThrow();
  const plan = [
    { course: 'Cabin Safety Briefing', topic: 'Briefing', scos: scosOf('safety-briefing') },
    { course: 'Hydraulics for Captains', topic: 'Hydraulics', scos: scosOf('systems-quiz') },
  ];
  const keys = new Map<string, number>();
  for (const [index, entry] of plan.entries()) {
    const course = await db
      .insertInto('course')
      .values({ curriculumKey: curriculum.curriculumKey, name: entry.course, sortOrder: index })
      .returning('courseKey')
      .executeTakeFirstOrThrow();
    const topic = await db
      .insertInto('topic')
      .values({ courseKey: course.courseKey, name: entry.topic })
      .returning('topicKey')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lesson')
      .values(
        entry.scos.map((sco, sortOrder) => ({
          topicKey: topic.topicKey,
          sortOrder,
          name: sco.title,
          scoKey: sco.scoKey,
        })),
      )
      .execute();
    keys.set(entry.course, course.courseKey);
  }
  return keys;
}

const userKeyOf = async (db: Db, lmsKey: number, userId: string) =>
  (
    await db
      .selectFrom('appUser')
      .select('userKey')
      .where('lmsKey', '=', lmsKey)
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).userKey;

/** Seeds the demo library and comments into the demo LMS (after its content was imported). */
export async function seedDemoLibrary(
  db: Db,
  storage: ContentStorage,
  lmsKey: number,
  now: Date,
): Promise<void> {
  const student = await userKeyOf(db, lmsKey, 'student');
  const mfaStudent = await userKeyOf(db, lmsKey, 'mfa.student');

  const pdf = await quickReferencePdf();
  const folder = `lib-${randomBytes(8).toString('hex')}`;
  await saveMediaFile(storage.objects, folder, pdf, 'application/pdf');

  await db.transaction().execute(async (trx) => {
    const group = await trx
      .insertInto('studentGroup')
      .values({ lmsKey, name: DEMO_GROUP })
      .returning('groupKey')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('studentGroupMember')
      .values({ groupKey: group.groupKey, userKey: mfaStudent })
      .execute();
    const courses = await insertLibraryCourses(trx, lmsKey);
    await trx
      .insertInto('libraryCourseGroup')
      .values({ courseKey: courses.get('Hydraulics for Captains')!, groupKey: group.groupKey })
      .execute();

    const media = await trx
      .insertInto('libraryMedia')
      .values([
        {
          lmsKey,
          name: 'Cabin Crew Quick Reference (PDF)',
          description: 'One page: doors, demonstration, turbulence, evacuation.',
          mediaType: 'file',
          fileName: 'cabin-crew-quick-reference.pdf',
          storageFolder: folder,
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          sortOrder: 10,
        },
        {
          lmsKey,
          name: 'EASA Air Operations Regulations',
          description: 'The regulator’s pages, opened in a new tab.',
          mediaType: 'link',
          link: 'https://www.easa.europa.eu/en/regulations/air-operations',
          sortOrder: 11,
        },
        {
          lmsKey,
          name: 'Command Upgrade Handbook',
          description: 'For the Captains group only.',
          mediaType: 'link',
          link: 'https://www.easa.europa.eu/en/document-library/easy-access-rules',
          sortOrder: 12,
        },
      ])
      .returning(['libraryKey', 'name'])
      .execute();
    await trx
      .insertInto('libraryMediaGroup')
      .values({
        libraryKey: media.find((item) => item.name === 'Command Upgrade Handbook')!.libraryKey,
        groupKey: group.groupKey,
      })
      .execute();

    // Comments on the A320 Hydraulic System lesson (its overview SCO), page 2.
    const lesson = await trx
      .selectFrom('lesson as l')
      .innerJoin('topic as t', 't.topicKey', 'l.topicKey')
      .innerJoin('course as co', 'co.courseKey', 't.courseKey')
      .innerJoin('curriculum as cu', 'cu.curriculumKey', 'co.curriculumKey')
      .select(['l.scoKey', 'co.courseKey', 'cu.curriculumKey'])
      .where('cu.lmsKey', '=', lmsKey)
      .where('cu.name', '=', 'A320 Type Rating')
      .where('l.name', '=', DEMO_COMMENT_LESSON)
      .executeTakeFirstOrThrow();
    if (lesson.scoKey === null) throw new Error(`demo lesson ${DEMO_COMMENT_LESSON} has no SCO`);
    await trx
      .insertInto('assignment')
      .values({ userKey: mfaStudent, curriculumKey: lesson.curriculumKey, startDate: now })
      .execute();
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const place = {
      lmsKey,
      courseKey: lesson.courseKey,
      scoKey: lesson.scoKey,
      location: DEMO_COMMENT_LOCATION,
    };
    const [question] = await trx
      .insertInto('annotation')
      .values([
        {
          ...place,
          userKey: mfaStudent,
          annotationString: 'Which pump keeps the yellow system pressurised on the ground?',
          createdAt: at(180),
        },
        {
          ...place,
          userKey: student,
          annotationString: 'The PTU diagram on this page is easier to follow zoomed in.',
          createdAt: at(90),
        },
      ])
      .returning('annotationKey')
      .execute();
    await trx
      .insertInto('annotation')
      .values({
        ...place,
        userKey: student,
        annotationString: 'The yellow electric pump; the PTU can help from the green side.',
        parent: question!.annotationKey,
        createdAt: at(150),
      })
      .execute();
  });
}
