import { describe, expect, it } from 'vitest';
import {
  applyCommit,
  lessonStatusOnFinish12,
  resumesAttempt,
  resumeAttempt,
  startNewAttempt,
  STORED_CMI_ELEMENTS,
  type CommitContext,
  type Finish12Input,
  type ScormVersion,
  type AttemptResult,
  type StoredProgress,
} from './cmi-progress.js';

const NOW = 1_750_000_000_000;
const BASE_TIME = 60_000;

function stored(fields: Partial<StoredProgress> = {}): StoredProgress {
  return {
    attempts: 1,
    completion: 0,
    credit: 0,
    score: 0,
    completionInstantMs: null,
    location: -1,
    maxLocation: 0,
    locationBlob: '',
    suspendData: '',
    progressMeasure: 0,
    totalTimeMs: BASE_TIME,
    cmi: {},
    ...fields,
  };
}

function context(version: ScormVersion, fields: Partial<CommitContext> = {}): CommitContext {
  return {
    version,
    credit: true,
    baseTotalTimeMs: BASE_TIME,
    nowMs: NOW,
    masteryScore: null,
    completionThreshold: null,
    ...fields,
  };
}

/** Applies a commit that must be accepted and returns the next stored progress. */
function next(
  version: ScormVersion,
  delta: Record<string, string>,
  from: StoredProgress = stored(),
  ctx: Partial<CommitContext> = {},
): StoredProgress {
  const result = applyCommit(from, delta, context(version, ctx));
  if (!result.ok) throw new Error(`commit refused: ${result.problems.join(' ')}`);
  return result.next;
}

describe('STORED_CMI_ELEMENTS: "Elements the server stores" (player contract)', () => {
  it('lists the contract elements of each version', () => {
    expect(STORED_CMI_ELEMENTS['1.2']).toEqual([
      'cmi.core.lesson_status',
      'cmi.core.score.raw',
      'cmi.core.score.min',
      'cmi.core.score.max',
      'cmi.core.lesson_location',
      'cmi.core.session_time',
      'cmi.core.exit',
      'cmi.suspend_data',
    ]);
    expect(STORED_CMI_ELEMENTS['2004']).toEqual([
      'cmi.completion_status',
      'cmi.success_status',
      'cmi.score.raw',
      'cmi.score.min',
      'cmi.score.max',
      'cmi.score.scaled',
      'cmi.progress_measure',
      'cmi.location',
      'cmi.session_time',
      'cmi.exit',
      'cmi.suspend_data',
    ]);
  });
});

describe('rule 1: "Each value is checked; any bad value -> {ok:false, problems} naming the element"', () => {
  const STATUS_12 =
    'cmi.core.lesson_status must be one of passed, completed, failed, incomplete, browsed, not attempted.';
  it.each<[string, ScormVersion, string, unknown, string]>([
    ['1.2 lesson_status vocabulary', '1.2', 'cmi.core.lesson_status', 'done', STATUS_12],
    ['1.2 lesson_status is never empty', '1.2', 'cmi.core.lesson_status', '', STATUS_12],
    [
      "\"1.2 exit in '', time-out, suspend, logout\" (not 2004's timeout)",
      '1.2',
      'cmi.core.exit',
      'timeout',
      "cmi.core.exit must be one of '', time-out, suspend, logout.",
    ],
    [
      '"score raw: \'\' or a decimal"',
      '1.2',
      'cmi.core.score.raw',
      'abc',
      'cmi.core.score.raw must be a number.',
    ],
    ['score min', '1.2', 'cmi.core.score.min', '1e2', 'cmi.core.score.min must be a number.'],
    ['score max', '1.2', 'cmi.core.score.max', '80%', 'cmi.core.score.max must be a number.'],
    [
      '"location <= 255 chars (1.2)"',
      '1.2',
      'cmi.core.lesson_location',
      'x'.repeat(256),
      'cmi.core.lesson_location must be at most 255 characters.',
    ],
    [
      '"suspend_data <= 4096 chars (1.2)"',
      '1.2',
      'cmi.suspend_data',
      'x'.repeat(4097),
      'cmi.suspend_data must be at most 4096 characters.',
    ],
    [
      '"session_time in the version\'s format": 1.2 takes no ISO duration',
      '1.2',
      'cmi.core.session_time',
      'PT1S',
      'cmi.core.session_time must be a time like 0001:02:03.50.',
    ],
    [
      '"2004 completion_status in completed, incomplete, not attempted, unknown"',
      '2004',
      'cmi.completion_status',
      'passed',
      'cmi.completion_status must be one of completed, incomplete, not attempted, unknown.',
    ],
    [
      '"success_status in passed, failed, unknown"',
      '2004',
      'cmi.success_status',
      'completed',
      'cmi.success_status must be one of passed, failed, unknown.',
    ],
    [
      "\"2004 exit in '', timeout, suspend, logout, normal\" (not 1.2's time-out)",
      '2004',
      'cmi.exit',
      'time-out',
      "cmi.exit must be one of '', timeout, suspend, logout, normal.",
    ],
    ['2004 score raw', '2004', 'cmi.score.raw', 'x', 'cmi.score.raw must be a number.'],
    [
      '"score.scaled -1..1": above 1',
      '2004',
      'cmi.score.scaled',
      '1.5',
      'cmi.score.scaled must be a number from -1 to 1.',
    ],
    [
      '"score.scaled -1..1": below -1',
      '2004',
      'cmi.score.scaled',
      '-1.01',
      'cmi.score.scaled must be a number from -1 to 1.',
    ],
    [
      '"score.scaled -1..1": not a number',
      '2004',
      'cmi.score.scaled',
      'high',
      'cmi.score.scaled must be a number from -1 to 1.',
    ],
    [
      '"progress_measure 0..1": above 1',
      '2004',
      'cmi.progress_measure',
      '1.1',
      'cmi.progress_measure must be a number from 0 to 1.',
    ],
    [
      '"progress_measure 0..1": below 0',
      '2004',
      'cmi.progress_measure',
      '-0.1',
      'cmi.progress_measure must be a number from 0 to 1.',
    ],
    [
      '"location <= 1000 (2004)"',
      '2004',
      'cmi.location',
      'x'.repeat(1001),
      'cmi.location must be at most 1000 characters.',
    ],
    [
      '"suspend_data <= 64000 (2004)"',
      '2004',
      'cmi.suspend_data',
      'x'.repeat(64001),
      'cmi.suspend_data must be at most 64000 characters.',
    ],
    [
      '"session_time in the version\'s format": 2004 takes no CMITimespan',
      '2004',
      'cmi.session_time',
      '00:00:01',
      'cmi.session_time must be a duration like PT1H2M3.5S.',
    ],
    [
      '"PT alone is malformed"',
      '2004',
      'cmi.session_time',
      'PT',
      'cmi.session_time must be a duration like PT1H2M3.5S.',
    ],
    [
      'a value that is not text (JSON number)',
      '2004',
      'cmi.score.raw',
      85,
      'cmi.score.raw must be text.',
    ],
  ])('%s: %s %s', (_rule, version, element, value, problem) => {
    const delta = { [element]: value } as Record<string, string>; // a JSON body may hold any value
    expect(applyCommit(stored(), delta, context(version))).toEqual({
      ok: false,
      problems: [problem],
    });
  });

  it.each<[string, ScormVersion, string, string]>([
    ...['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'].map(
      (v): [string, ScormVersion, string, string] => [
        '1.2 lesson_status',
        '1.2',
        'cmi.core.lesson_status',
        v,
      ],
    ),
    ...['', 'time-out', 'suspend', 'logout'].map((v): [string, ScormVersion, string, string] => [
      '1.2 exit',
      '1.2',
      'cmi.core.exit',
      v,
    ]),
    ...['', '85', '-5', '72.5', '.5', '7.'].map((v): [string, ScormVersion, string, string] => [
      '"score raw: \'\' or a decimal"',
      '1.2',
      'cmi.core.score.raw',
      v,
    ]),
    ['location of 255 chars', '1.2', 'cmi.core.lesson_location', 'x'.repeat(255)],
    ['suspend_data of 4096 chars', '1.2', 'cmi.suspend_data', 'x'.repeat(4096)],
    ['1.2 session_time', '1.2', 'cmi.core.session_time', '00:00:01.5'],
    ...['completed', 'incomplete', 'not attempted', 'unknown'].map(
      (v): [string, ScormVersion, string, string] => [
        '2004 completion_status',
        '2004',
        'cmi.completion_status',
        v,
      ],
    ),
    ...['passed', 'failed', 'unknown'].map((v): [string, ScormVersion, string, string] => [
      '2004 success_status',
      '2004',
      'cmi.success_status',
      v,
    ]),
    ...['', 'timeout', 'suspend', 'logout', 'normal'].map(
      (v): [string, ScormVersion, string, string] => ['2004 exit', '2004', 'cmi.exit', v],
    ),
    ...['-1', '1', '0.75', ''].map((v): [string, ScormVersion, string, string] => [
      '"score.scaled -1..1" (\'\' is not set)',
      '2004',
      'cmi.score.scaled',
      v,
    ]),
    ...['0', '1', '0.5', ''].map((v): [string, ScormVersion, string, string] => [
      '"progress_measure 0..1" (\'\' is not set)',
      '2004',
      'cmi.progress_measure',
      v,
    ]),
    ['location of 1000 chars', '2004', 'cmi.location', 'x'.repeat(1000)],
    ['suspend_data of 64000 chars', '2004', 'cmi.suspend_data', 'x'.repeat(64000)],
    ['2004 session_time', '2004', 'cmi.session_time', 'PT1H2M3.5S'],
  ])('good value (%s): %s %s = %j is stored', (_rule, version, element, value) => {
    expect(next(version, { [element]: value }).cmi[element]).toBe(value);
  });

  it('"any bad value -> ... and nothing else is applied"; every bad element is named', () => {
    const before = stored({ cmi: { 'cmi.core.lesson_status': 'incomplete' } });
    const result = applyCommit(
      before,
      {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': 'ninety',
        'cmi.core.exit': 'quit',
        'cmi.suspend_data': 'fine',
      },
      context('1.2'),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        'cmi.core.score.raw must be a number.',
        "cmi.core.exit must be one of '', time-out, suspend, logout.",
      ],
    });
    expect(before.cmi).toEqual({ 'cmi.core.lesson_status': 'incomplete' });
  });

  it.each<[string, ScormVersion, Record<string, string>]>([
    ['a 1.2 element the server does not store', '1.2', { 'cmi.core.student_name': 'x' }],
    ['interactions', '1.2', { 'cmi.interactions.0.id': 'q1' }],
    ['a 2004 element in a 1.2 commit', '1.2', { 'cmi.completion_status': 'nonsense' }],
    ['a 1.2 element in a 2004 commit', '2004', { 'cmi.core.lesson_status': 'nonsense' }],
    ['not an element at all', '2004', { hello: 'world' }],
  ])(
    '"Only the elements listed for the version are read; other keys are ignored": %s',
    (_rule, version, extra) => {
      const element = version === '1.2' ? 'cmi.suspend_data' : 'cmi.location';
      const result = next(version, { ...extra, [element]: 'kept' });
      expect(result.cmi).toEqual({ [element]: 'kept' });
    },
  );
});

describe('rule 2: "!ctx.credit -> ok with next deep-equal to stored"', () => {
  const before = stored({
    attempts: 2,
    completion: 0,
    score: 10,
    location: 2,
    maxLocation: 3,
    locationBlob: '2',
    suspendData: 'old',
    cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': '2' },
  });
  const everything = {
    'cmi.core.lesson_status': 'passed',
    'cmi.core.score.raw': '95',
    'cmi.core.lesson_location': '9',
    'cmi.core.session_time': '01:00:00',
    'cmi.core.exit': 'suspend',
    'cmi.suspend_data': 'new',
  };

  it('"browse/review/preview commits change nothing"', () => {
    const result = applyCommit(before, everything, context('1.2', { credit: false }));
    expect(result.ok && result.next).toEqual(before);
    // The caller may change the answer without touching the stored row.
    if (result.ok) expect(result.next.cmi).not.toBe(before.cmi);
  });

  it('the same commit with credit does change the progress (so the row above can fail)', () => {
    expect(next('1.2', everything, before)).not.toEqual(before);
  });

  it('rule 1 comes first: a bad value is still refused without credit', () => {
    const result = applyCommit(
      before,
      { 'cmi.core.score.raw': 'x' },
      context('1.2', { credit: false }),
    );
    expect(result.ok).toBe(false);
  });
});

describe('rule 3: "merged = {...stored.cmi, ...delta (valid keys only)}; next.cmi = merged"', () => {
  it('keeps stored elements, replaces changed ones and drops ignored keys', () => {
    const before = stored({
      cmi: {
        'cmi.completion_status': 'incomplete',
        'cmi.location': 'page-3',
        'cmi.exit': 'suspend',
      },
    });
    const result = next(
      '2004',
      { 'cmi.location': 'page-4', 'cmi.exit': '', 'cmi.learner_name': 'x' },
      before,
    );
    expect(result.cmi).toEqual({
      'cmi.completion_status': 'incomplete',
      'cmi.location': 'page-4',
      'cmi.exit': '',
    });
  });

  it('statuses stored by an earlier commit still count (mastery override with a later raw)', () => {
    const before = stored({ cmi: { 'cmi.core.lesson_status': 'completed' } });
    const result = next('1.2', { 'cmi.core.score.raw': '50' }, before, { masteryScore: 80 });
    expect([result.completion, result.credit]).toEqual([-3, -1]);
  });
});

describe('rule 4: status -> (completion code, credit) per spec §4 Completion codes', () => {
  it.each<[string, ScormVersion, Record<string, string>, Partial<CommitContext>, [number, number]]>(
    [
      ['1.2 "passed -> (1, 1)"', '1.2', { 'cmi.core.lesson_status': 'passed' }, {}, [1, 1]],
      [
        '1.2 "failed -> (-3, -1)" ("-3 minimum score not met")',
        '1.2',
        { 'cmi.core.lesson_status': 'failed' },
        {},
        [-3, -1],
      ],
      [
        '1.2 "completed with no passed/failed -> (1, 0)"',
        '1.2',
        { 'cmi.core.lesson_status': 'completed' },
        {},
        [1, 0],
      ],
      [
        '1.2 "anything else -> (0, 0)": incomplete',
        '1.2',
        { 'cmi.core.lesson_status': 'incomplete' },
        {},
        [0, 0],
      ],
      ['1.2 "anything else": browsed', '1.2', { 'cmi.core.lesson_status': 'browsed' }, {}, [0, 0]],
      [
        '1.2 "anything else": not attempted',
        '1.2',
        { 'cmi.core.lesson_status': 'not attempted' },
        {},
        [0, 0],
      ],
      ['1.2 "anything else": no status yet', '1.2', { 'cmi.suspend_data': 'x' }, {}, [0, 0]],
      [
        '1.2 mastery override: "raw >= masteryScore ? passed" (at the mastery score)',
        '1.2',
        { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '80' },
        { masteryScore: 80 },
        [1, 1],
      ],
      [
        '1.2 mastery override: "... : failed" even when the SCO says passed',
        '1.2',
        { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '79.5' },
        { masteryScore: 80 },
        [-3, -1],
      ],
      [
        '1.2 mastery override applies to an incomplete status too',
        '1.2',
        { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.score.raw': '90' },
        { masteryScore: 80 },
        [1, 1],
      ],
      [
        '1.2 no override "when masteryScore === null"',
        '1.2',
        { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '10' },
        {},
        [1, 0],
      ],
      [
        '1.2 no override unless "score.raw is set (non-empty)"',
        '1.2',
        { 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': '' },
        { masteryScore: 80 },
        [1, 0],
      ],
      [
        '1.2: completionThreshold is "ignored for 1.2"',
        '1.2',
        { 'cmi.core.lesson_status': 'incomplete' },
        { completionThreshold: 0 },
        [0, 0],
      ],
      [
        '2004 "success passed/failed decides before completion_status": passed',
        '2004',
        { 'cmi.success_status': 'passed', 'cmi.completion_status': 'incomplete' },
        {},
        [1, 1],
      ],
      [
        '2004 "success passed/failed decides before completion_status": failed',
        '2004',
        { 'cmi.success_status': 'failed', 'cmi.completion_status': 'completed' },
        {},
        [-3, -1],
      ],
      [
        '2004 "completed with no passed/failed -> (1, 0)"',
        '2004',
        { 'cmi.success_status': 'unknown', 'cmi.completion_status': 'completed' },
        {},
        [1, 0],
      ],
      [
        '2004 "anything else": incomplete',
        '2004',
        { 'cmi.success_status': 'unknown', 'cmi.completion_status': 'incomplete' },
        {},
        [0, 0],
      ],
      ['2004 "anything else": unknown', '2004', { 'cmi.completion_status': 'unknown' }, {}, [0, 0]],
      [
        '2004 "anything else": not attempted',
        '2004',
        { 'cmi.completion_status': 'not attempted' },
        {},
        [0, 0],
      ],
      [
        '2004 threshold: "pm >= threshold ? completed" (at the threshold)',
        '2004',
        { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': '0.8' },
        { completionThreshold: 0.8 },
        [1, 0],
      ],
      [
        '2004 threshold: "... : incomplete" even when the SCO says completed',
        '2004',
        { 'cmi.completion_status': 'completed', 'cmi.progress_measure': '0.5' },
        { completionThreshold: 0.8 },
        [0, 0],
      ],
      [
        '2004 no threshold override "when completionThreshold === null"',
        '2004',
        { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': '1' },
        {},
        [0, 0],
      ],
      [
        '2004 no threshold override unless "progress_measure is set"',
        '2004',
        { 'cmi.completion_status': 'completed', 'cmi.progress_measure': '' },
        { completionThreshold: 0.8 },
        [1, 0],
      ],
      [
        '2004 mastery: "scaled >= masteryScore ? passed" (at the passing score)',
        '2004',
        { 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.6' },
        { masteryScore: 0.6 },
        [1, 1],
      ],
      [
        '2004 mastery: "... : failed" even when the SCO says passed',
        '2004',
        { 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.59' },
        { masteryScore: 0.6 },
        [-3, -1],
      ],
      [
        '2004 mastery on a negative scaled passing score',
        '2004',
        { 'cmi.score.scaled': '-0.4' },
        { masteryScore: -0.5 },
        [1, 1],
      ],
      [
        '2004 no mastery override "when masteryScore === null"',
        '2004',
        {
          'cmi.success_status': 'unknown',
          'cmi.score.scaled': '1',
          'cmi.completion_status': 'completed',
        },
        {},
        [1, 0],
      ],
      [
        '2004 no mastery override unless "score.scaled is set"',
        '2004',
        { 'cmi.success_status': 'passed', 'cmi.score.raw': '10' },
        { masteryScore: 0.6 },
        [1, 1],
      ],
      [
        '2004 mastery failure decides before a threshold completion',
        '2004',
        { 'cmi.progress_measure': '1', 'cmi.score.scaled': '0.2' },
        { masteryScore: 0.6, completionThreshold: 0.5 },
        [-3, -1],
      ],
    ],
  )('%s', (_rule, version, delta, ctx, [completion, credit]) => {
    const result = next(version, delta, stored(), ctx);
    expect([result.completion, result.credit]).toEqual([completion, credit]);
  });
});

describe('rule 5: score percent', () => {
  it.each<[string, ScormVersion, Record<string, string>, number]>([
    ['"2004 with score.scaled set -> scaled*100"', '2004', { 'cmi.score.scaled': '0.85' }, 85],
    [
      'scaled wins over raw',
      '2004',
      {
        'cmi.score.scaled': '0.5',
        'cmi.score.raw': '90',
        'cmi.score.min': '0',
        'cmi.score.max': '100',
      },
      50,
    ],
    [
      '"with min and max set and max > min -> (raw-min)/(max-min)*100"',
      '2004',
      { 'cmi.score.raw': '15', 'cmi.score.min': '10', 'cmi.score.max': '20' },
      50,
    ],
    ['"else raw as is": 2004 without min and max', '2004', { 'cmi.score.raw': '45' }, 45],
    [
      '"else raw as is": 2004 with max only',
      '2004',
      { 'cmi.score.raw': '45', 'cmi.score.max': '50' },
      45,
    ],
    [
      '"else raw as is": max not above min',
      '2004',
      { 'cmi.score.raw': '7', 'cmi.score.min': '5', 'cmi.score.max': '5' },
      7,
    ],
    ['"Clamp to 0..100": below', '2004', { 'cmi.score.scaled': '-0.5' }, 0],
    ['"Clamp to 0..100": above', '2004', { 'cmi.score.raw': '150' }, 100],
    ['1.2 raw on the default 0..100', '1.2', { 'cmi.core.score.raw': '72.5' }, 72.5],
    ['"1.2: min defaults 0"', '1.2', { 'cmi.core.score.raw': '5', 'cmi.core.score.max': '10' }, 50],
    [
      '"1.2: max 100" by default, and "round to 2 decimals"',
      '1.2',
      { 'cmi.core.score.raw': '15', 'cmi.core.score.min': '10' },
      5.56,
    ],
    [
      '"round to 2 decimals"',
      '1.2',
      { 'cmi.core.score.raw': '2', 'cmi.core.score.max': '3' },
      66.67,
    ],
    [
      '"No raw/scaled in merged -> score stays stored.score"',
      '1.2',
      { 'cmi.suspend_data': 'x' },
      42,
    ],
    ['an empty raw is not set', '1.2', { 'cmi.core.score.raw': '' }, 42],
    ['an empty scaled is not set', '2004', { 'cmi.score.scaled': '' }, 42],
  ])('%s', (_rule, version, delta, score) => {
    expect(next(version, delta, stored({ score: 42 })).score).toBe(score);
  });
});

describe('rule 6: "Never lose a result"', () => {
  it.each<[string, Partial<StoredProgress>, Record<string, string>, [number, number, number]]>([
    [
      'passed stays passed after a failed retry, with the best score',
      { completion: 1, credit: 1, score: 90 },
      { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '40' },
      [1, 1, 90],
    ],
    [
      'completed stays completed and a better score is taken: "score = max(stored.score, new score)"',
      { completion: 1, credit: 0, score: 50 },
      { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.score.raw': '70' },
      [1, 0, 70],
    ],
    [
      '"completion and credit stay" even when the new status is passed',
      { completion: 1, credit: 0, score: 50 },
      { 'cmi.core.lesson_status': 'passed' },
      [1, 0, 50],
    ],
    [
      '"Otherwise the new values": failed, then an incomplete retry',
      { completion: -3, credit: -1, score: 40 },
      { 'cmi.core.lesson_status': 'incomplete' },
      [0, 0, 40],
    ],
    [
      '"Otherwise the new values": failed, then passed',
      { completion: -3, credit: -1, score: 40 },
      { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '85' },
      [1, 1, 85],
    ],
    [
      '"Otherwise": complete but not passing (credit below 0) is not kept',
      { completion: 1, credit: -1, score: 40 },
      { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '30' },
      [-3, -1, 30],
    ],
    [
      '"Otherwise": a lower score replaces the score of an unfinished lesson',
      { completion: 0, credit: 0, score: 60 },
      { 'cmi.core.score.raw': '50' },
      [0, 0, 50],
    ],
  ])('%s', (_rule, from, delta, [completion, credit, score]) => {
    const result = next('1.2', delta, stored(from));
    expect([result.completion, result.credit, result.score]).toEqual([completion, credit, score]);
  });
});

describe('rule 7: "completionInstantMs = nowMs when next.completion >= 1 and stored.completion < 1"', () => {
  it.each<[string, Partial<StoredProgress>, string, number | null]>([
    ['completed now', { completion: 0, completionInstantMs: null }, 'completed', NOW],
    [
      'passed after a failure',
      { completion: -3, credit: -1, completionInstantMs: 5 },
      'passed',
      NOW,
    ],
    [
      '"otherwise stored": already complete',
      { completion: 1, completionInstantMs: 1000 },
      'passed',
      1000,
    ],
    [
      '"otherwise stored": not complete',
      { completion: 0, completionInstantMs: null },
      'incomplete',
      null,
    ],
    ['"otherwise stored": failed', { completion: 0, completionInstantMs: null }, 'failed', null],
  ])('%s', (_rule, from, status, instant) => {
    const result = next('1.2', { 'cmi.core.lesson_status': status }, stored(from));
    expect(result.completionInstantMs).toBe(instant);
  });
});

describe('rule 8: location, maxLocation and locationBlob', () => {
  const from = { location: 2, maxLocation: 5, locationBlob: 'before' };
  it.each<[string, ScormVersion, Record<string, string>, [number, number, string]]>([
    ['a page number beyond the furthest', '1.2', { 'cmi.core.lesson_location': '7' }, [7, 7, '7']],
    [
      '"maxLocation = max(stored.maxLocation, location)": going back',
      '1.2',
      { 'cmi.core.lesson_location': '3' },
      [3, 5, '3'],
    ],
    ['2004 cmi.location', '2004', { 'cmi.location': '4' }, [4, 5, '4']],
    [
      '"location = ... integer when it is 1-9 digits, else stored.location": text',
      '2004',
      { 'cmi.location': 'slide-4' },
      [2, 5, 'slide-4'],
    ],
    ['9 digits', '1.2', { 'cmi.core.lesson_location': '000000012' }, [12, 12, '000000012']],
    ['10 digits', '1.2', { 'cmi.core.lesson_location': '1234567890' }, [2, 5, '1234567890']],
    ['a sign is not a digit', '1.2', { 'cmi.core.lesson_location': '-3' }, [2, 5, '-3']],
    ['no location element: all stored', '1.2', { 'cmi.suspend_data': 'x' }, [2, 5, 'before']],
    [
      'the blob mirrors the element, so an empty location clears it',
      '2004',
      { 'cmi.location': '' },
      [2, 5, ''],
    ],
  ])('%s', (_rule, version, delta, [location, maxLocation, blob]) => {
    const result = next(version, delta, stored(from));
    expect([result.location, result.maxLocation, result.locationBlob]).toEqual([
      location,
      maxLocation,
      blob,
    ]);
  });
});

describe('rule 9: "progressMeasure = cmi.progress_measure (2004) when set; 1 when next.completion >= 1 and none set"', () => {
  it.each<[string, ScormVersion, Partial<StoredProgress>, Record<string, string>, number]>([
    ['set', '2004', {}, { 'cmi.progress_measure': '0.4' }, 0.4],
    [
      'set wins over completion',
      '2004',
      {},
      { 'cmi.progress_measure': '0.5', 'cmi.completion_status': 'completed' },
      0.5,
    ],
    ['none set and completed', '2004', {}, { 'cmi.completion_status': 'completed' }, 1],
    [
      'empty is not set',
      '2004',
      {},
      { 'cmi.progress_measure': '', 'cmi.completion_status': 'completed' },
      1,
    ],
    [
      '1.2 has no progress_measure: completed',
      '1.2',
      {},
      { 'cmi.core.lesson_status': 'passed' },
      1,
    ],
    [
      'a kept completion counts (rule 6)',
      '1.2',
      { completion: 1, credit: 1, progressMeasure: 0.7 },
      { 'cmi.core.lesson_status': 'incomplete' },
      1,
    ],
    [
      'otherwise stored',
      '2004',
      { progressMeasure: 0.3 },
      { 'cmi.completion_status': 'incomplete' },
      0.3,
    ],
    [
      'otherwise stored (1.2)',
      '1.2',
      { progressMeasure: 0.2 },
      { 'cmi.core.lesson_status': 'failed' },
      0.2,
    ],
  ])('%s', (_rule, version, from, delta, measure) => {
    expect(next(version, delta, stored(from)).progressMeasure).toBe(measure);
  });
});

describe('rule 10: "totalTimeMs = ctx.baseTotalTimeMs + session_time"', () => {
  it.each<[string, ScormVersion, Partial<StoredProgress>, Record<string, string>, number]>([
    ['1.2 CMITimespan', '1.2', {}, { 'cmi.core.session_time': '00:05:00' }, BASE_TIME + 300_000],
    ['2004 timeinterval', '2004', {}, { 'cmi.session_time': 'PT5M' }, BASE_TIME + 300_000],
    [
      "the launch's latest session_time replaces the earlier one (it is not added twice)",
      '1.2',
      { totalTimeMs: BASE_TIME + 300_000, cmi: { 'cmi.core.session_time': '00:05:00' } },
      { 'cmi.core.session_time': '00:07:00' },
      BASE_TIME + 420_000,
    ],
    ['"else stored"', '2004', { totalTimeMs: 999_000 }, { 'cmi.location': '1' }, 999_000],
    [
      // A resumed attempt keeps an earlier launch's session_time in its cmi; that time is already
      // in baseTotalTimeMs, so only a session_time in this commit counts.
      'a session_time left in the stored cmi by an earlier launch is not added again',
      '2004',
      { totalTimeMs: BASE_TIME, cmi: { 'cmi.session_time': 'PT10M' } },
      { 'cmi.location': '1' },
      BASE_TIME,
    ],
  ])('%s', (_rule, version, from, delta, total) => {
    expect(next(version, delta, stored(from)).totalTimeMs).toBe(total);
  });
});

describe('rule 11: suspendData and attempts', () => {
  it.each<[string, ScormVersion, Record<string, string>, string]>([
    ['"merged suspend_data when set"', '1.2', { 'cmi.suspend_data': 'abc' }, 'abc'],
    ['2004 suspend_data', '2004', { 'cmi.suspend_data': 'xyz' }, 'xyz'],
    ['"else stored"', '1.2', { 'cmi.core.lesson_location': '1' }, 'old'],
    [
      'it mirrors the element, so an empty suspend_data clears it',
      '2004',
      { 'cmi.suspend_data': '' },
      '',
    ],
  ])('%s', (_rule, version, delta, suspendData) => {
    expect(next(version, delta, stored({ suspendData: 'old' })).suspendData).toBe(suspendData);
  });

  it('"attempts unchanged (the server counts attempts when a launch opens)"', () => {
    const result = next('1.2', { 'cmi.core.lesson_status': 'passed' }, stored({ attempts: 3 }));
    expect(result.attempts).toBe(3);
  });
});

describe('a whole commit', () => {
  it('applies every rule together (2004)', () => {
    const before = stored({
      attempts: 2,
      score: 20,
      progressMeasure: 0.1,
      cmi: { 'cmi.completion_status': 'incomplete', 'cmi.location': '1' },
    });
    const result = applyCommit(
      before,
      {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
        'cmi.score.scaled': '0.9',
        'cmi.location': '6',
        'cmi.session_time': 'PT2M',
        'cmi.exit': 'suspend',
        'cmi.suspend_data': 'state',
      },
      context('2004', { masteryScore: 0.8 }),
    );
    expect(result).toEqual({
      ok: true,
      next: {
        attempts: 2,
        completion: 1,
        credit: 1,
        score: 90,
        completionInstantMs: NOW,
        location: 6,
        maxLocation: 6,
        locationBlob: '6',
        suspendData: 'state',
        progressMeasure: 1,
        totalTimeMs: BASE_TIME + 120_000,
        cmi: {
          'cmi.completion_status': 'completed',
          'cmi.success_status': 'passed',
          'cmi.score.scaled': '0.9',
          'cmi.location': '6',
          'cmi.session_time': 'PT2M',
          'cmi.exit': 'suspend',
          'cmi.suspend_data': 'state',
        },
      },
      attempt: { completion: 1, credit: 1, scorePercent: 90, progressMeasure: 1 },
    });
  });

  // ADR 0023 "History": the attempt's own result is what it reported, while the lesson keeps its
  // best ("never lose a result").
  it.each<{
    rule: string;
    before: StoredProgress;
    delta: Record<string, string>;
    lesson: Partial<StoredProgress>;
    attempt: AttemptResult;
  }>([
    {
      rule: 'a failed retake after a pass: the lesson stays passed, the attempt says failed',
      before: stored({ completion: 1, credit: 1, score: 95, attempts: 2 }),
      delta: { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '60' },
      lesson: { completion: 1, credit: 1, score: 95 },
      attempt: { completion: -3, credit: -1, scorePercent: 60, progressMeasure: null },
    },
    {
      rule: 'an attempt that reports no score has none, though the lesson keeps its old one',
      before: stored({ completion: 1, credit: 0, score: 80, attempts: 2 }),
      delta: { 'cmi.core.lesson_status': 'completed' },
      lesson: { completion: 1, credit: 0, score: 80 },
      attempt: { completion: 1, credit: 0, scorePercent: null, progressMeasure: 1 },
    },
    {
      rule: 'an attempt still under way has no result',
      before: stored({ attempts: 1 }),
      delta: { 'cmi.core.lesson_location': 'p2' },
      lesson: { completion: 0, credit: 0, score: 0 },
      attempt: { completion: 0, credit: 0, scorePercent: null, progressMeasure: null },
    },
  ])('$rule', ({ before, delta, lesson, attempt }) => {
    const result = applyCommit(before, delta, context('1.2'));
    expect(result.ok && result.next).toMatchObject(lesson);
    expect(result.ok && result.attempt).toEqual(attempt);
  });
});

describe('resumesAttempt: "\'suspend\' resumes; another exit ends the attempt; no exit with a location or suspend data suspends it, unless the status says it is finished"', () => {
  it.each<[string, ScormVersion, Record<string, string>, boolean]>([
    ['1.2 suspend', '1.2', { 'cmi.core.exit': 'suspend' }, true],
    ['1.2 logout', '1.2', { 'cmi.core.exit': 'logout', 'cmi.core.lesson_location': '3' }, false],
    ['1.2 time-out', '1.2', { 'cmi.core.exit': 'time-out', 'cmi.suspend_data': 'x' }, false],
    ['1.2 empty exit, nothing bookmarked', '1.2', { 'cmi.core.exit': '' }, false],
    ['1.2 no exit, nothing bookmarked', '1.2', {}, false],
    ['1.2 no exit, empty location', '1.2', { 'cmi.core.lesson_location': '' }, false],
    ['"no exit ... a location": suspended', '1.2', { 'cmi.core.lesson_location': '3' }, true],
    ['"no exit ... suspend data": suspended', '1.2', { 'cmi.suspend_data': 'page=3' }, true],
    [
      '1.2 empty exit with a location, incomplete: suspended',
      '1.2',
      {
        'cmi.core.exit': '',
        'cmi.core.lesson_location': '3',
        'cmi.core.lesson_status': 'incomplete',
      },
      true,
    ],
    [
      '1.2 not attempted with a location: suspended',
      '1.2',
      { 'cmi.core.lesson_location': '3', 'cmi.core.lesson_status': 'not attempted' },
      true,
    ],
    ...(['passed', 'completed', 'failed'] as const).map(
      (status): [string, ScormVersion, Record<string, string>, boolean] => [
        `"unless the status says it is finished": 1.2 ${status}`,
        '1.2',
        { 'cmi.core.lesson_location': '3', 'cmi.core.lesson_status': status },
        false,
      ],
    ),
    ['2004 suspend', '2004', { 'cmi.exit': 'suspend' }, true],
    [
      '"2004 \'logout\' ... end the attempt"',
      '2004',
      { 'cmi.exit': 'logout', 'cmi.location': 'q3' },
      false,
    ],
    [
      '"2004 ... \'normal\' end the attempt"',
      '2004',
      { 'cmi.exit': 'normal', 'cmi.location': 'q3' },
      false,
    ],
    ['2004 timeout', '2004', { 'cmi.exit': 'timeout' }, false],
    ['2004 no exit, nothing bookmarked', '2004', {}, false],
    ['2004 no exit with a location: suspended', '2004', { 'cmi.location': 'q3' }, true],
    [
      '2004 empty exit with suspend data, incomplete: suspended',
      '2004',
      { 'cmi.exit': '', 'cmi.suspend_data': 's', 'cmi.completion_status': 'incomplete' },
      true,
    ],
    [
      '2004 completed: finished',
      '2004',
      { 'cmi.location': 'q3', 'cmi.completion_status': 'completed' },
      false,
    ],
    [
      '2004 passed: finished',
      '2004',
      { 'cmi.location': 'q3', 'cmi.success_status': 'passed' },
      false,
    ],
    [
      '2004 failed: finished',
      '2004',
      { 'cmi.location': 'q3', 'cmi.success_status': 'failed' },
      false,
    ],
    [
      '2004 success unknown, incomplete: suspended',
      '2004',
      {
        'cmi.location': 'q3',
        'cmi.success_status': 'unknown',
        'cmi.completion_status': 'incomplete',
      },
      true,
    ],
    ['2004 reads cmi.exit, not the 1.2 element', '2004', { 'cmi.core.exit': 'suspend' }, false],
    [
      '1.2 reads cmi.core.lesson_location, not cmi.location',
      '1.2',
      { 'cmi.location': 'q3' },
      false,
    ],
  ])('%s -> %s', (_rule, version, cmi, resumes) => {
    expect(resumesAttempt(version, cmi)).toBe(resumes);
  });
});

describe('resumeAttempt: "the exit and session time belong to the session that ended"', () => {
  it.each([
    [
      '1.2',
      {
        'cmi.core.exit': 'suspend',
        'cmi.core.session_time': '0000:05:00',
        'cmi.core.lesson_location': '3',
        'cmi.suspend_data': 'page=3',
      },
      { 'cmi.core.lesson_location': '3', 'cmi.suspend_data': 'page=3' },
    ],
    [
      '2004',
      {
        'cmi.exit': 'suspend',
        'cmi.session_time': 'PT5M',
        'cmi.location': 'q3',
        'cmi.completion_status': 'incomplete',
      },
      { 'cmi.location': 'q3', 'cmi.completion_status': 'incomplete' },
    ],
  ] as const)('%s: keeps the attempt data, drops exit and session time', (version, cmi, kept) => {
    const before = stored({ attempts: 2, locationBlob: 'x', suspendData: 'y', cmi: { ...cmi } });
    const after = resumeAttempt(version, before);
    expect(after).toEqual({ ...before, cmi: kept });
    // Without its own exit, the resumed session still holds its bookmark: suspended again.
    expect(resumesAttempt(version, after.cmi)).toBe(true);
  });
});

describe('startNewAttempt', () => {
  it("\"cmi {}, locationBlob '', suspendData '', progressMeasure kept, attempts + 1 (completion/credit/score/instant/total time kept)\"", () => {
    const before = stored({
      attempts: 2,
      completion: 1,
      credit: 1,
      score: 88,
      completionInstantMs: 1234,
      location: 7,
      maxLocation: 9,
      locationBlob: '7',
      suspendData: 'state',
      progressMeasure: 0.6,
      totalTimeMs: 500_000,
      cmi: { 'cmi.core.exit': 'suspend', 'cmi.core.lesson_status': 'passed' },
    });
    expect(startNewAttempt(before)).toEqual({
      attempts: 3,
      completion: 1,
      credit: 1,
      score: 88,
      completionInstantMs: 1234,
      location: 7,
      maxLocation: 9,
      locationBlob: '',
      suspendData: '',
      progressMeasure: 0.6,
      totalTimeMs: 500_000,
      cmi: {},
    });
    expect(before.attempts).toBe(2);
  });
});

describe('lessonStatusOnFinish12: SCORM 1.2 RTE, cmi.core.lesson_status on LMSFinish', () => {
  const normal = { mode: 'normal', credit: 'credit', masteryScore: '', scoreRaw: '' };
  it.each<[string, Finish12Input, string]>([
    [
      "\"a status still 'not attempted' becomes 'completed'\"",
      { ...normal, status: 'not attempted' },
      'completed',
    ],
    ['an empty status is not attempted', { ...normal, status: '' }, 'completed'],
    [
      '"(\'browsed\' in browse mode)"',
      { ...normal, mode: 'browse', credit: 'no-credit', status: 'not attempted' },
      'browsed',
    ],
    [
      'review mode completes too',
      { ...normal, mode: 'review', credit: 'no-credit', status: 'not attempted' },
      'completed',
    ],
    ['"any other status stays": incomplete', { ...normal, status: 'incomplete' }, 'incomplete'],
    ['"any other status stays": failed', { ...normal, status: 'failed' }, 'failed'],
    ['"any other status stays": browsed', { ...normal, status: 'browsed' }, 'browsed'],
    [
      '"a mastery score and a raw score decide \'passed\' (raw >= mastery)"',
      { ...normal, status: 'not attempted', masteryScore: '80', scoreRaw: '90' },
      'passed',
    ],
    [
      'raw equal to mastery passes',
      { ...normal, status: 'incomplete', masteryScore: '80', scoreRaw: '80' },
      'passed',
    ],
    [
      '"or \'failed\'"',
      { ...normal, status: 'not attempted', masteryScore: '80', scoreRaw: '50' },
      'failed',
    ],
    [
      '"whatever the SCO set": completed with a low score fails',
      { ...normal, status: 'completed', masteryScore: '80', scoreRaw: '79.5' },
      'failed',
    ],
    [
      'no raw score: completed, not judged',
      { ...normal, status: 'not attempted', masteryScore: '80' },
      'completed',
    ],
    [
      'no mastery score: the raw score decides nothing',
      { ...normal, status: 'incomplete', scoreRaw: '95' },
      'incomplete',
    ],
    [
      '"in normal mode with credit": no-credit is not judged',
      {
        ...normal,
        credit: 'no-credit',
        status: 'not attempted',
        masteryScore: '80',
        scoreRaw: '50',
      },
      'completed',
    ],
    [
      '"in normal mode": browse is not judged',
      { ...normal, mode: 'browse', status: 'not attempted', masteryScore: '80', scoreRaw: '90' },
      'browsed',
    ],
  ])('%s -> %s', (_rule, input, status) => {
    expect(lessonStatusOnFinish12(input)).toBe(status);
  });

  it('the server agrees: the status the final commit carries gives the same result (rule 4)', () => {
    const ctx = {
      version: '1.2' as const,
      credit: true,
      baseTotalTimeMs: 0,
      nowMs: 1000,
      masteryScore: null,
      completionThreshold: null,
    };
    const finished = lessonStatusOnFinish12({ ...normal, status: 'not attempted' });
    const result = applyCommit(stored(), { 'cmi.core.lesson_status': finished }, ctx);
    expect(result).toMatchObject({ ok: true, next: { completion: 1, credit: 0 } });
    const failed = lessonStatusOnFinish12({
      ...normal,
      status: 'completed',
      masteryScore: '80',
      scoreRaw: '50',
    });
    const judged = applyCommit(
      stored(),
      { 'cmi.core.lesson_status': failed, 'cmi.core.score.raw': '50' },
      { ...ctx, masteryScore: 80 },
    );
    expect(judged).toMatchObject({ ok: true, next: { completion: -3, credit: -1 } });
  });
});
