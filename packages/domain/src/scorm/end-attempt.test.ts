import { describe, expect, it } from 'vitest';
import { endAttemptStatuses, type DeliveryControls } from './end-attempt.js';

const DEFAULTS: DeliveryControls = { completionSetByContent: false, objectiveSetByContent: false };
const BY_CONTENT: DeliveryControls = { completionSetByContent: true, objectiveSetByContent: true };

// SN UP.4 End Attempt Process: "If the Completion Set by Content for the activity is False Then
// If the Attempt Progress Status for the activity is False Then Set the Attempt Progress Status
// for the activity to True, Set the Attempt Completion Status for the activity to True"; the same
// for Objective Set by Content and the Objective Satisfied Status of its rolled-up objective; none
// of it when the activity is suspended.
describe('endAttemptStatuses: SCORM 2004 SN End Attempt Process (UP.4)', () => {
  const cases: [string, Record<string, string>, DeliveryControls, number | null, object][] = [
    [
      'sets nothing, defaults: completed and passed',
      {},
      DEFAULTS,
      null,
      {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
      },
    ],
    [
      "'unknown' is no status",
      { 'cmi.completion_status': 'unknown', 'cmi.success_status': 'unknown' },
      DEFAULTS,
      null,
      {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
      },
    ],
    ['set by content: nothing set', {}, BY_CONTENT, null, {}],
    [
      'only completion set by content',
      {},
      { completionSetByContent: true, objectiveSetByContent: false },
      null,
      {
        'cmi.success_status': 'passed',
      },
    ],
    [
      'only the objective set by content',
      {},
      { completionSetByContent: false, objectiveSetByContent: true },
      null,
      {
        'cmi.completion_status': 'completed',
      },
    ],
    [
      "the content's incomplete stays (progress known)",
      { 'cmi.completion_status': 'incomplete' },
      DEFAULTS,
      null,
      {
        'cmi.success_status': 'passed',
      },
    ],
    [
      "the content's not attempted stays (progress known)",
      { 'cmi.completion_status': 'not attempted' },
      DEFAULTS,
      null,
      {
        'cmi.success_status': 'passed',
      },
    ],
    [
      "the content's failed stays",
      { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' },
      DEFAULTS,
      null,
      {},
    ],
    [
      'a scaled score against a passing score decides success',
      { 'cmi.score.scaled': '0.4' },
      DEFAULTS,
      0.8,
      {
        'cmi.completion_status': 'completed',
      },
    ],
    [
      'a passing score without a score: satisfied',
      {},
      DEFAULTS,
      0.8,
      {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
      },
    ],
    [
      'suspended (cmi.exit suspend): the attempt has not ended',
      { 'cmi.exit': 'suspend' },
      DEFAULTS,
      null,
      {},
    ],
    [
      'a bookmark without an exit suspends too (resumesAttempt)',
      { 'cmi.location': 'p3' },
      DEFAULTS,
      null,
      {},
    ],
    [
      "exit 'normal' with a bookmark ends it",
      { 'cmi.location': 'p3', 'cmi.exit': 'normal' },
      DEFAULTS,
      null,
      {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
      },
    ],
  ];
  it.each(cases)('%s', (_name, cmi, controls, passing, expected) => {
    expect(endAttemptStatuses(cmi, controls, passing)).toEqual(expected);
  });
});
