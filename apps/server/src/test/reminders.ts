import { randomUUID } from 'node:crypto';
import { importScormPackage } from '../modules/content/import.service.js';
import { localContentStorage } from '../modules/content/storage.js';
import type { TestApp } from './app.js';
import { buildAssignment } from './factories.js';
import { singleScoManifest2004, zipOf } from './launch.js';

const DAY = 86_400_000;
let serial = 0;

/** Moves the test clock on to noon UTC, so the days a test steps through never straddle a midnight. */
export function toNoonUtc(t: TestApp) {
  const now = t.clock.now().getTime();
  t.clock.advance(Math.floor(now / DAY) * DAY + DAY / 2 - now);
}

/**
 * Imports a one-lesson curriculum and assigns it to the student from now, due at the end of the
 * UTC day `days` ahead (the day a reminder counts to).
 */
export async function assignDueCurriculum(
  t: TestApp,
  userKey: number,
  lmsKey: number,
  name: string,
  days: number,
) {
  serial += 1;
  const imported = await importScormPackage(
    { db: t.db, storage: localContentStorage(t.config) },
    await zipOf({
      'imsmanifest.xml': singleScoManifest2004({
        // Unique across test files too: a database may outlive one file's module state.
        id: `due-${randomUUID()}`,
        title: `Package ${serial}`,
        lesson: 'Lesson',
      }),
      'index.html': '<p>lesson</p>',
    }),
    { lmsKey, curriculum: name, course: `${name} course` },
  );
  const startDate = t.clock.now();
  const dueDay = new Date(startDate.getTime() + days * DAY);
  const due = Date.UTC(dueDay.getUTCFullYear(), dueDay.getUTCMonth(), dueDay.getUTCDate() + 1);
  const assignment = await buildAssignment(t.db, {
    userKey,
    curriculumKey: imported.curriculum!.curriculumKey,
    assignedAt: startDate,
    startDate,
    durationMs: due - 1 - startDate.getTime(),
  });
  return { assignment, lessonKey: imported.lessons[0]!.lessonKey };
}
