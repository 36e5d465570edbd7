/**
 * An offline opening starts or resumes the attempt as the server's open-launch.ts does, and a
 * commit changes the stored progress as commits.ts does (docs/decisions/0024): "a new attempt
 * unless the stored one was suspended" (ADR 0007), browse records nothing, a SCORM 2004 attempt
 * ending without a status is completed and passed (SN End Attempt Process), bad values change
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import type { OfflineStart, ScormVersion } from '@waypoint/domain/contract';
import { applyOfflineCommit, EMPTY_PROGRESS, openOffline } from './opening';
import { startOf } from './test-support';

const storedWith = (cmi: Record<string, string>, attempts = 1) =>
  startOf({ stored: { ...EMPTY_PROGRESS, attempts, totalTimeMs: 60_000, cmi } });

describe('openOffline: resume or a new attempt, as open-launch.ts', () => {
  it.each<[string, ScormVersion, OfflineStart, 'resume' | 'ab-initio', number]>([
    [
      'the SCO said suspend: resumed',
      '1.2',
      storedWith({ 'cmi.core.exit': 'suspend', 'cmi.core.lesson_location': '4' }),
      'resume',
      1,
    ],
    [
      'no exit but a bookmark, not finished: resumed (a closed window)',
      '2004',
      storedWith({ 'cmi.location': 'p3', 'cmi.completion_status': 'incomplete' }),
      'resume',
      1,
    ],
    [
      'a bookmark but passed: a new attempt',
      '1.2',
      storedWith({ 'cmi.core.lesson_status': 'passed', 'cmi.core.lesson_location': '9' }),
      'ab-initio',
      2,
    ],
    [
      'the SCO said logout: a new attempt',
      '1.2',
      storedWith({ 'cmi.core.exit': 'logout', 'cmi.core.lesson_location': '4' }),
      'ab-initio',
      2,
    ],
    ['never started: the first attempt', '2004', startOf(), 'ab-initio', 1],
  ])('%s', (_rule, version, start, entry, attempts) => {
    const opening = openOffline(version, start);
    expect(opening.entry).toBe(entry);
    expect(opening.records).toBe(true);
    expect(opening.stored.attempts).toBe(attempts);
    expect(opening.baseTotalTimeMs).toBe(start.stored.totalTimeMs);
    const entryElement = version === '1.2' ? 'cmi.core.entry' : 'cmi.entry';
    expect(opening.cmi[entryElement]).toBe(entry);
  });

  it('a resumed attempt keeps its data less the exit and session time, and the runtime gets it', () => {
    const opening = openOffline(
      '1.2',
      storedWith({
        'cmi.core.exit': 'suspend',
        'cmi.core.session_time': '00:10:00',
        'cmi.core.lesson_location': '4',
        'cmi.suspend_data': 'abc',
      }),
    );
    expect(opening.stored.cmi).toEqual({
      'cmi.core.lesson_location': '4',
      'cmi.suspend_data': 'abc',
    });
    expect(opening.cmi).toMatchObject({
      'cmi.core.lesson_location': '4',
      'cmi.suspend_data': 'abc',
      'cmi.core.student_id': 'student',
      'cmi.core.student_name': 'Student, Sam',
      'cmi.core.credit': 'credit',
    });
  });

  it('a new attempt clears the attempt data but keeps results (never lose a result)', () => {
    const start = startOf({
      stored: {
        ...EMPTY_PROGRESS,
        attempts: 2,
        completion: 1,
        credit: 1,
        score: 80,
        suspendData: 'old',
        cmi: { 'cmi.core.lesson_status': 'passed' },
      },
    });
    const opening = openOffline('1.2', start);
    expect(opening.stored).toMatchObject({
      attempts: 3,
      completion: 1,
      score: 80,
      suspendData: '',
      cmi: {},
    });
  });

  it('browse (no credit) starts clean and records nothing', () => {
    const start = startOf({
      mode: 'browse',
      credit: false,
      stored: storedWith({ 'cmi.core.exit': 'suspend', 'cmi.core.lesson_location': '4' }).stored,
    });
    const opening = openOffline('1.2', start);
    expect(opening).toMatchObject({ entry: 'ab-initio', records: false });
    expect(opening.cmi['cmi.core.lesson_location']).toBeUndefined();
    expect(opening.cmi['cmi.core.lesson_mode']).toBe('browse');
    const result = applyOfflineCommit(
      '1.2',
      start,
      opening,
      opening.stored,
      {
        cmi: { 'cmi.core.lesson_status': 'completed' },
        final: true,
      },
      5,
    );
    expect(result).toEqual({ ok: true, stored: opening.stored });
  });

  it('gives a 2004 SCO its objectives and the package inputs', () => {
    const opening = openOffline(
      '2004',
      startOf({
        objectiveIds: ['primary', 'second'],
        masteryScore: 0.8,
        completionThreshold: 0.5,
        launchData: 'item=3',
      }),
    );
    expect(opening.cmi).toMatchObject({
      'cmi.objectives.0.id': 'primary',
      'cmi.objectives.1.id': 'second',
      'cmi.scaled_passing_score': '0.8',
      'cmi.completion_threshold': '0.5',
      'cmi.launch_data': 'item=3',
    });
  });
});

describe('applyOfflineCommit: the server commit rules on the device', () => {
  it('a suspended 1.2 attempt is resumed by the next opening, with the session time counted once', () => {
    const start = startOf();
    const opening = openOffline('1.2', start);
    const result = applyOfflineCommit(
      '1.2',
      start,
      opening,
      opening.stored,
      {
        cmi: {
          'cmi.core.lesson_location': '7',
          'cmi.core.exit': 'suspend',
          'cmi.core.session_time': '00:05:00',
          'cmi.core.lesson_status': 'incomplete',
        },
        final: true,
      },
      10,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stored).toMatchObject({ totalTimeMs: 300_000, locationBlob: '7', location: 7 });
    const next = openOffline('1.2', { ...start, stored: result.stored });
    expect(next.entry).toBe('resume');
    expect(next.baseTotalTimeMs).toBe(300_000);
    expect(next.cmi['cmi.core.lesson_location']).toBe('7');
  });

  it('a 2004 final commit without a status completes and passes the attempt (SN End Attempt Process), so the next opening starts anew', () => {
    const start = startOf();
    const opening = openOffline('2004', start);
    const result = applyOfflineCommit(
      '2004',
      start,
      opening,
      opening.stored,
      {
        cmi: { 'cmi.session_time': 'PT2M' },
        final: true,
      },
      12_345,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stored.cmi).toMatchObject({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
    });
    expect(result.stored).toMatchObject({ completion: 1, completionInstantMs: 12_345 });
    expect(openOffline('2004', { ...start, stored: result.stored }).entry).toBe('ab-initio');
  });

  it('content that sets its own completion is not completed by the end of its attempt', () => {
    const start = startOf({ completionSetByContent: true, objectiveSetByContent: true });
    const opening = openOffline('2004', start);
    const result = applyOfflineCommit(
      '2004',
      start,
      opening,
      opening.stored,
      {
        cmi: { 'cmi.exit': 'normal' },
        final: true,
      },
      1,
    );
    expect(result.ok && result.stored.cmi['cmi.completion_status']).toBeUndefined();
  });

  it('keeps objectives and interactions with the attempt', () => {
    const start = startOf();
    const opening = openOffline('2004', start);
    const result = applyOfflineCommit(
      '2004',
      start,
      opening,
      opening.stored,
      {
        cmi: { 'cmi.interactions.0.id': 'q1', 'cmi.interactions.0.result': 'correct' },
        final: false,
      },
      1,
    );
    expect(result.ok && result.stored.cmi['cmi.interactions.0.result']).toBe('correct');
  });

  it('refuses a bad value whole, as the server answers 400', () => {
    const start = startOf();
    const opening = openOffline('1.2', start);
    const result = applyOfflineCommit(
      '1.2',
      start,
      opening,
      opening.stored,
      {
        cmi: { 'cmi.core.lesson_location': 'ok', 'cmi.core.lesson_status': 'great' },
        final: false,
      },
      1,
    );
    expect(result.ok).toBe(false);
  });
});
