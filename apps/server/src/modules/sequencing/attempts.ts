/**
 * SCORM 2004 sequencing of a learner's launches (SN book): which lesson the sequencer delivers
 * for a launch or a navigation request, and the state it keeps per attempt in sequencing_state.
 * Each step runs in one transaction under a per-learner-package lock, like a commit: the stored
 * state is read, the engine (sequencer.ts) processes the request, the new state is written.
 */
import { HttpError } from '../../lib/http-error.js';
import { parseCmi } from '../../lib/stored-cmi.js';
import type { SequencingDefinition } from './definition.js';
import { MAX_DEFINITIONS, type SequencingDeps, type SequencingStepDeps } from './memory.js';
import { freshPanelOf, panelSequencing, type PanelSequencing } from './panel.js';
import * as repo from './repo.js';
import { PackageSequencer, type SequencingView } from './sequencer.js';

/** Whose attempt: the learner's assignment, the course and the package it plays. */
export interface SequencingKeys extends repo.AttemptKeys {
  userKey: number;
}

/** A sequenced package in a learner's course: what every sequencing step works on. */
export interface SequencedPackage {
  definition: SequencingDefinition;
  keys: SequencingKeys;
}

export const NOTHING_TO_DELIVER =
  "This course's sequencing offers no lesson to open now. Return to Waypoint to see your progress.";

/**
 * The package's sequencing definition when the package is sequenced, else null; read once per
 * instance (memory.ts): a 2004 lesson's every commit asks whether its package is sequenced.
 */
export async function sequencedDefinition(
  deps: SequencingDeps,
  packageKey: number,
): Promise<SequencingDefinition | null> {
  const known = deps.state.sequencing.definitions;
  if (known.has(packageKey)) return known.get(packageKey)!;
  const value = (await repo.selectSequencingDefinition(
    deps.db,
    packageKey,
  )) as SequencingDefinition | null;
  const definition = value?.sequenced ? value : null;
  if (known.size >= MAX_DEFINITIONS) known.delete(known.keys().next().value!);
  known.set(packageKey, definition);
  return definition;
}

/**
 * The learner's package in a course when it is a sequenced SCORM 2004 package (played through
 * its sequencer, SN OP.1), else null. The caller decides first whether the launch is sequenced at
 * all (browse and previews play outside the sequencer: §4 Play modes).
 */
export async function sequencedPackage(
  deps: SequencingDeps,
  lesson: { scormVersion: string } & SequencingKeys,
): Promise<SequencedPackage | null> {
  if (lesson.scormVersion !== '2004') return null;
  const definition = await sequencedDefinition(deps, lesson.packageKey);
  if (!definition) return null;
  const { assignmentKey, courseKey, packageKey, userKey } = lesson;
  return { definition, keys: { assignmentKey, courseKey, packageKey, userKey } };
}

const cmiOf = (lessons: Step['lessons']) => (identifier: string) =>
  lessons.get(identifier)?.cmi ?? {};

interface Step {
  sequencer: PackageSequencer;
  /** lessonKey and stored cmi of each SCO identifier of the package in the course. */
  lessons: Map<string, { lessonKey: number; cmi: Record<string, string> }>;
}

/**
 * Runs one sequencing step on the learner's current attempt (a new attempt when there is none or
 * the last one ended) and stores the state it leaves.
 */
async function step<T>(
  deps: SequencingStepDeps,
  { definition, keys }: SequencedPackage,
  launchId: string,
  now: Date,
  run: (step: Step) => T,
): Promise<{ result: T; view: SequencingView }> {
  const memory = deps.state.sequencing;
  const stepped = await deps.db.transaction().execute(async (trx) => {
    await repo.lockSequencing(trx, keys);
    const row = await repo.findSequencingState(trx, keys, true);
    const fresh = !row || row.ended;
    const attempt = fresh ? (row?.attempt ?? 0) + 1 : row.attempt;
    const sequencer = new PackageSequencer(
      definition,
      fresh ? null : row.state || null,
      memory.engineLog,
    );
    // A new attempt draws its random selections before its first request (SN SR.1).
    if (fresh) sequencer.drawSelections();
    const lessons = new Map(
      (await repo.selectPackageCmi(trx, keys.assignmentKey, keys.courseKey, keys.packageKey)).map(
        (lesson) => [lesson.identifier, { lessonKey: lesson.lessonKey, cmi: parseCmi(lesson.cmi) }],
      ),
    );
    const result = run({ sequencer, lessons });
    const view = sequencer.view();
    const state = sequencer.serialize();
    // What the panel shows of the attempt now (ADR 0007), stored with it for the report.
    const panel = panelSequencing(
      definition,
      { state, ended: view.ended, rollup: view.rollup },
      cmiOf(lessons),
      memory.engineLog,
      () => freshPanelOf(memory, keys.packageKey, definition),
    );
    await repo.saveSequencingState(trx, {
      ...keys,
      attempt,
      state,
      ended: view.ended,
      rollupCompleted: view.rollup.completed,
      rollupSatisfied: view.rollup.satisfied,
      rollupMeasure: view.rollup.measure,
      panel: JSON.stringify(panel),
      launchId,
      updatedAt: now,
    });
    return { result, view };
  });
  deps.state.reportCache.invalidate(keys.userKey);
  return stepped;
}

/**
 * A launch of the lesson playing `identifier` is opening: the sequencer delivers it through a
 * choice request when another activity is delivered or none is (a start, or a resume-all of a
 * suspended attempt, when choice cannot). Returns the activity it delivered, which may be another
 * one (the player then opens that one instead). 409 when it delivers nothing.
 */
export async function deliverForLaunch(
  deps: SequencingStepDeps,
  sequenced: SequencedPackage,
  launch: { launchId: string; identifier: string },
  now: Date,
): Promise<{ delivered: { identifier: string; lessonKey: number }; view: SequencingView }> {
  const { result, view } = await step(deps, sequenced, launch.launchId, now, (s) => {
    const { sequencer, lessons } = s;
    const current = sequencer.current();
    if (current === launch.identifier) return current;
    if (current !== null) {
      sequencer.choose(lessons.get(current)?.cmi ?? {}, launch.identifier);
    } else if (!sequencer.request('choice', launch.identifier)) {
      if (!sequencer.request('resumeAll')) sequencer.request('start');
    }
    return sequencer.current();
  });
  if (result === null) throw new HttpError(409, NOTHING_TO_DELIVER);
  const lessonKey = await lessonKeyOf(deps, sequenced.keys, result);
  return { delivered: { identifier: result, lessonKey }, view };
}

async function lessonKeyOf(
  deps: SequencingDeps,
  keys: SequencingKeys,
  identifier: string,
): Promise<number> {
  const lessons = await repo.selectPackageCmi(
    deps.db,
    keys.assignmentKey,
    keys.courseKey,
    keys.packageKey,
  );
  const lesson = lessons.find((row) => row.identifier === identifier);
  if (!lesson) {
    throw new HttpError(
      409,
      `The course has no lesson for the activity '${identifier}' the sequencer chose.`,
    );
  }
  return lesson.lessonKey;
}

/**
 * A navigation request in a sequenced package (the SCO's adl.nav.request at Terminate, or the
 * player's Previous / Next / lesson list): the delivered activity's SCO session ends with what it
 * committed, then the request is sequenced. Returns the lesson to launch, or null when the
 * request ended the sequencing session (exitAll, suspendAll, continue past the end).
 */
export async function navigateSequenced(
  deps: SequencingStepDeps,
  sequenced: SequencedPackage,
  launch: { launchId: string; identifier: string },
  request: string,
  now: Date,
): Promise<{ lessonKey: number | null; view: SequencingView; refused: boolean }> {
  const { result, view } = await step(deps, sequenced, launch.launchId, now, (s) => {
    const { sequencer, lessons } = s;
    const before = sequencer.current();
    if (before === null) {
      // Nothing is delivered (a new attempt): the request is a start or a choice from outside.
      const target = /^\{target=([^}]+)\}choice$/.exec(request)?.[1];
      const delivered = target ? sequencer.request('choice', target) : sequencer.request('start');
      return { delivered: delivered ? sequencer.current() : null, refused: !delivered };
    }
    const cmi = lessons.get(before)?.cmi ?? {};
    const target = /^\{target=([^}]+)\}choice$/.exec(request)?.[1];
    const accepted = target ? sequencer.choose(cmi, target) : sequencer.terminate(cmi, request);
    const after = sequencer.current();
    return { delivered: after, refused: !accepted || (after === before && !sequencer.ended) };
  });
  if (result.delivered === null) return { lessonKey: null, view, refused: result.refused };
  return {
    lessonKey: await lessonKeyOf(deps, sequenced.keys, result.delivered),
    view,
    refused: result.refused,
  };
}

/** The sequencer's view of the learner's current attempt, changing nothing (a reloaded window). */
export async function currentView(
  deps: SequencingDeps,
  { definition, keys }: SequencedPackage,
): Promise<SequencingView> {
  const row = await repo.findSequencingState(deps.db, keys);
  const state = row && !row.ended ? row.state || null : null;
  return new PackageSequencer(definition, state, deps.state.sequencing.engineLog).view();
}

/**
 * The panel's view of the learner's current attempt, worked out by the engine now (the launch
 * rules' check of a launch from the panel, whatever the report showed).
 */
export async function panelNow(
  deps: SequencingDeps,
  { definition, keys }: SequencedPackage,
): Promise<PanelSequencing> {
  const { db } = deps;
  const memory = deps.state.sequencing;
  const [row, lessons] = await Promise.all([
    repo.findSequencingState(db, keys),
    repo.selectPackageCmi(db, keys.assignmentKey, keys.courseKey, keys.packageKey),
  ]);
  const byIdentifier = new Map(lessons.map((lesson) => [lesson.identifier, parseCmi(lesson.cmi)]));
  const stored = row
    ? {
        state: row.state,
        ended: row.ended,
        rollup: {
          completed: row.rollupCompleted,
          satisfied: row.rollupSatisfied,
          measure: row.rollupMeasure,
        },
      }
    : null;
  return panelSequencing(
    definition,
    stored,
    (identifier) => byIdentifier.get(identifier) ?? {},
    memory.engineLog,
    () => freshPanelOf(memory, keys.packageKey, definition),
  );
}

/**
 * The delivered SCO committed results (completion, success, score, objectives): the panel's view
 * of the attempt is worked out again with them (what its end will unlock, the rollup it leaves),
 * under the same lock as a sequencing step.
 */
export async function refreshPanel(
  deps: SequencingStepDeps,
  { definition, keys }: SequencedPackage,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockSequencing(trx, keys);
    const row = await repo.findSequencingState(trx, keys, true);
    if (!row || row.ended || !row.state) return;
    const lessons = await repo.selectPackageCmi(
      trx,
      keys.assignmentKey,
      keys.courseKey,
      keys.packageKey,
    );
    const byIdentifier = new Map(
      lessons.map((lesson) => [lesson.identifier, parseCmi(lesson.cmi)]),
    );
    const panel = panelSequencing(
      definition,
      { state: row.state, ended: false, rollup: UNKNOWN },
      (identifier) => byIdentifier.get(identifier) ?? {},
      deps.state.sequencing.engineLog,
    );
    await repo.updateSequencingPanel(trx, { ...keys, attempt: row.attempt }, JSON.stringify(panel));
  });
  deps.state.reportCache.invalidate(keys.userKey);
}

const UNKNOWN = { completed: null, satisfied: null, measure: null };
