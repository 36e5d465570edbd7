/** The lesson launch flow's server calls (spec §4 Lesson launch flow, §7). */
import { request, type ApiResult } from './client';
import { SERVICE_BASE } from './paths';

const enc = encodeURIComponent;

/** The pre-launch check's answer: it may hold an error message (§7). */
export interface PrelaunchAnswer {
  errorMessage?: string;
  message?: string;
}

/** What a launch is of: the lesson and the keys the launch paths need. */
export interface LaunchKeys {
  curriculumKey: number;
  elementKey: number;
  assignmentKey: number;
}

/** Paths of the launch calls. */
export const launchPaths = {
  prelaunch: (curriculumKey: number, elementKey: number, assignmentKey: number, force: boolean) =>
    `/api/studentlaunch/prelaunch/ignored/${enc(curriculumKey)}/${enc(elementKey)}/` +
    `${enc(assignmentKey)}/?force=${force}`,
  startLaunch: () => '/api/studentlaunch/',
  /** The launch form's action (our path; the spec shows only "a form post"). */
  launchForm: (launchId: string) => `${SERVICE_BASE}/api/studentlaunch/launch/${enc(launchId)}`,
} as const;

/** The window lessons open in: the launch form posts into it. */
export const LESSON_WINDOW_NAME = 'waypoint_lesson';

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

/** POST /api/studentlaunch/ (the start-launch post): its text answer is the launch id. */
export function startLaunch(keys: LaunchKeys): Promise<ApiResult<string>> {
  return request<string>(launchPaths.startLaunch(), {
    method: 'POST',
    body: keys,
    responseType: 'text',
  });
}
