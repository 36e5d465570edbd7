/**
 * The lesson launch flow (spec §4 Lesson launch flow, §8 Launch): the click throttle, the
 * pre-launch check with the 'Launching your lesson...' backdrop, the server's refusal in the
 * 'Message' modal, the 'Multiple Lessons' confirmation when the server answers 409 (another device
 * or browser) whose confirmation sends a forced pre-launch, then the start-launch post and the
 * launch form into the lesson window; progress reloads after the launch and when the window closes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, OfflineError, serverMessage, type ApiResult } from '../../api/client';
import { currentCredentials } from '../../api/credentials';
import {
  LESSON_WINDOW_NAME,
  launchFormAction,
  prelaunch,
  startLaunch,
  type PrelaunchAnswer,
} from '../../api/launch';
import { reloadProgress } from '../../api/use-progress';
import { refuseOffline } from '../../lib/online';
import { createLaunchThrottle, type LaunchThrottle } from './launch-throttle';

/** §8 Launch: the text for any other non-401 error. */
export const LAUNCH_ERROR = 'An issue occurred while launching the module.';

/** What is launched: the lesson and the keys the pre-launch path needs. */
export interface LaunchTarget {
  curriculumKey: number;
  elementKey: number;
  assignmentKey: number;
  /** §4 step 5: post the second form (liveVerification=1); the server decides in the end. */
  liveVerification: boolean;
}

/** Shown when the browser refuses to open the lesson window. */
export const POPUP_BLOCKED =
  'Your browser blocked the lesson window. Allow pop-ups for this site, then launch the lesson again.';
/** How often the panel looks whether the lesson window was closed. */
const WINDOW_POLL_MS = 1_000;
/** When to look once more after the window closed. */
const LATE_COMMIT_MS = 3_000;

/** The two hidden launch forms of §2 Course details, filled and submitted by the flow. */
export interface LaunchForms {
  plain: HTMLFormElement | null;
  liveVerification: HTMLFormElement | null;
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

/**
 * Reads a pre-launch answer (§4 steps 2-3, §8 Launch): the dialog to show, or 'start' when the
 * launch may go on to the start-launch post.
 */
export function launchOutcome(
  result: ApiResult<PrelaunchAnswer>,
  target: LaunchTarget,
  forced: boolean,
): LaunchDialog | 'start' {
  const message = answerMessage(result.responseBody);
  if (result.successfulApiCall) {
    // Step 2: "If the body has an error message, show it."
    return message ? { kind: 'message', text: message } : 'start';
  }
  if (result.statusCode === 409 && !forced) {
    return { kind: 'multiple', text: withTrailingPeriod(message || result.errorMsg), target };
  }
  if ((result.statusCode === 403 || result.statusCode === 404) && message) {
    return { kind: 'message', text: message };
  }
  return { kind: 'message', text: LAUNCH_ERROR };
}

/** The start-launch post's refusal text: its errorMessage, else §8's general launch error. */
function startRefusal(result: ApiResult<string>): string {
  if (result.successfulApiCall) return LAUNCH_ERROR;
  let body: unknown = result.responseBody;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return LAUNCH_ERROR;
    }
  }
  if (result.statusCode === 401) return '';
  return answerMessage(body) || (result.statusCode < 500 && serverMessage(body)) || LAUNCH_ERROR;
}

/**
 * Step 5's form post into the lesson window: the form with liveVerification=1 when asked for,
 * the hidden sessionID filled at the last moment. Null when the browser blocked the window.
 */
export function submitLaunchForm(
  forms: LaunchForms,
  launchId: string,
  liveVerification: boolean,
): Window | null {
  const form = liveVerification ? forms.liveVerification : forms.plain;
  if (!form) return null;
  const lessonWindow = window.open('', LESSON_WINDOW_NAME);
  if (!lessonWindow) return null;
  form.action = launchFormAction(launchId);
  form.target = LESSON_WINDOW_NAME;
  const session = form.elements.namedItem('sessionID');
  if (session instanceof HTMLInputElement) session.value = currentCredentials().sessionId ?? '';
  form.submit();
  return lessonWindow;
}

/** State and actions of the launch flow for the course-details screen. */
export function useLessonLaunch() {
  const queryClient = useQueryClient();
  const [inFlight, setInFlight] = useState<'none' | 'prelaunch' | 'forced'>('none');
  const [waiting, setWaiting] = useState(false);
  const [dialog, setDialog] = useState<LaunchDialog>(null);
  const busy = useRef(false);
  const mounted = useRef(true);
  const forms = useRef<LaunchForms>({ plain: null, liveVerification: null });
  const watch = useRef<number | null>(null);

  /** Reloads progress when the lesson window closes (§4 Lesson launch flow, step 6). */
  const watchWindow = useCallback(
    (lessonWindow: Window) => {
      if (watch.current !== null) window.clearInterval(watch.current);
      watch.current = window.setInterval(() => {
        if (!lessonWindow.closed) return;
        if (watch.current !== null) window.clearInterval(watch.current);
        watch.current = null;
        void reloadProgress(queryClient);
        // The window's last commit (a beacon sent as it closed) may land a moment later.
        window.setTimeout(() => void reloadProgress(queryClient), LATE_COMMIT_MS);
      }, WINDOW_POLL_MS);
    },
    [queryClient],
  );

  /** Steps 5-6: the start-launch post, the launch form, then the report reloads. */
  const start = useCallback(
    async (target: LaunchTarget): Promise<LaunchDialog> => {
      const started = await startLaunch({
        curriculumKey: target.curriculumKey,
        elementKey: target.elementKey,
        assignmentKey: target.assignmentKey,
      });
      if (!started.successfulApiCall || typeof started.responseBody !== 'string') {
        // "A failed launch start reloads progress."
        void reloadProgress(queryClient);
        return { kind: 'message', text: startRefusal(started) };
      }
      const lessonWindow = submitLaunchForm(
        forms.current,
        started.responseBody.trim(),
        target.liveVerification,
      );
      if (!lessonWindow) return { kind: 'message', text: POPUP_BLOCKED };
      // "After launch the stored progress is cleared so the report reloads."
      void reloadProgress(queryClient);
      watchWindow(lessonWindow);
      return null;
    },
    [queryClient, watchWindow],
  );

  const run = useCallback(
    async (target: LaunchTarget, forced: boolean) => {
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
        const outcome = launchOutcome(result, target, forced);
        next = outcome === 'start' ? await start(target) : outcome;
      } catch (error) {
        // 401 and status 0 already opened the Invalid Connection pop-up (api/client); offline
        // it did not, and the launch says why it cannot start (ADR 0024 "Offline panel").
        if (error instanceof OfflineError) next = { kind: 'message', text: error.message };
        else {
          next =
            error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 0)
              ? null
              : { kind: 'message', text: LAUNCH_ERROR };
        }
      }
      busy.current = false;
      if (!mounted.current) return;
      setInFlight('none');
      setDialog(next);
    },
    [start],
  );

  // Created on the first click, so the 60 s window lives as long as the screen.
  const throttle = useRef<LaunchThrottle<LaunchTarget> | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      throttle.current?.cancel();
      if (watch.current !== null) window.clearInterval(watch.current);
    };
  }, []);

  return {
    /** 'Launching your lesson...' shows while the pre-launch check or a delayed attempt runs. */
    launching: inFlight === 'prelaunch' || waiting,
    /** The loading-module modal of the forced pre-launch (§4 step 4). */
    loadingModule: inFlight === 'forced',
    dialog,
    /** Ref callbacks for the two hidden launch forms. */
    plainFormRef: (form: HTMLFormElement | null) => {
      forms.current.plain = form;
    },
    liveVerificationFormRef: (form: HTMLFormElement | null) => {
      forms.current.liveVerification = form;
    },
    launch(target: LaunchTarget) {
      // A launch needs the server (the lesson's own offline play path is the lesson row's).
      if (refuseOffline()) return;
      throttle.current ??= createLaunchThrottle<LaunchTarget>((next) => void run(next, false));
      if (throttle.current.click(target) === 'delayed') setWaiting(true);
    },
    closeDialog() {
      setDialog(null);
    },
    /** Shows a message in the 'Message' modal (an offline Play that needs a connection). */
    showMessage(text: string) {
      setDialog({ kind: 'message', text });
    },
    /**
     * Offline, a lesson stored on this device opens in the lesson window from the content
     * origin's offline player (docs/decisions/0024): no pre-launch, no launch form, nothing the
     * server must answer; progress reloads when the window closes, as after any launch.
     */
    openOffline(url: string) {
      const lessonWindow = window.open(url, LESSON_WINDOW_NAME);
      if (!lessonWindow) {
        setDialog({ kind: 'message', text: POPUP_BLOCKED });
        return;
      }
      watchWindow(lessonWindow);
    },
    confirmMultiple() {
      if (dialog?.kind !== 'multiple') return;
      const { target } = dialog;
      setDialog(null);
      void run(target, true);
    },
  };
}
