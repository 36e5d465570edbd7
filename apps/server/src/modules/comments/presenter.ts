import { displayNameOf } from '@waypoint/domain';
import type { Annotation, AnnotationReply } from '@waypoint/domain/contract';
import type { AnnotationRow } from './repo.js';

/** Comment rows as §3 annotations, replies under their parent. */

export interface PlaceNames {
  scoName: string;
  leafName: string;
}

/**
 * One annotation for a reader. Other students' login IDs and emails are theirs: the reader gets
 * them only on their own comments (the author's display name is shown to all).
 */
function presentOne(row: AnnotationRow, readerKey: number, names: PlaceNames): AnnotationReply {
  const own = row.userKey === readerKey;
  return {
    annotationKey: row.annotationKey,
    lmsKey: row.lmsKey,
    aggregationKey: row.courseKey,
    scoKey: row.scoKey,
    userKey: row.userKey,
    userName: displayNameOf({
      nameOther: row.nameOther,
      nameCollated: row.nameCollated,
      userID: own ? row.userId : null,
    }),
    userID: own ? row.userId : '',
    email: own ? row.email : '',
    annotationString: row.annotationString,
    annotationInstant: new Date(row.createdAt).getTime(),
    annotationLocation: row.location,
    annotationType: row.annotationType,
    scoName: names.scoName,
    leafName: names.leafName,
    parent: row.parent,
  };
}

/** Comments (parent -1) in order, each with its replies in order under annotationChildren. */
export function presentAnnotations(
  rows: AnnotationRow[],
  readerKey: number,
  names: PlaceNames,
): Annotation[] {
  const top: Annotation[] = [];
  const byKey = new Map<number, Annotation>();
  for (const row of rows) {
    if (row.parent !== -1) continue;
    const comment = { ...presentOne(row, readerKey, names), annotationChildren: [] };
    byKey.set(row.annotationKey, comment);
    top.push(comment);
  }
  for (const row of rows) {
    if (row.parent === -1) continue;
    byKey.get(row.parent)?.annotationChildren.push(presentOne(row, readerKey, names));
  }
  return top;
}
