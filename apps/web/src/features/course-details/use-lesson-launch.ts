/**
 * The lesson launch flow, steps 1 to 3 (spec §4 Lesson launch flow, §8 Launch): the click
 * throttle, the pre-launch check with the 'Launching your lesson...' backdrop, the server's
 * refusal in the 'Message' modal, and the 'Multiple Lessons' confirmation when the server answers
 * 409 (another device or browser), whose confirmation sends a forced pre-launch.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, type ApiResult } from '../../api/client';
import { prelaunch, type PrelaunchAnswer } from '../../api/launch';
import { createLaunchThrottle, type LaunchThrottle } from './launch-throttle';

/** §8 Launch: the text for any other non-401 error. */
export const LAUNCH_ERROR = 'An issue occurred while launching the module.';

/** What is launched: the lesson and the keys the pre-launch path needs. */
export interface LaunchTarget {
  curriculumKey: number;
  elementKey: number;
  assignmentKey: number;
}

export type LaunchDialog =
  | { kind: 'message'; text: string }
  | { kind: 'multiple'; text: string; target: LaunchTarget }
  | null;

/** "server message with a trailing period ensured" (§4 step 3). */
export function withTrailingPeriod(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function answerMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const answer = body as PrelaunchAnswer;
    if (typeof answer.errorMessage === 'string' && answer.errorMessage) return answer.errorMessage;
  }
  return '';
}

/** Reads a pre-launch answer into the dialog to show (§4 steps 2-3, §8 Launch). */
export function launchOutcome(
  result: ApiResult<PrelaunchAnswer>,
  target: LaunchTarget,
  forced: boolean,
): LaunchDialog {
  const message = answerMessage(result.responseBody);
  if (result.successfulApiCall) {
    // Step 2: "If the body has an error message, show it." Steps 4-5 (start-launch and the launch
    // form) need the lesson player, which this server does not have yet: no pretend success.
    return { kind: 'message', text: message || LAUNCH_ERROR };
  }
  if (result.statusCode === 409 && !forced) {
    return { kind: 'multiple', text: withTrailingPeriod(message || result.errorMsg), target };
  }
  if ((result.statusCode === 403 || result.statusCode === 404) && message) {
    return { kind: 'message', text: message };
  }
  return { kind: 'message', text: LAUNCH_ERROR };
}

/** State and actions of the launch flow for the course-details screen. */
export function useLessonLaunch() {
  const [inFlight, setInFlight] = useState<'none' | 'prelaunch' | 'forced'>('none');
  const [waiting, setWaiting] = useState(false);
  const [dialog, setDialog] = useState<LaunchDialog>(null);
  const busy = useRef(false);
  const mounted = useRef(true);

  const run = useCallback(async (target: LaunchTarget, forced: boolean) => {
    if (busy.current) {
      setWaiting(false);
      return;
    }
    busy.current = true;
    setWaiting(false);
    setInFlight(forced ? 'forced' : 'prelaunch');
    let next: LaunchDialog;
    try {
      const result = await prelaunch(
        target.curriculumKey,
        target.elementKey,
        target.assignmentKey,
        forced,
      );
      next = launchOutcome(result, target, forced);
    } catch (error) {
      // 401 and status 0 already opened the Invalid Connection pop-up (api/client).
      next =
        error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 0)
          ? null
          : { kind: 'message', text: LAUNCH_ERROR };
    }
    busy.current = false;
    if (!mounted.current) return;
    setInFlight('none');
    setDialog(next);
  }, []);

  // Created on the first click, so the 60 s window lives as long as the screen.
  const throttle = useRef<LaunchThrottle<LaunchTarget> | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      throttle.current?.cancel();
    };
  }, []);

  return {
    /** 'Launching your lesson...' shows while the pre-launch check or a delayed attempt runs. */
    launching: inFlight === 'prelaunch' || waiting,
    /** The loading-module modal of the forced pre-launch (§4 step 4). */
    loadingModule: inFlight === 'forced',
    dialog,
    launch(target: LaunchTarget) {
      throttle.current ??= createLaunchThrottle<LaunchTarget>((next) => void run(next, false));
      if (throttle.current.click(target) === 'delayed') setWaiting(true);
    },
    closeDialog() {
      setDialog(null);
    },
    confirmMultiple() {
      if (dialog?.kind !== 'multiple') return;
      const { target } = dialog;
      setDialog(null);
      void run(target, true);
    },
  };
}
