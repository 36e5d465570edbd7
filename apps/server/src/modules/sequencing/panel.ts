/**
 * What the panel shows of a sequenced SCORM 2004 package for a learner's current attempt, worked
 * out by the engine (sequencer.ts) from the stored sequencing state (docs/decisions/0007, Sequencing
 * in the panel): the lessons a launch from the panel may open (a choice, or the one entry of a
 * flow-only package), those not listed (hidden from choice, invisible, not selected), and the
 * rollup of the activity tree.
 *
 * The delivered activity, if any, is ended first with what its SCO committed, as the panel's next
 * launch will end it (deliverForLaunch: its Terminate replayed, then the choice): a SCO completed
 * in a window closed without a navigation request already unlocks what its completion unlocks,
 * and its rollup already counts. This is computed when the state or that cmi changes and stored
 * with the state (sequencing_state.panel), so reading the report runs no engine.
 */
import type { SequencingDefinition } from './definition.js';
import { hasResult, PackageSequencer, type EngineLog } from './sequencer.js';

export interface PanelSequencing {
  /** Leaf activities a launch from the panel may open now. */
  launchable: string[];
  /** Leaf activities the panel does not list. */
  hidden: string[];
  /** A flow-only package: the one activity listed, whose launch starts or resumes the course. */
  entry: string | null;
  rollup: { completed: boolean | null; satisfied: boolean | null; measure: number | null };
}

const UNKNOWN_ROLLUP: PanelSequencing['rollup'] = {
  completed: null,
  satisfied: null,
  measure: null,
};

/**
 * The leaves with a precondition rule that hides them from choice (SN UP.1 'hiddenFromChoice'):
 * the engine refuses their choice with the same exception as a disabled one, so a refused choice
 * of one of these is read as hidden, not as locked.
 */
function hidingRules(definition: SequencingDefinition): Set<string> {
  const found = new Set<string>();
  const walk = (activity: SequencingDefinition['activityTree']) => {
    const rules = activity.sequencingRules?.preConditionRules ?? [];
    if (!activity.children && rules.some((rule) => rule.action === 'hiddenFromChoice')) {
      found.add(activity.id);
    }
    activity.children?.forEach(walk);
  };
  walk(definition.activityTree);
  return found;
}

/**
 * Which leaves a launch from the panel may open, each tried as the launch would make it
 * (deliverForLaunch): a choice from outside the tree on a new attempt (SN NB.2.1: it starts the
 * attempt), or the delivered SCO ended with what it committed and then the choice (choose). The
 * engine's own predictions do not hold once the delivered activity has ended, so each choice is
 * tried on its own engine.
 */
function tryChoices(
  definition: SequencingDefinition,
  state: string | null,
  log: EngineLog,
  leaves: string[],
  attempt: (sequencer: PackageSequencer, target: string) => boolean,
): { launchable: string[]; refusedHidden: string[] } {
  const hiding = hidingRules(definition);
  const launchable: string[] = [];
  const refusedHidden: string[] = [];
  for (const id of leaves) {
    if (attempt(new PackageSequencer(definition, state, log), id)) launchable.push(id);
    else if (hiding.has(id)) refusedHidden.push(id);
  }
  return { launchable, refusedHidden };
}

/**
 * A new attempt (no stored state, or the last attempt ended): each leaf's choice from outside the
 * tree; a flow-only package's one entry is what a start request delivers (SN SB.2.5).
 */
export function freshPanel(definition: SequencingDefinition, log: EngineLog): PanelSequencing {
  const probe = new PackageSequencer(definition, null, log);
  const view = probe.view();
  const leaves = Object.keys(view.choice);
  if (!view.choiceControl) {
    const entry = probe.request('start') ? probe.current() : null;
    return {
      launchable: entry ? [entry] : [],
      hidden: leaves.filter((id) => id !== entry),
      entry,
      rollup: UNKNOWN_ROLLUP,
    };
  }
  const listed = leaves.filter((id) => !view.hidden.includes(id));
  const { launchable, refusedHidden } = tryChoices(definition, null, log, listed, (s, id) =>
    s.request('choice', id),
  );
  const hidden = [...view.hidden, ...refusedHidden];
  if (launchable.length === 0) {
    // Nothing to choose before the attempt starts (every leaf waits for a random selection the
    // attempt draws, SN SR.1): the one entry is what a start delivers, as for a flow-only package.
    const entry = probe.request('start') ? probe.current() : null;
    if (entry) {
      return {
        launchable: [entry],
        hidden: hidden.filter((id) => id !== entry),
        entry,
        rollup: UNKNOWN_ROLLUP,
      };
    }
  }
  return { launchable, hidden, entry: null, rollup: UNKNOWN_ROLLUP };
}

/**
 * The panel's view of an attempt in progress (`state`, serialized by the engine, with an
 * activity delivered). When the delivered SCO has a result it is ended with it first, as the
 * panel's next launch will end it (deliverForLaunch), and each choice is tried after it;
 * otherwise the engine's predictions from the delivered activity hold.
 */
function attemptPanel(
  definition: SequencingDefinition,
  state: string,
  deliveredCmi: (identifier: string) => Record<string, string>,
  log: EngineLog,
): PanelSequencing {
  const sequencer = new PackageSequencer(definition, state, log);
  const delivered = sequencer.current();
  const cmi = delivered ? deliveredCmi(delivered) : {};
  const ends = delivered !== null && hasResult(cmi);
  if (ends) sequencer.terminate(cmi, '_none_');
  const view = sequencer.view();
  const leaves = Object.keys(view.choice);
  if (!view.choiceControl) {
    // Flow only: a launch from the panel resumes the delivered activity (deliverForLaunch).
    return {
      launchable: delivered ? [delivered] : [],
      hidden: leaves.filter((id) => id !== delivered),
      entry: delivered,
      rollup: view.rollup,
    };
  }
  // The delivered activity stays listed and launchable: the sequencer delivered it, even by flow.
  const others = leaves.filter((id) => id !== delivered && !view.hidden.includes(id));
  const { launchable, refusedHidden } = ends
    ? tryChoices(definition, state, log, others, (s, id) => s.choose(cmi, id))
    : predicted(definition, view.choice, others);
  return {
    launchable: leaves.filter((id) => id === delivered || launchable.includes(id)),
    hidden: [...view.hidden, ...refusedHidden].filter((id) => id !== delivered),
    entry: null,
    rollup: view.rollup,
  };
}

/** The engine's predictions of choices from the delivered activity (SN NB.2.1 without acting). */
function predicted(
  definition: SequencingDefinition,
  choice: Record<string, boolean>,
  leaves: string[],
): { launchable: string[]; refusedHidden: string[] } {
  const hiding = hidingRules(definition);
  return {
    launchable: leaves.filter((id) => choice[id] === true),
    refusedHidden: leaves.filter((id) => choice[id] !== true && hiding.has(id)),
  };
}

/** The part of the instance's sequencing memory (memory.ts) a new attempt's view is kept in. */
export interface FreshPanelMemory {
  freshPanels: Map<number, PanelSequencing>;
  engineLog: EngineLog;
}

/**
 * The panel's view of a new attempt of a package, from the instance's memory when already worked
 * out: it is the same for every learner, and packages never change once imported.
 */
export function freshPanelOf(
  memory: FreshPanelMemory,
  packageKey: number,
  definition: SequencingDefinition,
): PanelSequencing {
  let fresh = memory.freshPanels.get(packageKey);
  if (!fresh) {
    fresh = freshPanel(definition, memory.engineLog);
    memory.freshPanels.set(packageKey, fresh);
  }
  return fresh;
}

/** The memorised new-attempt view of a package, if worked out already (the report's shortcut). */
export function knownFreshPanel(
  memory: FreshPanelMemory,
  packageKey: number,
): PanelSequencing | undefined {
  return memory.freshPanels.get(packageKey);
}

/**
 * The panel's view of a learner's package: of the stored attempt in progress, or of a new one
 * (`fresh`, the same for every learner) when there is none or it ended; the ended attempt's
 * rollup is kept: the course stays as its last attempt left it until the next one changes it.
 */
export function panelSequencing(
  definition: SequencingDefinition,
  stored: {
    state: string;
    ended: boolean;
    rollup: PanelSequencing['rollup'];
  } | null,
  deliveredCmi: (identifier: string) => Record<string, string>,
  log: EngineLog,
  fresh: () => PanelSequencing = () => freshPanel(definition, log),
): PanelSequencing {
  if (stored && !stored.ended && stored.state) {
    return attemptPanel(definition, stored.state, deliveredCmi, log);
  }
  return { ...fresh(), rollup: stored ? stored.rollup : UNKNOWN_ROLLUP };
}

/** The stored form (sequencing_state.panel): JSON text, '' for none. */
export function parsePanel(text: string | null | undefined): PanelSequencing | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PanelSequencing> | null;
    if (!value || !Array.isArray(value.launchable) || !Array.isArray(value.hidden)) return null;
    return {
      launchable: value.launchable,
      hidden: value.hidden,
      entry: typeof value.entry === 'string' ? value.entry : null,
      rollup: value.rollup ?? UNKNOWN_ROLLUP,
    };
  } catch {
    return null;
  }
}
