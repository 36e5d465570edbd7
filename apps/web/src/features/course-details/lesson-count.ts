/**
 * '{n} Lessons' of the top block and '(n Lessons)' of a course row (§2), with the singular for one:
 * '1 Lesson' (ADR 0010, "One lesson").
 */
export function lessonsText(count: number): string {
  return count === 1 ? '1 Lesson' : `${count} Lessons`;
}
