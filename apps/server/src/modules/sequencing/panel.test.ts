import { describe, expect, it } from 'vitest';
import { parseManifest } from '../content/manifest.js';
import {
  CHOICE_WITH_DISABLED_EXAM,
  FORCED_ORDER,
  FORCED_SEQUENTIAL,
  HIDDEN_FROM_CHOICE,
  POST_TEST_ROLLUP,
  sequencedManifest,
  type SequencedItem,
} from '../../test/sequencing-packages.js';
import { PackageSequencer, quietEngine } from './sequencer.js';
import { freshPanel, panelSequencing, parsePanel } from './panel.js';

const definitionOf = (pkg: {
  items: SequencedItem[];
  organizationSequencing?: string;
  collection?: string;
}) => parseManifest(sequencedManifest('Course', pkg.items, pkg)).sequencing.definition!;

const PASSED = {
  'cmi.completion_status': 'completed',
  'cmi.success_status': 'passed',
  'cmi.score.scaled': '0.9',
};
const UNKNOWN = { completed: null, satisfied: null, measure: null };

/** The stored state after a choice of `id` from a new attempt (the panel's launch of it). */
function launched(definition: ReturnType<typeof definitionOf>, id: string) {
  const sequencer = new PackageSequencer(definition, null, quietEngine);
  expect(sequencer.request('choice', id)).toBe(true);
  return { state: sequencer.serialize(), ended: false, rollup: UNKNOWN };
}

describe("the panel's view of a sequenced package (ADR 0007, Sequencing in the panel)", () => {
  it('forced order: a new attempt offers the first SCO only; completing it (its window closed, no navigation) opens the second, failing it does not', () => {
    const definition = definitionOf(FORCED_ORDER);
    expect(freshPanel(definition, quietEngine)).toEqual({
      launchable: ['brief'],
      hidden: [],
      entry: null,
      rollup: UNKNOWN,
    });
    const stored = launched(definition, 'brief');
    // Delivered, no result yet: only the delivered one may launch.
    expect(panelSequencing(definition, stored, () => ({}), quietEngine).launchable).toEqual([
      'brief',
    ]);
    const started = { 'cmi.completion_status': 'incomplete' };
    expect(panelSequencing(definition, stored, () => started, quietEngine).launchable).toEqual([
      'brief',
    ]);
    const done = { 'cmi.completion_status': 'completed' };
    expect(panelSequencing(definition, stored, () => done, quietEngine).launchable).toEqual([
      'brief',
      'walk',
    ]);
    const failed = { ...PASSED, 'cmi.success_status': 'failed' };
    expect(panelSequencing(definition, stored, () => failed, quietEngine).launchable).toEqual([
      'brief',
    ]);
    // The panel's launch then delivers what the view offers, and only that.
    const delivering = new PackageSequencer(definition, stored.state, quietEngine);
    expect(delivering.choose(done, 'ride')).toBe(false);
    expect(delivering.current()).toBe('brief');
    expect(new PackageSequencer(definition, stored.state, quietEngine).choose(done, 'walk')).toBe(
      true,
    );
  });

  it('a flow-only package (choice off) lists one entry: what a start delivers, then the delivered SCO', () => {
    const definition = definitionOf(FORCED_SEQUENTIAL);
    expect(freshPanel(definition, quietEngine)).toMatchObject({
      launchable: ['intro'],
      hidden: ['systems', 'exam'],
      entry: 'intro',
    });
    const sequencer = new PackageSequencer(definition, null, quietEngine);
    sequencer.request('start');
    sequencer.terminate({ 'cmi.completion_status': 'completed' }, 'continue');
    const stored = { state: sequencer.serialize(), ended: false, rollup: UNKNOWN };
    expect(panelSequencing(definition, stored, () => ({}), quietEngine)).toMatchObject({
      launchable: ['systems'],
      hidden: ['intro', 'exam'],
      entry: 'systems',
    });
  });

  it('an item hidden from choice is not listed and not launchable', () => {
    const panel = freshPanel(definitionOf(HIDDEN_FROM_CHOICE), quietEngine);
    expect(panel.hidden).toEqual(['key']);
    expect(panel.launchable).toEqual(['guide', 'quiz']);
  });

  it('a precondition disabled item is locked until the global objective it reads is satisfied', () => {
    const definition = definitionOf(CHOICE_WITH_DISABLED_EXAM);
    expect(freshPanel(definition, quietEngine).launchable).toEqual(['read-a', 'read-b']);
    const stored = launched(definition, 'read-a');
    const after = panelSequencing(
      definition,
      stored,
      (id) => (id === 'read-a' ? PASSED : {}),
      quietEngine,
    );
    expect(after.launchable).toEqual(['read-a', 'read-b', 'final']);
  });

  it('post-test rollup: the passed post test completes and satisfies the tree before its window navigates; an ended attempt keeps its rollup with a new attempt’s locks', () => {
    const definition = definitionOf(POST_TEST_ROLLUP);
    const stored = launched(definition, 'post-test');
    expect(panelSequencing(definition, stored, () => PASSED, quietEngine).rollup).toEqual({
      completed: true,
      satisfied: true,
      measure: 0.9,
    });
    const rollup = { completed: true, satisfied: true, measure: 0.9 };
    const ended = panelSequencing(
      definition,
      { state: stored.state, ended: true, rollup },
      () => ({}),
      quietEngine,
    );
    expect(ended).toEqual({ ...freshPanel(definition, quietEngine), rollup });
  });

  it('reads a stored view back, and nothing from a bad one', () => {
    const panel = freshPanel(definitionOf(FORCED_ORDER), quietEngine);
    expect(parsePanel(JSON.stringify(panel))).toEqual(panel);
    expect(parsePanel('')).toBeNull();
    expect(parsePanel('{"launchable":1}')).toBeNull();
    expect(parsePanel('not json')).toBeNull();
  });
});
