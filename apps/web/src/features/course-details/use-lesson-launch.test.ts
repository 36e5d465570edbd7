import { describe, expect, it } from 'vitest';
import type { PrelaunchAnswer } from '../../api/launch';
import { LAUNCH_ERROR, launchOutcome, withTrailingPeriod } from './use-lesson-launch';

const target = { curriculumKey: 1, elementKey: 2, assignmentKey: 3, liveVerification: false };
const failure = (statusCode: number, responseBody: unknown) => ({
  successfulApiCall: false as const,
  statusCode,
  errorMsg: '',
  responseBody,
});

describe('pre-launch outcome (§4 steps 2-3, §8 Launch)', () => {
  it('"403 with errorMessage shows it" (and the 404 refusal)', () => {
    expect(launchOutcome(failure(403, { errorMessage: 'Locked.' }), target, false)).toEqual({
      kind: 'message',
      text: 'Locked.',
    });
    expect(launchOutcome(failure(404, { errorMessage: 'Not yours.' }), target, false)).toEqual({
      kind: 'message',
      text: 'Not yours.',
    });
  });

  it('"other non-401 errors \'An issue occurred while launching the module.\'"', () => {
    expect(launchOutcome(failure(500, {}), target, false)).toEqual({
      kind: 'message',
      text: LAUNCH_ERROR,
    });
    expect(launchOutcome(failure(403, {}), target, false)).toEqual({
      kind: 'message',
      text: LAUNCH_ERROR,
    });
  });

  it('a 409 asks the Multiple Lessons question with a trailing period ensured; a forced one does not', () => {
    expect(
      launchOutcome(failure(409, { errorMessage: 'Open on another device' }), target, false),
    ).toEqual({
      kind: 'multiple',
      text: 'Open on another device.',
      target,
    });
    expect(launchOutcome(failure(409, { errorMessage: 'x' }), target, true)).toEqual({
      kind: 'message',
      text: LAUNCH_ERROR,
    });
  });

  it('"If the body has an error message, show it"; otherwise the launch goes on (steps 4-5)', () => {
    const ok = (body: PrelaunchAnswer) => ({
      successfulApiCall: true as const,
      statusCode: 200,
      errorMsg: '' as const,
      responseBody: body,
    });
    expect(launchOutcome(ok({ errorMessage: 'Expired.' }), target, false)).toEqual({
      kind: 'message',
      text: 'Expired.',
    });
    expect(launchOutcome(ok({ errorMessage: '' }), target, false)).toBe('start');
    // An empty body (no errorMessage at all) also lets the launch go on.
    expect(launchOutcome(ok({} as PrelaunchAnswer), target, true)).toBe('start');
  });

  it('ensures one trailing period', () => {
    expect(withTrailingPeriod('Busy')).toBe('Busy.');
    expect(withTrailingPeriod('Busy.')).toBe('Busy.');
  });
});
