import type { ProgressElement } from './progress-element.js';

/** "A curriculum is draft if any child course is draft" (elementDraft above 0, §4 Drafts and lists). */
export function isDraftCurriculum(curriculum: ProgressElement): boolean {
  return curriculum.elementChildren.some((course) => course.elementDraft > 0);
}

/** "It is draft-associated (hidden from recent lessons and the report) when all children are drafts." */
export function isDraftAssociated(curriculum: ProgressElement): boolean {
  return (
    curriculum.elementChildren.length > 0 &&
    curriculum.elementChildren.every((course) => course.elementDraft > 0)
  );
}

/** "Assignments shown need a non-empty name and must not be drafts." */
export function isShownAssignment(curriculum: ProgressElement): boolean {
  return curriculum.elementName.trim() !== '' && !isDraftCurriculum(curriculum);
}

/** "The Drafts link shows only when any progress-report child has elementDraft above 0" (§2). */
export function hasDrafts(progressReport: ProgressElement[]): boolean {
  return progressReport.some(isDraftCurriculum);
}
