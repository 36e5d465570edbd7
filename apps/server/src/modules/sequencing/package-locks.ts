/**
 * The locks and rollup a lesson's own package sets (docs/decisions/0007, Sequencing in the panel),
 * for the progress report: a sequenced SCORM 2004 package as its sequencer allows it for the
 * learner's current attempt (the stored panel view, panel.ts: no engine runs per
 * report), a SCORM 1.2 package by its items' adlcp:prerequisites (the player's own evaluation,
 * prerequisites-12.ts).
 */
import { isCompletionComplete, PLAY_MODE, type ProgressElement } from '@waypoint/domain';
import type { SequencingDefinition } from './definition.js';
import type { SequencingDeps } from './memory.js';
import { freshPanelOf, knownFreshPanel, parsePanel, type PanelSequencing } from './panel.js';
import { unmetItems, type ProgressOf12 } from './prerequisites-12.js';
import { prerequisitesOf, selectSequencingDefinition } from './repo.js';

export type PackageLock = NonNullable<ProgressElement['elementPackageLock']>;
export type SequencingRollup = NonNullable<ProgressElement['elementSequencingRollup']>;

/** What the report needs to know of the packages behind its lessons. */
export interface PackageRules {
  /** Sequenced 2004 packages: the stored panel view per `${assignmentKey}:${courseKey}:${packageKey}`. */
  panels: Map<string, PanelSequencing>;
  /** A new attempt's panel view per sequenced package. */
  fresh: Map<number, PanelSequencing>;
  /** SCORM 1.2 packages' item prerequisites. */
  prerequisites: Map<number, Record<string, string>>;
}

/** A package behind the report's lessons, as the report reads it (with its own queries). */
export interface PackageRuleSource {
  packageKey: number;
  scormVersion: string;
  /** The package is played through its sequencer (SequencingDefinition.sequenced). */
  sequenced: boolean;
  /** SCORM 1.2: the manifest's items (with their adlcp:prerequisites) as JSON text. */
  items: string | null;
}

/** The learner's latest sequencing attempt of a package in a course, as the report reads it. */
export interface StoredPanelSource {
  assignmentKey: number;
  courseKey: number;
  packageKey: number;
  /** sequencing_state.panel: JSON text, '' when not worked out. */
  panel: string;
  rollupCompleted: boolean | null;
  rollupSatisfied: boolean | null;
  rollupMeasure: number | null;
}

function parseItems(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    return prerequisitesOf(JSON.parse(text));
  } catch {
    return {};
  }
}

/**
 * Gathers the packages' rules: the stored panel views, and a new attempt's view of each sequenced
 * package (worked out by the engine once per package and process, then kept in memory).
 */
export async function loadPackageRules(
  deps: SequencingDeps,
  packages: readonly PackageRuleSource[],
  states: readonly StoredPanelSource[],
): Promise<PackageRules> {
  const memory = deps.state.sequencing;
  const rules: PackageRules = { panels: new Map(), fresh: new Map(), prerequisites: new Map() };
  for (const row of packages) {
    if (row.scormVersion === '1.2') {
      const items = parseItems(row.items);
      if (Object.keys(items).length > 0) rules.prerequisites.set(row.packageKey, items);
    } else if (row.sequenced) {
      let fresh = knownFreshPanel(memory, row.packageKey);
      if (!fresh) {
        const definition = (await selectSequencingDefinition(
          deps.db,
          row.packageKey,
        )) as SequencingDefinition | null;
        if (!definition) continue;
        fresh = freshPanelOf(memory, row.packageKey, definition);
      }
      rules.fresh.set(row.packageKey, fresh);
    }
  }
  for (const state of states) {
    const fresh = rules.fresh.get(state.packageKey);
    if (!fresh) continue;
    const rollup = {
      completed: state.rollupCompleted,
      satisfied: state.rollupSatisfied,
      measure: state.rollupMeasure,
    };
    // Each sequencing step stores the panel view (a new attempt's after one ended); a state
    // stored before panel views were is read as a new attempt with its rollup.
    const panel = parsePanel(state.panel) ?? { ...fresh, rollup };
    rules.panels.set(`${state.assignmentKey}:${state.courseKey}:${state.packageKey}`, panel);
  }
  return rules;
}

/** A lesson of the report's tree, as far as its package's locks go. */
export interface PackageLessonSource {
  lessonKey: number;
  name: string;
  playMode: number;
  packageKey: number | null;
  scoIdentifier: string | null;
}

/** One course of one assignment: its lessons in tree order, with the learner's progress. */
export interface CourseLessons {
  assignmentKey: number;
  courseKey: number;
  lessons: { row: PackageLessonSource; progress: NonNullable<ProgressOf12> | undefined }[];
}

/**
 * The package locks of a course's lessons (by lessonKey) and, for a course made of one sequenced
 * package, its rollup.
 */
export function courseLocks(
  course: CourseLessons,
  rules: PackageRules,
): { locks: Map<number, PackageLock>; rollup: SequencingRollup | null } {
  const locks = new Map<number, PackageLock>();
  const byPackage = new Map<number, CourseLessons['lessons']>();
  for (const lesson of course.lessons) {
    const key = lesson.row.packageKey;
    if (key === null) continue;
    const list = byPackage.get(key);
    if (list) list.push(lesson);
    else byPackage.set(key, [lesson]);
  }
  let rollup: SequencingRollup | null = null;
  for (const [packageKey, lessons] of byPackage) {
    const fresh = rules.fresh.get(packageKey);
    if (fresh) {
      const panel =
        rules.panels.get(`${course.assignmentKey}:${course.courseKey}:${packageKey}`) ?? fresh;
      sequencingLocks(lessons, panel, locks);
      // The tree's rollup is the course's when the package is the whole course.
      if (lessons.length === course.lessons.length) rollup = panel.rollup;
      continue;
    }
    const expressions = rules.prerequisites.get(packageKey);
    if (expressions) prerequisiteLocks(lessons, expressions, locks);
  }
  return { locks, rollup };
}

const credited = (lesson: { row: PackageLessonSource }) => lesson.row.playMode !== PLAY_MODE.browse;

function sequencingLocks(
  lessons: CourseLessons['lessons'],
  panel: PanelSequencing,
  locks: Map<number, PackageLock>,
): void {
  const hidden = new Set(panel.hidden);
  const launchable = new Set(panel.launchable);
  lessons.forEach((lesson, index) => {
    // Browse mode plays outside the sequencer and records nothing (§4 Play modes).
    const id = lesson.row.scoIdentifier;
    if (!credited(lesson) || id === null) return;
    const isHidden = hidden.has(id);
    const locked = !launchable.has(id);
    if (!isHidden && !locked) return;
    // What it waits for, as far as the order tells: the listed lessons before it not complete.
    const waitsFor = locked
      ? lessons
          .slice(0, index)
          .filter(
            (before) =>
              credited(before) &&
              !hidden.has(before.row.scoIdentifier ?? '') &&
              !isCompletionComplete(before.progress?.completion ?? 0),
          )
          .map((before) => before.row.name)
      : [];
    locks.set(lesson.row.lessonKey, { locked, hidden: isHidden, waitsFor });
  });
}

function prerequisiteLocks(
  lessons: CourseLessons['lessons'],
  expressions: Record<string, string>,
  locks: Map<number, PackageLock>,
): void {
  const byIdentifier = new Map(lessons.map((lesson) => [lesson.row.scoIdentifier, lesson]));
  const unmet = unmetItems(expressions, (id) => byIdentifier.get(id)?.progress);
  for (const lesson of lessons) {
    const held = unmet.get(lesson.row.scoIdentifier ?? '');
    if (!held || !credited(lesson)) continue;
    locks.set(lesson.row.lessonKey, {
      locked: true,
      hidden: false,
      waitsFor: held.waitsFor.map((id) => byIdentifier.get(id)?.row.name ?? id),
    });
  }
}
