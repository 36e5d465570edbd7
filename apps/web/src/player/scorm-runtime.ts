/**
 * The SCORM runtime glue (ADR 0007): scorm-again's Scorm12API as `window.API` or
 * Scorm2004API as `window.API_1484_11`, loaded with the launch's initial CMI before the SCO's frame
 * exists, with its own persistence switched off: every commit goes through the commit queue.
 */
import type { Scorm12API, Scorm2004API, Settings } from 'scorm-again';
import { lessonStatusOnFinish12 } from '@waypoint/domain';
import type {
  CmiValues,
  PlayerSequencing,
  PlayerSibling,
  ScormVersion,
} from '@waypoint/domain/contract';
import { siblingNavigation } from './nav-request';
import { isAttemptRecordElement, readAttemptRecords, STORED_ELEMENTS } from './stored-elements';

declare global {
  interface Window {
    /** The SCORM 1.2 API the SCO finds by walking up its parents. */
    API?: Scorm12API;
    /** The SCORM 2004 API. */
    API_1484_11?: Scorm2004API;
  }
}

export type ScormApi = Scorm12API | Scorm2004API;
export type ScormApiClass = new (settings?: Settings) => ScormApi;

/**
 * Loads only the runtime of the lesson's version (the 2004 one is large), as its own chunk.
 * The package's types declare a default export for 'scorm-again/scorm12' and '/scorm2004', but the
 * ESM builds export the class by name, hence the casts.
 */
export async function loadScormApiClass(version: ScormVersion): Promise<ScormApiClass> {
  if (version === '1.2') {
    const module = (await import('scorm-again/scorm12')) as unknown as {
      Scorm12API: typeof Scorm12API;
    };
    return module.Scorm12API;
  }
  const module = (await import('scorm-again/scorm2004')) as unknown as {
    Scorm2004API: typeof Scorm2004API;
  };
  return module.Scorm2004API;
}

/** The runtime as the player session sees it. */
export interface ScormRuntime {
  readonly version: ScormVersion;
  readonly api: ScormApi;
  /** The stored elements (player contract list for the version) as the runtime holds them now. */
  readStored(): CmiValues;
  isInitialized(): boolean;
  isTerminated(): boolean;
  /** A stored element was set by the SCO. */
  onChange(listener: (element: string) => void): void;
  /** The SCO called Commit / LMSCommit. */
  onCommit(listener: () => void): void;
  /** The SCO called Terminate / LMSFinish; navRequest is adl.nav.request at that moment (2004). */
  onTerminate(listener: (navRequest: string) => void): void;
  /**
   * SCORM 2004: what adl.nav.request_valid.continue / previous answer the SCO (the server's
   * sequencer's answer, updated after a commit); the player's Previous / Next follow the same.
   */
  setNavigation(navigation: { continue: boolean; previous: boolean }): void;
  /** Removes the API from the window. */
  detach(): void;
}

export interface CreateRuntimeOptions {
  version: ScormVersion;
  ApiClass: ScormApiClass;
  /** The launch's initial CMI values (state.cmi). */
  cmi: CmiValues;
  siblings: PlayerSibling[];
  /** A sequenced package: the server sequencer's continue / previous validity (state.sequencing). */
  sequencing?: PlayerSequencing;
  win?: Window;
}

/** scorm-again's adl.nav.request_valid: its public setters and the fields its getters read. */
interface RequestValid {
  continue: string;
  previous: string;
  _continue?: string;
  _previous?: string;
}

const EVENTS: Record<ScormVersion, { set: string; commit: string; terminate: string }> = {
  '1.2': { set: 'LMSSetValue', commit: 'LMSCommit', terminate: 'LMSFinish' },
  '2004': { set: 'SetValue', commit: 'Commit', terminate: 'Terminate' },
};

function readPath(tree: unknown, element: string): string {
  let node: unknown = tree;
  for (const part of element.split('.')) {
    if (node === null || typeof node !== 'object') return '';
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}

/** A listener error must never reach the SCO's API call. */
function guarded<A extends unknown[]>(listener: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      listener(...args);
    } catch (error) {
      console.error('Waypoint player: a runtime listener failed.', error);
    }
  };
}

/**
 * SCORM 1.2 on LMSFinish (lessonStatusOnFinish12): a status still 'not attempted' becomes
 * 'completed' ('browsed' in browse mode), and a mastery score with a raw score decides passed or
 * failed. Applied just before scorm-again stores its final data, so the final commit carries it.
 */
function finishLessonStatus12(api: Scorm12API): void {
  api.on(
    'BeforeTerminate',
    guarded(() => {
      const { core, student_data: studentData } = api.cmi;
      const status = lessonStatusOnFinish12({
        status: core.lesson_status,
        mode: core.lesson_mode,
        credit: core.credit,
        masteryScore: String(studentData.mastery_score),
        scoreRaw: String(core.score.raw),
      });
      if (status !== core.lesson_status) core.lesson_status = status;
    }),
  );
}

/** Builds the API, loads the initial CMI and puts the API on the window (before the frame). */
export function createScormRuntime(options: CreateRuntimeOptions): ScormRuntime {
  const { version, ApiClass, cmi, siblings } = options;
  const win = options.win ?? window;
  const settings: Settings = {
    // Our own timer commits every state.autocommitSeconds, through the commit queue.
    autocommit: false,
    // No URL: scorm-again sends nothing and answers the SCO "true"; persistence is ours.
    lmsCommitUrl: false,
    logLevel: 'WARN',
    // SCOs read an unset cmi.location or suspend_data to tell a resume from a first visit: the
    // 403 they get is correct, not worth a warning in the console.
    uninitializedGetLogLevel: 'INFO',
    // Set explicitly: with a mastery score and a raw score, 1.2 pass/fail follows them.
    mastery_override: true,
    // 1.2 RTE: a SCO that finishes without a status is 'completed', not scorm-again's default
    // 'incomplete'. scorm-again applies it only to a status it believes the SCO never set, and its
    // data model starts at 'not attempted', which LMSInitialize takes as set: finishLessonStatus12
    // below applies the rule in full.
    autoCompleteLessonStatus: true,
    // adl.nav.request_valid.choice.{target=ID}: the lessons this student can open.
    scoItemIds: siblings
      .filter((sibling) => sibling.launchable && !sibling.hidden)
      .map((s) => s.identifier),
    // Multi-SCO navigation is the player's (POST navigate), so scorm-again's sequencer has no
    // activity tree; its "sequencing not initialized" notices are not problems.
    ...(version === '2004' ? { sequencing: { logLevel: 'error' as const } } : {}),
  };
  const api = new ApiClass(settings);
  // Learner id and name, entry, mode, credit, location, suspend data, mastery score ... come from
  // the server, loaded before the SCO can call Initialize.
  api.loadFromFlattenedJSON(cmi);
  const setNavigation = (navigation: { continue: boolean; previous: boolean }) => {
    if (!('adl' in api)) return;
    const valid = api.adl.nav.request_valid as unknown as RequestValid;
    const values = {
      continue: navigation.continue ? 'true' : 'false',
      previous: navigation.previous ? 'true' : 'false',
    };
    // scorm-again's setters refuse once the SCO has called Initialize (the elements are read-only
    // to the SCO, RTE 4.3.5); the LMS still updates them, through the fields they read.
    if ('_continue' in valid && '_previous' in valid) {
      valid._continue = values.continue;
      valid._previous = values.previous;
    } else if (!api.isInitialized()) {
      valid.continue = values.continue;
      valid.previous = values.previous;
    }
  };
  if (version === '2004') {
    // A sequenced package: what the server's sequencer says a continue / previous would deliver;
    // otherwise whether there is a lesson to open before / after this one.
    setNavigation(options.sequencing ?? siblingNavigation(siblings));
  }
  if (version === '1.2') {
    win.API = api as Scorm12API;
    finishLessonStatus12(api as Scorm12API);
  } else win.API_1484_11 = api as Scorm2004API;

  const stored = new Set(STORED_ELEMENTS[version]);
  const events = EVENTS[version];
  const navRequest = () => ('adl' in api ? api.adl.nav.request : '');

  return {
    version,
    api,
    readStored() {
      const tree = api.renderCMIToJSONObject();
      const values: CmiValues = {};
      for (const element of STORED_ELEMENTS[version]) values[element] = readPath(tree, element);
      return { ...values, ...readAttemptRecords(tree) };
    },
    isInitialized: () => api.isInitialized(),
    isTerminated: () => api.isTerminated(),
    onChange(listener) {
      api.on(
        events.set,
        guarded((element: unknown) => {
          if (
            typeof element === 'string' &&
            (stored.has(element) || isAttemptRecordElement(element))
          ) {
            listener(element);
          }
        }),
      );
    },
    onCommit(listener) {
      api.on(
        events.commit,
        guarded(() => listener()),
      );
    },
    onTerminate(listener) {
      // scorm-again runs this listener after its own termination steps (status from mastery
      // score or completion threshold) and before it resets adl.nav.request.
      api.on(
        events.terminate,
        guarded(() => {
          if (api.isTerminated()) listener(navRequest());
        }),
      );
    },
    setNavigation,
    detach() {
      if (version === '1.2' && win.API === api) delete win.API;
      if (version === '2004' && win.API_1484_11 === api) delete win.API_1484_11;
    },
  };
}
