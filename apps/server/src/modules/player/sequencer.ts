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
import * as scorm2004 from 'scorm-again/scorm2004';
import type { ActivityDefinition, SequencingDefinition } from '../content/sequencing-definition.js';

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
    /** The root's normalized measure (-1..1) when known. */
    measure: number | null;
  };
}

interface EngineActivity {
  id: string;
  isVisible: boolean;
  isHiddenFromChoice: boolean;
  isActive: boolean;
  children: EngineActivity[];
  isAvailable?: boolean;
  completionStatus: string;
  successStatus: string;
  objectiveMeasureStatus: boolean;
  objectiveNormalizedMeasure: number;
  sequencingControls: { choice: boolean; selectCount: number | null };
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
  private sessionEnded = false;
  /** The engine's exception code (SN book, e.g. 'SB.2.2-1') of the last refused request. */
  lastError: string | null = null;

  /** Builds the engine for a package's definition, with a learner's stored state when there is one. */
  constructor(
    private readonly definition: SequencingDefinition,
    state: string | null,
  ) {
    this.api = this.build(state);
    this.leafIds = leavesOf(definition.activityTree).map((leaf) => leaf.id);
  }

  private build(state: string | null): EngineApi {
    const ApiClass = (scorm2004 as unknown as { Scorm2004API: new (settings: object) => EngineApi })
      .Scorm2004API;
    const api = new ApiClass({
      lmsCommitUrl: false,
      autocommit: false,
      // 5: no log output from the engine; a refused request is an answer here, not a problem.
      logLevel: 5,
      sequencing: {
        activityTree: this.definition.activityTree,
        logLevel: 'error',
        eventListeners: {
          onSequencingSessionEnd: () => (this.sessionEnded = true),
          onSequencingError: (error: string) => (this.lastError = error),
        },
      },
    });
    if (state) api.deserializeSequencingState(state);
    return api;
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
      return this.api.processNavigationRequest(request, target) && this.current() !== null;
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
    api.Initialize('');
    for (const [element, value] of Object.entries(cmi)) {
      if (REPLAYED.test(element) && value !== '') api.SetValue(element, value);
    }
    api.SetValue('adl.nav.request', navRequest || '_none_');
    return api.Terminate('') === 'true';
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
    return this.api.serializeSequencingState();
  }

  view(): SequencingView {
    const service = this.service;
    const process = service?.getOverallSequencingProcess() ?? null;
    process?.updateNavigationValidity();
    const root = service?.getSequencingState().rootActivity ?? null;
    const hidden = new Set<string>();
    const walk = (activity: EngineActivity, shown: boolean) => {
      const visible = shown && activity.isVisible !== false && !activity.isHiddenFromChoice;
      if (activity.children.length === 0) {
        if (!visible) hidden.add(activity.id);
        return;
      }
      // Selection (SN SR.1) keeps some children; the others are not part of this attempt. Until
      // the engine has selected (when flow or choice first enters the cluster), none is offered.
      const { selectCount } = activity.sequencingControls;
      const pending =
        selectCount !== null &&
        selectCount < activity.children.length &&
        activity.children.every((child) => child.isAvailable !== false);
      for (const child of activity.children) {
        walk(child, visible && !pending && child.isAvailable !== false);
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
        measure: root?.objectiveMeasureStatus ? root.objectiveNormalizedMeasure : null,
      },
    };
  }
}

function statusOf(value: string | undefined, yes: string, no: string): boolean | null {
  if (value === yes) return true;
  if (value === no) return false;
  return null;
}
