import { describe, expect, it } from 'vitest';
import { hiddenControlsOf, refusalReason } from './navigation.js';

const LAST = 'This is the last lesson of the course: there is no next lesson.';
const FIRST = 'This is the first lesson of the course: there is no previous lesson.';
const NO_FLOW =
  "This course has no set order: choose a lesson from the list, or use the lesson's own buttons.";
const FORWARD = 'This course only goes forward: earlier lessons cannot be opened again from here.';

describe('why a Previous / Next is refused, by the SN book exception code', () => {
  it.each([
    // SB.2.1 step 3.1: continue past the last activity ends the sequencing session.
    ['continue', null, true, LAST],
    // SB.2.1-3: "the beginning of the activity tree" (previous before the first activity).
    ['previous', 'SB.2.1-3', true, FIRST],
    // NB.2.1-5 / -7, SB.2.2-1, SB.2.7-2 / SB.2.8-2: the parent's flow is disabled.
    ['continue', 'NB.2.1-5', false, NO_FLOW],
    ['previous', 'NB.2.1-7', false, NO_FLOW],
    ['continue', 'SB.2.2-1', false, NO_FLOW],
    ['previous', 'SB.2.8-2', false, NO_FLOW],
    // NB.2.1-8: forward only on the parent or an ancestor.
    ['previous', 'NB.2.1-8', false, FORWARD],
    // SB.2.2-2: the flow reached an activity a precondition disables (or a limit holds).
    [
      'continue',
      'SB.2.2-2',
      false,
      "The course's sequencing rules do not allow the next lesson yet.",
    ],
    [
      'previous',
      'SB.2.2-2',
      false,
      "The course's sequencing rules do not allow going back from this lesson.",
    ],
    // An exception with a session end is still a refusal, not "the last lesson".
    [
      'continue',
      'SB.2.2-2',
      true,
      "The course's sequencing rules do not allow the next lesson yet.",
    ],
  ] as const)('%s with %s (session ended: %s)', (request, code, ended, reason) => {
    expect(refusalReason(request, code, ended)).toBe(reason);
  });
});

describe('hideLMSUI of the delivered activity (CAM adlnav:navigationInterface)', () => {
  const tree = {
    id: 'org',
    title: 'Org',
    hideLmsUi: ['exit'],
    children: [
      { id: 'a', title: 'A', hideLmsUi: ['continue', 'previous', 'suspendAll', 'jump'] },
      { id: 'b', title: 'B' },
    ],
  };
  it('the activity’s own values, only those SCORM defines; none from elsewhere in the tree', () => {
    expect(hiddenControlsOf(tree, 'a')).toEqual(['continue', 'previous', 'suspendAll']);
    expect(hiddenControlsOf(tree, 'b')).toEqual([]);
    expect(hiddenControlsOf(tree, 'missing')).toEqual([]);
    expect(hiddenControlsOf(null, 'a')).toEqual([]);
  });
});
