/** The lesson launch flow's server calls (spec §4 Lesson launch flow, §7). */
import { request, type ApiResult } from './client';

const enc = encodeURIComponent;

/** The pre-launch check's answer: it may hold an error message (§7). */
export interface PrelaunchAnswer {
  errorMessage?: string;
  message?: string;
}

/** Paths of the launch calls. */
export const launchPaths = {
  prelaunch: (curriculumKey: number, elementKey: number, assignmentKey: number, force: boolean) =>
    `/api/studentlaunch/prelaunch/ignored/${enc(curriculumKey)}/${enc(elementKey)}/` +
    `${enc(assignmentKey)}/?force=${force}`,
} as const;

/** POST /api/studentlaunch/prelaunch/ignored/{curriculumKey}/{elementKey}/{assignmentKey}/?force= */
export function prelaunch(
  curriculumKey: number,
  elementKey: number,
  assignmentKey: number,
  force: boolean,
): Promise<ApiResult<PrelaunchAnswer>> {
  return request<PrelaunchAnswer>(
    launchPaths.prelaunch(curriculumKey, elementKey, assignmentKey, force),
    { method: 'POST' },
  );
}
