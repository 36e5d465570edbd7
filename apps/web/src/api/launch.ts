/** The lesson launch flow's server calls (spec §4 Lesson launch flow, §7). */
import { launchCalls, type LaunchKeys } from '@waypoint/domain/contract';
import { send } from './client';
import { SERVICE_BASE } from './paths';

export type { LaunchKeys, PrelaunchAnswer } from '@waypoint/domain/contract';

/** The window lessons open in: the launch form posts into it. */
export const LESSON_WINDOW_NAME = 'waypoint_lesson';

/** POST /api/studentlaunch/prelaunch/ignored/{curriculumKey}/{elementKey}/{assignmentKey}/?force= */
export const prelaunch = (
  curriculumKey: number,
  elementKey: number,
  assignmentKey: number,
  force: boolean,
) => send(launchCalls.prelaunch, [curriculumKey, elementKey, assignmentKey, force]);

/** POST /api/studentlaunch/ (the start-launch post): its text answer is the launch id. */
export const startLaunch = (keys: LaunchKeys) => send(launchCalls.startLaunch, [], { body: keys });

/** The launch form's action, a full address for the form post into the lesson window (§4 step 5). */
export const launchFormAction = (launchId: string) =>
  `${SERVICE_BASE}${launchCalls.launchForm.path(launchId)}`;
