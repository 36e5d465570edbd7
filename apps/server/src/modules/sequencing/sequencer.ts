/**
 * SCORM 2004 Sequencing and Navigation (SN book), run by scorm-again's engine on the server: the
 * activity tree built from the package's stored sequencing definition, the learner's state
 * restored from sequencing_state, then the overall sequencing process for one request. The server
 * is the authority, so the panel's locks, the player's navigation and the report's rollup all
 * come from the same engine and the same stored state.
 *
 * A SCO's session is replayed into the engine the way a player would run it: Initialize on the
 * delivered activity, the elements the SCO committed set again (so the engine sees them as set by
 * the content, SN 3.13.3 / RTE 4.2.17), the navigation request, Terminate. That runs the
 * termination, End Attempt, rollup, global objective writes and the sequencing of the request.
 */
// The package's typings declare a default export; its ESM build exports the class by name.
import { format } from 'node:util';
import * as scorm2004 from 'scorm-again/scorm2004';
import type { ActivityDefinition, SequencingDefinition } from './definition.js';

/** Where the engine's own console lines go: the app's logger at debug level (memory.ts). */
export type EngineLog = (message: string) => void;

/** An engine log that drops every line (tests that do not read them). */
export const quietEngine: EngineLog = () => {};

const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error'] as const;

/**
 * Runs engine code with console.* sent to `log`. scorm-again's sequencing classes call
 * console.debug / console.warn directly ("Activity delivered: ...", "Sequencing state restored
 * successfully"), outside its logLevel / onLogMessage settings, which only its API's own messages
 * go through; so console is swapped around each call into the engine and restored in `finally`.
 * The engine is synchronous, so no other code runs while the swap is in place; a nested call would
 * restore its caller's sink, since each call puts back what it found.
 */
function quietly<T>(log: EngineLog, run: () => T): T {
  const saved = CONSOLE_METHODS.map((name) => [name, console[name]] as const);
  const sink = (...args: unknown[]) => log(format(...args));
  for (const name of CONSOLE_METHODS) console[name] = sink;
  try {
    return run();
  } finally {
    for (const [name, method] of saved) console[name] = method;
  }
}

// Keyed by a parsed definition's activity, which belongs to the one instance that parsed it
// (memory.ts), so this memo is never shared between instances.
const forEngine = new WeakMap<ActivityDefinition, ActivityDefinition>();

/**
 * The activity tree as the engine is given it, changed where the engine would not follow SN:
 * - no attemptAbsoluteDurationLimit: SN leaves enforcing duration limits to the LMS (limit
 *   conditions other than attemptLimit are optional), and scorm-again 3.4 reads an attempt's
 *   duration from the limit itself, so any limit (PT1H as much as P5Y) counts as exceeded and the
 *   activity is never delivered. The limit still reaches the SCO as cmi.max_time_allowed.
 * - selectionTiming / randomizationTiming 'onEachNewAttempt' as 'once': SN's SR.1 and SR.2 leave
 *   'onEachNewAttempt' undefined, and the engine applies it only once the leaf is already chosen
 *   (it delivered a test it had not selected). Each attempt of the course starts a new state
 *   (attempts.ts), so 'once' draws again on every new attempt.
 */
function engineTree(activity: ActivityDefinition): ActivityDefinition {
  const known = forEngine.get(activity);
  if (known) return known;
  const { attemptAbsoluteDurationLimit: _limit, ...rest } = activity;
  const controls = activity.sequencingControls;
  const timing = (value: unknown) => (value === 'onEachNewAttempt' ? 'once' : value);
  const tree: ActivityDefinition = {
    ...rest,
    ...(controls
      ? {
          sequencingControls: {
            ...controls,
            ...(controls.selectionTiming !== undefined
              ? { selectionTiming: timing(controls.selectionTiming) as string }
              : {}),
            ...(controls.randomizationTiming !== undefined
              ? { randomizationTiming: timing(controls.randomizationTiming) as string }
              : {}),
          },
        }
      : {}),
    ...(activity.children ? { children: activity.children.map(engineTree) } : {}),
  };
  forEngine.set(activity, tree);
  return tree;
}

/** What the learner may do next, and what rollup says of the whole activity tree. */
export interface SequencingView {
  /** The delivered activity (an item identifier), null when none is. */
  current: string | null;
  /** The sequencing session ended (exitAll, continue past the end, or nothing to deliver). */
  ended: boolean;
  continue: boolean;
  previous: boolean;
  /** Leaf activities a choice request may deliver now. */
  choice: Record<string, boolean>;
  /** Leaf activities the learner must not see in a list (hidden from choice, invisible, not selected). */
  hidden: string[];
  /** Whether any cluster allows choice: a flow-only package shows no lesson list. */
  choiceControl: boolean;
  rollup: {
    completed: boolean | null;
    satisfied: boolean | null;
    /**
     * The root's normalized measure (-1..1), null when no measure rolls up to it (SN RB.1.1: no
     * tracked child with a measure, or every objectiveMeasureWeight 0).
     */
    measure: number | null;
  };
}

interface EngineActivity {
  id: string;
  isVisible: boolean;
  isHiddenFromChoice: boolean;
  isActive: boolean;
  isSuspended: boolean;
  children: EngineActivity[];
  isAvailable?: boolean;
  completionStatus: string;
  successStatus: string;
  objectiveMeasureStatus: boolean;
  objectiveNormalizedMeasure: number;
  sequencingControls: {
    choice: boolean;
    selectCount: number | null;
    selectionTiming: string;
    selectionCountStatus: boolean;
  };
  setProcessedChildren(children: EngineActivity[]): void;
}

interface OverallProcess {
  updateNavigationValidity(): void;
  predictChoiceEnabled?(target: string): boolean;
}

interface SequencingServiceLike {
  getOverallSequencingProcess(): OverallProcess | null;
  getSequencingState(): {
    currentActivity: EngineActivity | null;
    rootActivity: EngineActivity | null;
  };
}

/** The part of scorm-again's Scorm2004API this module uses (its typings omit some of it). */
interface EngineApi {
  Initialize(parameter: string): string;
  Terminate(parameter: string): string;
  SetValue(element: string, value: string): string;
  GetLastError(): string;
  loadFromFlattenedJSON(json: Record<string, string>): void;
  processNavigationRequest(request: string, target?: string): boolean;
  serializeSequencingState(): string;
  deserializeSequencingState(state: string): boolean;
  getSequencingService(): SequencingServiceLike | null;
  adl: { nav: { request_valid: { continue: string; previous: string } } };
}

/** The SCO's elements the engine reads at termination (RTE data transfer, SN 4.2). */
const REPLAYED =
  /^cmi\.(?:completion_status|success_status|progress_measure|score\.(?:scaled|raw|min|max)|exit|objectives\.\d+\.(?:id|success_status|completion_status|progress_measure|score\.(?:scaled|raw|min|max)))$/;

/**
 * Whether the SCO's committed data ends its attempt with a result (completed, passed or failed).
 * The engine reads the global objectives of an attempt ended without a result as known, so a SCO
 * merely opened would unlock what only its result should: such an end is not acted on early.
 */
export function hasResult(cmi: Record<string, string>): boolean {
  const success = cmi['cmi.success_status'];
  return (
    cmi['cmi.completion_status'] === 'completed' || success === 'passed' || success === 'failed'
  );
}

/** Whether a commit that sets these elements changes what the sequencer knows of the SCO. */
export function changesSequencing(cmi: Record<string, unknown>): boolean {
  return Object.keys(cmi).some((element) => REPLAYED.test(element));
}

function leavesOf(activity: ActivityDefinition): ActivityDefinition[] {
  return activity.children ? activity.children.flatMap(leavesOf) : [activity];
}

/**
 * Whether a measure rolls up to the activity (SN RB.1.1 Measure Rollup Process): a leaf's own
 * measure status; a cluster's when some tracked child has a measure (valid data) and the tracked
 * children's objectiveMeasureWeights add up to more than 0 (counted measures). Otherwise its
 * Objective Measure Status is false: the measure is unknown, not 0.
 */
function measureRollsUp(
  activity: EngineActivity,
  definitions: Map<string, ActivityDefinition>,
): boolean {
  if (activity.children.length === 0) return activity.objectiveMeasureStatus;
  let counted = 0;
  let valid = false;
  for (const child of activity.children) {
    const controls = definitions.get(child.id)?.sequencingControls;
    // IMS SS: tracked defaults to true, objectiveMeasureWeight to 1.0.
    if (controls?.tracked === false) continue;
    const weight = controls?.objectiveMeasureWeight;
    counted += typeof weight === 'number' ? weight : 1;
    if (measureRollsUp(child, definitions)) valid = true;
  }
  return valid && counted > 0;
}

function byId(activity: ActivityDefinition, into = new Map<string, ActivityDefinition>()) {
  into.set(activity.id, activity);
  activity.children?.forEach((child) => byId(child, into));
  return into;
}

function anyChoice(activity: ActivityDefinition): boolean {
  if (!activity.children) return false;
  // IMS SS: choice defaults to true.
  if (activity.sequencingControls?.choice !== false) return true;
  return activity.children.some(anyChoice);
}

export class PackageSequencer {
  private api: EngineApi;
  /** A runtime session ran on this engine: the next one needs a fresh runtime (one Initialize each). */
  private sessionUsed = false;
  private readonly leafIds: string[];
  private readonly definitions: Map<string, ActivityDefinition>;
  private sessionEnded = false;
  /** The engine's exception code (SN book, e.g. 'SB.2.2-1') of the last refused request. */
  lastError: string | null = null;

  /**
   * Builds the engine for a package's definition, with a learner's stored state when there is
   * one; the engine's console lines go to `log`.
   */
  constructor(
    private readonly definition: SequencingDefinition,
    state: string | null,
    private readonly log: EngineLog,
  ) {
    this.api = this.build(state);
    this.leafIds = leavesOf(definition.activityTree).map((leaf) => leaf.id);
    this.definitions = byId(definition.activityTree);
  }

  private build(state: string | null): EngineApi {
    const ApiClass = (scorm2004 as unknown as { Scorm2004API: new (settings: object) => EngineApi })
      .Scorm2004API;
    return quietly(this.log, () => {
      const api = new ApiClass({
        lmsCommitUrl: false,
        autocommit: false,
        // 5: no log output from the engine; a refused request is an answer here, not a problem.
        logLevel: 5,
        sequencing: {
          activityTree: engineTree(this.definition.activityTree),
          logLevel: 'error',
          eventListeners: {
            onSequencingSessionEnd: () => (this.sessionEnded = true),
            onSequencingError: (error: string) => (this.lastError = error),
          },
        },
      });
      if (state) api.deserializeSequencingState(state);
      return api;
    });
  }

  /**
   * A new attempt of the course begins: every cluster with a selection draws its children now
   * (SN SR.1, selectionTiming 'once'), before any request. The engine would otherwise select only
   * when flow enters the cluster, so a choice of one of its children from outside (the panel's
   * list) could deliver a child the selection then leaves out.
   */
  drawSelections(): void {
    const root = this.service?.getSequencingState().rootActivity ?? null;
    const draw = (activity: EngineActivity) => {
      const controls = activity.sequencingControls;
      const { selectCount } = controls;
      if (
        selectCount !== null &&
        selectCount < activity.children.length &&
        controls.selectionTiming !== 'never' &&
        !controls.selectionCountStatus
      ) {
        const pool = [...activity.children];
        const selected = new Set<EngineActivity>();
        while (selected.size < selectCount) {
          selected.add(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
        }
        for (const child of activity.children) {
          child.isAvailable = selected.has(child);
          child.isHiddenFromChoice = !selected.has(child);
        }
        controls.selectionCountStatus = true;
        activity.setProcessedChildren(activity.children.filter((child) => selected.has(child)));
      }
      activity.children.forEach(draw);
    };
    if (root) draw(root);
  }

  private get service(): SequencingServiceLike | null {
    return this.api.getSequencingService();
  }

  /** The delivered activity, null when none is (a new attempt, or the session ended). */
  current(): string | null {
    const activity = this.service?.getSequencingState().currentActivity ?? null;
    return activity?.isActive ? activity.id : null;
  }

  /**
   * A request from outside a SCO session (the panel's launch of a lesson, or the player when no
   * activity is delivered): start, resumeAll, choice. True when the engine delivered an activity.
   */
  request(request: 'start' | 'resumeAll' | 'choice', target?: string): boolean {
    this.sessionEnded = false;
    this.lastError = null;
    try {
      return (
        quietly(this.log, () => this.api.processNavigationRequest(request, target)) &&
        this.current() !== null
      );
    } catch {
      return false;
    }
  }

  /**
   * Ends the delivered activity's SCO session with what the SCO committed (its lesson's stored
   * cmi) and a navigation request ('continue', 'previous', '{target=ID}choice', 'exitAll',
   * 'suspendAll', 'exit', ...), as the SCO's Terminate would. True when the request was accepted
   * (an activity is delivered, or the request ended the session as asked).
   */
  terminate(cmi: Record<string, string>, navRequest: string): boolean {
    this.sessionEnded = false;
    this.lastError = null;
    if (!this.current()) return false;
    if (this.sessionUsed) this.api = this.build(this.serialize());
    this.sessionUsed = true;
    const api = this.api;
    return quietly(this.log, () => {
      api.Initialize('');
      for (const [element, value] of Object.entries(cmi)) {
        if (REPLAYED.test(element) && value !== '') api.SetValue(element, value);
      }
      api.SetValue('adl.nav.request', navRequest || '_none_');
      return api.Terminate('') === 'true';
    });
  }

  /**
   * Ends the delivered activity's SCO session with what it committed, then a choice of `target`
   * (the panel's launch of another lesson, or the player's lesson list). The engine judges a
   * choice made in the same Terminate before the ended attempt's rollup and global objective
   * writes, so a lesson the ended SCO unlocks would be refused: when the SCO has a result, the
   * choice is made once the termination is through, as a learner's next request would be (SN
   * OP.1). Otherwise, or when that choice is refused, the request is made as the SCO made it, so
   * a refused choice leaves the attempt as it left it. True when the target is delivered.
   */
  choose(cmi: Record<string, string>, target: string): boolean {
    const before = this.serialize();
    if (hasResult(cmi) && this.terminate(cmi, '_none_') && this.request('choice', target)) {
      return true;
    }
    this.api = this.build(before);
    this.sessionUsed = false;
    return this.terminate(cmi, `{target=${target}}choice`) && this.current() === target;
  }

  /** Whether the last request ended the sequencing session. */
  get ended(): boolean {
    return this.sessionEnded || this.current() === null;
  }

  serialize(): string {
    return quietly(this.log, () => this.api.serializeSequencingState());
  }

  view(): SequencingView {
    return quietly(this.log, () => this.viewNow());
  }

  private viewNow(): SequencingView {
    const service = this.service;
    const process = service?.getOverallSequencingProcess() ?? null;
    process?.updateNavigationValidity();
    const root = service?.getSequencingState().rootActivity ?? null;
    const hidden = new Set<string>();
    // `shown`: no ancestor is hidden from choice or left out by a selection. An ancestor's
    // isvisible="false" is not passed down: CAM's isvisible concerns the item itself (a wrapper
    // item not shown in a menu), not its children, which stay listed as the sequencer allows.
    const walk = (activity: EngineActivity, shown: boolean) => {
      const visible = shown && activity.isVisible !== false && !activity.isHiddenFromChoice;
      if (activity.children.length === 0) {
        if (!visible) hidden.add(activity.id);
        return;
      }
      const passed = shown && !activity.isHiddenFromChoice;
      // Selection (SN SR.1) keeps some children; the others are not part of this attempt. Until
      // the engine has selected (when flow or choice first enters the cluster), none is offered.
      const { selectCount } = activity.sequencingControls;
      const pending =
        selectCount !== null &&
        selectCount < activity.children.length &&
        activity.children.every((child) => child.isAvailable !== false);
      for (const child of activity.children) {
        walk(child, passed && !pending && child.isAvailable !== false);
      }
    };
    if (root) walk(root, true);
    const choice: Record<string, boolean> = {};
    for (const id of this.leafIds) {
      choice[id] = !hidden.has(id) && (process?.predictChoiceEnabled?.(id) ?? false);
    }
    const valid = this.api.adl.nav.request_valid;
    const current = this.current();
    return {
      current,
      ended: this.ended,
      continue: current !== null && valid.continue === 'true',
      previous: current !== null && valid.previous === 'true',
      choice,
      hidden: [...hidden],
      choiceControl: anyChoice(this.definition.activityTree),
      rollup: {
        completed: statusOf(root?.completionStatus, 'completed', 'incomplete'),
        satisfied: statusOf(root?.successStatus, 'passed', 'failed'),
        measure:
          root?.objectiveMeasureStatus && measureRollsUp(root, this.definitions)
            ? root.objectiveNormalizedMeasure
            : null,
      },
    };
  }
}

function statusOf(value: string | undefined, yes: string, no: string): boolean | null {
  if (value === yes) return true;
  if (value === no) return false;
  return null;
}
