import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseManifest } from '../content/manifest.js';
import {
  CHOICE_WITH_DISABLED_EXAM,
  FORCED_SEQUENTIAL,
  POST_TEST_ROLLUP,
  RANDOM_ONE_OF_FOUR,
  REMEDIATION,
  sequencedManifest,
  type SequencedItem,
} from '../../test/sequencing-packages.js';
import { createSequencingMemory } from './memory.js';
import { PackageSequencer, quietEngine, type EngineLog } from './sequencer.js';

/** Where the engines of these tests send their console lines (the console test reads them). */
let log: EngineLog = quietEngine;

const definitionOf = (pkg: {
  items: SequencedItem[];
  organizationSequencing?: string;
  collection?: string;
}) => parseManifest(sequencedManifest('Course', pkg.items, pkg)).sequencing.definition!;

/** A fresh engine, then the state it saved: what the next request of the learner starts from. */
const reopen = (sequencer: PackageSequencer, pkg: Parameters<typeof definitionOf>[0]) =>
  new PackageSequencer(definitionOf(pkg), sequencer.serialize(), log);

const PASSED = {
  'cmi.completion_status': 'completed',
  'cmi.success_status': 'passed',
  'cmi.score.scaled': '0.9',
};
const FAILED = {
  'cmi.completion_status': 'completed',
  'cmi.success_status': 'failed',
  'cmi.score.scaled': '0.2',
};
const DONE = { 'cmi.completion_status': 'completed' };
const CONSOLE = ['log', 'info', 'debug', 'warn', 'error'] as const;

describe("SCORM 2004 sequencing with scorm-again's engine, on the packages' stored definitions", () => {
  it('forced sequential (choice off, flow on): only start and continue deliver, in order', () => {
    const s = new PackageSequencer(definitionOf(FORCED_SEQUENTIAL), null, log);
    expect(s.request('choice', 'exam')).toBe(false);
    expect(s.request('start')).toBe(true);
    expect(s.current()).toBe('intro');
    const view = s.view();
    expect(view).toMatchObject({ continue: true, previous: false, choiceControl: false });
    expect(view.choice).toEqual({ intro: false, systems: false, exam: false });
    const next = reopen(s, FORCED_SEQUENTIAL);
    expect(next.current()).toBe('intro');
    expect(next.terminate(DONE, 'continue')).toBe(true);
    expect(next.current()).toBe('systems');
    expect(next.view()).toMatchObject({ continue: true, previous: true });
  });

  it('choice with a disabled exam: the exam opens only once the global objective Reading A writes is satisfied', () => {
    const s = new PackageSequencer(definitionOf(CHOICE_WITH_DISABLED_EXAM), null, log);
    expect(s.request('start')).toBe(true);
    expect(s.view().choice).toEqual({ 'read-a': true, 'read-b': true, final: false });
    expect(s.terminate({ ...PASSED }, '{target=read-b}choice')).toBe(true);
    expect(s.current()).toBe('read-b');
    expect(s.view().choice.final).toBe(true);
    const later = reopen(s, CHOICE_WITH_DISABLED_EXAM);
    expect(later.terminate(DONE, '{target=final}choice')).toBe(true);
    expect(later.current()).toBe('final');
  });

  it('remediation with retry: a failed check quiz sends the learner back through the module', () => {
    const s = new PackageSequencer(definitionOf(REMEDIATION), null, log);
    expect(s.request('start')).toBe(true);
    expect(s.current()).toBe('teach');
    expect(s.terminate(DONE, 'continue')).toBe(true);
    expect(s.current()).toBe('check');
    expect(s.terminate(FAILED, 'continue')).toBe(true);
    expect(s.current()).toBe('teach');
  });

  it('post-test rollup: the course is complete and passed from its post test alone', () => {
    const s = new PackageSequencer(definitionOf(POST_TEST_ROLLUP), null, log);
    expect(s.request('choice', 'post-test')).toBe(true);
    expect(s.terminate(PASSED, 'exitAll')).toBe(true);
    expect(s.view().rollup).toMatchObject({ completed: true, satisfied: true });

    const content = new PackageSequencer(definitionOf(POST_TEST_ROLLUP), null, log);
    content.request('choice', 'content-1');
    content.terminate(DONE, '{target=content-2}choice');
    content.terminate(DONE, 'exitAll');
    expect(content.view().rollup.satisfied).not.toBe(true);
    expect(content.view().rollup.completed).not.toBe(true);
  });

  it('random selection of 1 of 4 tests: none is offered before the selection, then one, the others hidden', () => {
    const s = new PackageSequencer(definitionOf(RANDOM_ONE_OF_FOUR), null, log);
    expect(s.request('start')).toBe(true);
    const tests = ['test-a', 'test-b', 'test-c', 'test-d'];
    expect(s.view().hidden.sort()).toEqual(tests);
    expect(s.terminate(DONE, 'continue')).toBe(true);
    const chosen = s.current();
    expect(tests).toContain(chosen);
    const view = s.view();
    expect(tests.filter((id) => !view.hidden.includes(id))).toEqual([chosen]);
    expect(tests.filter((id) => view.choice[id])).toEqual([chosen]);
    expect(reopen(s, RANDOM_ONE_OF_FOUR).view().hidden).toEqual(view.hidden);
  });

  it('random selection of 2 of 4 on each new attempt (SN SR.1): a new attempt draws before its start, which then delivers the two drawn, in order', () => {
    const pick = {
      organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
      items: [
        {
          id: 'pool',
          title: 'Pool',
          sequencing: `<imsss:controlMode choice="true" flow="true"/>
            <imsss:randomizationControls selectionTiming="onEachNewAttempt" selectCount="2"/>`,
          children: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id.toUpperCase() })),
        },
      ] satisfies SequencedItem[],
    };
    const draws = new Set<string>();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const s = new PackageSequencer(definitionOf(pick), null, log);
      s.drawSelections();
      const drawn = ['a', 'b', 'c', 'd'].filter((id) => !s.view().hidden.includes(id));
      expect(drawn).toHaveLength(2);
      expect(s.request('start')).toBe(true);
      const delivered = [s.current()];
      const next = reopen(s, pick);
      expect(next.terminate(DONE, 'continue')).toBe(true);
      delivered.push(next.current());
      expect(delivered).toEqual(drawn);
      expect(next.terminate(DONE, 'continue')).toBe(true);
      expect(next.ended).toBe(true);
      draws.add(drawn.join(''));
    }
    // Six pairs can be drawn; thirty attempts drawing one pair only would be chance of 6^-29.
    expect(draws.size).toBeGreaterThan(1);
  });

  it('an attemptAbsoluteDurationLimit, of an hour or of years, never blocks a delivery (SN: an LMS need not enforce it)', () => {
    for (const limit of ['PT1H', 'P5Y', 'P1Y6M']) {
      const limited = {
        organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
        items: [
          {
            id: 'timed',
            title: 'Timed',
            sequencing: `<imsss:limitConditions attemptAbsoluteDurationLimit="${limit}"/>`,
          },
          { id: 'after', title: 'After' },
        ] satisfies SequencedItem[],
      };
      const definition = definitionOf(limited);
      // The stored definition keeps the limit: it is the SCO's cmi.max_time_allowed.
      expect(definition.activityTree.children![0]!.attemptAbsoluteDurationLimit).toBe(limit);
      const s = new PackageSequencer(definition, null, log);
      expect(s.request('start')).toBe(true);
      expect(s.current()).toBe('timed');
      expect(new PackageSequencer(definition, null, log).request('choice', 'timed')).toBe(true);
    }
  });

  describe("the engine's console output", () => {
    afterEach(() => {
      log = quietEngine;
      vi.restoreAllMocks();
    });

    it('goes to the logger at debug level, none to the console', () => {
      const lines: string[] = [];
      // As an app's memory sends them: to its logger at debug level (memory.ts).
      log = createSequencingMemory({ log: { debug: (message) => lines.push(message) } }).engineLog;
      const written = CONSOLE.map((name) => vi.spyOn(console, name));
      const s = new PackageSequencer(definitionOf(CHOICE_WITH_DISABLED_EXAM), null, log);
      expect(s.request('start')).toBe(true);
      const later = reopen(s, CHOICE_WITH_DISABLED_EXAM);
      expect(later.terminate(PASSED, 'continue')).toBe(true);
      for (const spy of written) expect(spy).not.toHaveBeenCalled();
      expect(lines).toContain('sequencer: Activity delivered: read-a - Reading A');
      expect(lines).toContain('sequencer: Sequencing state restored successfully');
      // The console is the console again once the engine returns.
      expect(console.debug).toBe(written[2]);
    });
  });
});
