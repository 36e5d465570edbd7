import { describe, expect, it } from 'vitest';
import type { ScormVersion, StoredProgress } from './cmi-progress.js';
import { initialCmi, type InitialCmiInput } from './initial-cmi.js';

function stored(cmi: Record<string, string>, totalTimeMs = 3_723_500): StoredProgress {
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
    totalTimeMs,
    cmi,
  };
}

const STORED_12 = stored({
  'cmi.core.lesson_location': '4',
  'cmi.core.lesson_status': 'incomplete',
  'cmi.core.score.raw': '40',
  'cmi.core.score.min': '0',
  'cmi.core.score.max': '50',
  'cmi.core.session_time': '00:10:00',
  'cmi.core.exit': 'suspend',
  'cmi.suspend_data': 'state12',
});

const STORED_2004 = stored({
  'cmi.location': 'page-4',
  'cmi.completion_status': 'incomplete',
  'cmi.success_status': 'unknown',
  'cmi.score.raw': '40',
  'cmi.score.min': '0',
  'cmi.score.max': '50',
  'cmi.score.scaled': '0.8',
  'cmi.progress_measure': '0.4',
  'cmi.session_time': 'PT10M',
  'cmi.exit': 'suspend',
  'cmi.suspend_data': 'state2004',
});

function input(fields: Partial<InitialCmiInput> = {}): InitialCmiInput {
  return {
    stored: STORED_12,
    entry: 'ab-initio',
    mode: 'normal',
    credit: true,
    learnerId: '1234',
    learnerName: 'Doe, Jane',
    launchData: 'x=1',
    masteryScore: null,
    completionThreshold: null,
    maxTimeAllowed: '',
    timeLimitAction: '',
    ...fields,
  };
}

describe("initialCmi: every element of the contract's PlayerState.cmi", () => {
  it.each<[string, ScormVersion, Partial<InitialCmiInput>, Record<string, string>]>([
    [
      '1.2 ab-initio: "none of those (the runtime\'s defaults)"',
      '1.2',
      { masteryScore: 80, maxTimeAllowed: '00:30:00' },
      {
        'cmi.core.student_id': '1234',
        'cmi.core.student_name': 'Doe, Jane',
        'cmi.core.entry': 'ab-initio',
        'cmi.core.lesson_mode': 'normal',
        'cmi.core.credit': 'credit',
        'cmi.core.total_time': '0001:02:03.50',
        'cmi.launch_data': 'x=1',
        'cmi.student_data.mastery_score': '80',
        'cmi.student_data.max_time_allowed': '00:30:00',
        'cmi.student_data.time_limit_action': 'continue,no message',
      },
    ],
    [
      '1.2 resume: "location, suspend_data, statuses and score.* from stored.cmi"',
      '1.2',
      { entry: 'resume', masteryScore: 80 },
      {
        'cmi.core.student_id': '1234',
        'cmi.core.student_name': 'Doe, Jane',
        'cmi.core.entry': 'resume',
        'cmi.core.lesson_mode': 'normal',
        'cmi.core.credit': 'credit',
        'cmi.core.lesson_location': '4',
        'cmi.core.lesson_status': 'incomplete',
        'cmi.core.score.raw': '40',
        'cmi.core.score.min': '0',
        'cmi.core.score.max': '50',
        'cmi.suspend_data': 'state12',
        'cmi.core.total_time': '0001:02:03.50',
        'cmi.launch_data': 'x=1',
        'cmi.student_data.mastery_score': '80',
        'cmi.student_data.time_limit_action': 'continue,no message',
      },
    ],
    [
      '2004 ab-initio',
      '2004',
      {
        stored: STORED_2004,
        masteryScore: 0.8,
        completionThreshold: 0.75,
        maxTimeAllowed: 'PT1H',
        timeLimitAction: 'exit,message',
      },
      {
        'cmi.learner_id': '1234',
        'cmi.learner_name': 'Doe, Jane',
        'cmi.entry': 'ab-initio',
        'cmi.mode': 'normal',
        'cmi.credit': 'credit',
        'cmi.total_time': 'PT1H2M3.5S',
        'cmi.launch_data': 'x=1',
        'cmi.scaled_passing_score': '0.8',
        'cmi.completion_threshold': '0.75',
        'cmi.max_time_allowed': 'PT1H',
        'cmi.time_limit_action': 'exit,message',
      },
    ],
    [
      '2004 resume: location, suspend_data, statuses, score.* (and progress_measure) from stored.cmi',
      '2004',
      { stored: STORED_2004, entry: 'resume' },
      {
        'cmi.learner_id': '1234',
        'cmi.learner_name': 'Doe, Jane',
        'cmi.entry': 'resume',
        'cmi.mode': 'normal',
        'cmi.credit': 'credit',
        'cmi.location': 'page-4',
        'cmi.completion_status': 'incomplete',
        'cmi.success_status': 'unknown',
        'cmi.score.raw': '40',
        'cmi.score.min': '0',
        'cmi.score.max': '50',
        'cmi.score.scaled': '0.8',
        'cmi.progress_measure': '0.4',
        'cmi.suspend_data': 'state2004',
        'cmi.total_time': 'PT1H2M3.5S',
        'cmi.launch_data': 'x=1',
        'cmi.time_limit_action': 'continue,no message',
      },
    ],
  ])('%s', (_rule, version, fields, expected) => {
    expect(initialCmi(version, input(fields))).toEqual(expected);
  });
});

describe('initialCmi: single rules', () => {
  it.each<[string, ScormVersion, Partial<InitialCmiInput>, string, string | undefined]>([
    ['1.2 credit "no-credit"', '1.2', { credit: false }, 'cmi.core.credit', 'no-credit'],
    ['2004 credit "no-credit"', '2004', { credit: false }, 'cmi.credit', 'no-credit'],
    ['1.2 lesson_mode browse', '1.2', { mode: 'browse' }, 'cmi.core.lesson_mode', 'browse'],
    ['1.2 lesson_mode review', '1.2', { mode: 'review' }, 'cmi.core.lesson_mode', 'review'],
    ['2004 mode browse', '2004', { mode: 'browse' }, 'cmi.mode', 'browse'],
    ['2004 mode review', '2004', { mode: 'review' }, 'cmi.mode', 'review'],
    [
      '"total_time from stored.totalTimeMs formatted for the version": 1.2 zero',
      '1.2',
      { stored: stored({}, 0) },
      'cmi.core.total_time',
      '0000:00:00.00',
    ],
    ['2004 zero total_time', '2004', { stored: stored({}, 0) }, 'cmi.total_time', 'PT0S'],
    [
      '"Omit keys whose value would be empty or null": learner id',
      '1.2',
      { learnerId: '' },
      'cmi.core.student_id',
      undefined,
    ],
    ['empty learner name', '2004', { learnerName: '' }, 'cmi.learner_name', undefined],
    ['empty launch data', '2004', { launchData: '' }, 'cmi.launch_data', undefined],
    [
      'null mastery score (1.2)',
      '1.2',
      { masteryScore: null },
      'cmi.student_data.mastery_score',
      undefined,
    ],
    [
      'null scaled passing score (2004)',
      '2004',
      { masteryScore: null },
      'cmi.scaled_passing_score',
      undefined,
    ],
    [
      'a mastery score of 0 is not empty',
      '1.2',
      { masteryScore: 0 },
      'cmi.student_data.mastery_score',
      '0',
    ],
    [
      'a negative scaled passing score',
      '2004',
      { masteryScore: -0.5 },
      'cmi.scaled_passing_score',
      '-0.5',
    ],
    [
      'null completion threshold',
      '2004',
      { completionThreshold: null },
      'cmi.completion_threshold',
      undefined,
    ],
    [
      'empty max time allowed (2004)',
      '2004',
      { maxTimeAllowed: '' },
      'cmi.max_time_allowed',
      undefined,
    ],
    [
      '"time_limit_action default \'continue,no message\'"',
      '2004',
      { timeLimitAction: '' },
      'cmi.time_limit_action',
      'continue,no message',
    ],
    [
      'a manifest time limit action is kept',
      '1.2',
      { timeLimitAction: 'exit,no message' },
      'cmi.student_data.time_limit_action',
      'exit,no message',
    ],
    [
      'an empty stored element is left out on resume',
      '1.2',
      { entry: 'resume', stored: stored({ 'cmi.core.lesson_location': '' }) },
      'cmi.core.lesson_location',
      undefined,
    ],
    [
      'session_time is not sent on resume (write-only)',
      '2004',
      { entry: 'resume', stored: STORED_2004 },
      'cmi.session_time',
      undefined,
    ],
    [
      'exit is not sent on resume (write-only)',
      '1.2',
      { entry: 'resume', stored: STORED_12 },
      'cmi.core.exit',
      undefined,
    ],
  ])('%s', (_rule, version, fields, element, value) => {
    expect(initialCmi(version, input(fields))[element]).toBe(value);
  });

  it.each<[ScormVersion, string]>([
    ['1.2', 'cmi.core.entry'],
    ['2004', 'cmi.entry'],
  ])('"(except entry)": %s %s is always present', (version, element) => {
    const cmi = initialCmi(version, input({ entry: 'ab-initio' }));
    expect(cmi[element]).toBe('ab-initio');
  });

  it('1.2 has no completion threshold ("ignored for 1.2")', () => {
    const cmi = initialCmi('1.2', input({ completionThreshold: 0.5 }));
    expect(Object.values(cmi)).not.toContain('0.5');
  });

  describe('RTE 4.2.17: "the LMS creates cmi.objectives.n.id for every objective of the activity"', () => {
    const RECORDS = {
      'cmi.objectives.0.success_status': 'passed',
      'cmi.objectives.2.id': 'sco-own',
      'cmi.objectives.2.score.scaled': '0.5',
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.0.type': 'choice',
      'cmi.interactions.0.learner_response': 'b',
    };
    const withRecords = { ...STORED_2004, cmi: { ...STORED_2004.cmi, ...RECORDS } };

    it.each<[string, Partial<InitialCmiInput>, Record<string, string | undefined>]>([
      [
        'a new attempt starts with the manifest ids only, primary first',
        { entry: 'ab-initio', stored: withRecords, objectiveIds: ['primary', 'other'] },
        {
          'cmi.objectives.0.id': 'primary',
          'cmi.objectives.1.id': 'other',
          'cmi.objectives.0.success_status': undefined,
          'cmi.interactions.0.id': undefined,
        },
      ],
      [
        'a resumed attempt gets back what the SCO set, at the same indexes',
        { entry: 'resume', stored: withRecords, objectiveIds: ['primary', 'other'] },
        {
          'cmi.objectives.0.id': 'primary',
          'cmi.objectives.1.id': 'other',
          'cmi.objectives.0.success_status': 'passed',
          'cmi.objectives.2.id': 'sco-own',
          'cmi.objectives.2.score.scaled': '0.5',
          'cmi.interactions.0.learner_response': 'b',
        },
      ],
    ])('%s', (_rule, fields, expected) => {
      const cmi = initialCmi('2004', input(fields));
      for (const [element, value] of Object.entries(expected)) expect(cmi[element]).toBe(value);
    });

    it('SCORM 1.2 has no manifest objectives; its resumed objectives come back', () => {
      const stored = { ...STORED_12, cmi: { ...STORED_12.cmi, 'cmi.objectives.0.id': 'o1' } };
      expect(initialCmi('1.2', input({ stored, objectiveIds: ['x'] }))['cmi.objectives.0.id']).toBe(
        undefined,
      );
      expect(initialCmi('1.2', input({ stored, entry: 'resume' }))['cmi.objectives.0.id']).toBe(
        'o1',
      );
    });
  });
});
