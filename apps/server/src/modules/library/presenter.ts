import type { LibraryCourse, LibraryMediaItem } from '@waypoint/domain/contract';
import type { LibraryTreeRow, MediaRow } from './repo.js';

/** Library rows in the spec's field names (§3 Library course item, Library media item). */

/** Folds the tree query's rows (in tree order) into course > topics > lessons. */
export function presentCourses(rows: LibraryTreeRow[]): LibraryCourse[] {
  const courses: LibraryCourse[] = [];
  const byKey = new Map<number, LibraryCourse>();
  const topics = new Map<number, LibraryCourse['elementChildren'][number]>();
  for (const row of rows) {
    let course = byKey.get(row.courseKey);
    if (!course) {
      course = {
        elementType: 'course',
        elementKey: row.courseKey,
        elementName: row.courseName,
        elementChildren: [],
      };
      byKey.set(row.courseKey, course);
      courses.push(course);
    }
    if (row.topicKey === null) continue;
    let topic = topics.get(row.topicKey);
    if (!topic) {
      topic = {
        elementType: 'topic',
        elementKey: row.topicKey,
        elementName: row.topicName ?? '',
        elementChildren: [],
      };
      topics.set(row.topicKey, topic);
      course.elementChildren.push(topic);
    }
    if (row.lessonKey === null) continue;
    topic.elementChildren.push({
      elementType: 'lesson',
      elementKey: row.lessonKey,
      elementName: row.lessonName ?? '',
    });
  }
  return courses;
}

/** A file item's type, whatever label the operator gave it, so the panel offers its download. */
export const FILE_TYPE = 'file';
export const LINK_TYPE = 'link';

/**
 * Media rows as §3 media items. A file item's link is its download address on the panel (the
 * session is checked there); a link item's is the address given; other items have none.
 */
export function presentMedia(
  rows: MediaRow[],
  groups: { libraryKey: number; groupKey: number; name: string }[],
  fileAddress: (row: MediaRow) => string,
): LibraryMediaItem[] {
  const groupsOf = new Map<number, { groupKey: number; name: string }[]>();
  for (const group of groups) {
    const list = groupsOf.get(group.libraryKey) ?? [];
    list.push(group);
    groupsOf.set(group.libraryKey, list);
  }
  return rows.map((row) => {
    const own = groupsOf.get(row.libraryKey) ?? [];
    const isFile = row.storageFolder !== null;
    return {
      libraryKey: row.libraryKey,
      lmsKey: row.lmsKey,
      coursewareKey: row.courseKey ?? -1,
      groupKey: own[0]?.groupKey ?? -1,
      name: row.name,
      description: row.description,
      type: isFile ? FILE_TYPE : row.mediaType,
      link: isFile ? fileAddress(row) : row.link,
      fileName: row.fileName,
      courseName: row.courseName ?? '',
      courseKey: row.courseKey ?? -1,
      groups: own.map((group) => group.name),
      checked: false,
    };
  });
}
