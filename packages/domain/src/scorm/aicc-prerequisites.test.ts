import { describe, expect, it } from 'vitest';
import { prerequisitesMet, type Scorm12Status } from './aicc-prerequisites.js';

const statuses: Record<string, Scorm12Status> = {
  a: 'passed',
  b: 'completed',
  c: 'failed',
  d: 'incomplete',
  e: 'not attempted',
};
const statusOf = (id: string) => statuses[id] ?? 'not attempted';

describe('SCORM 1.2 adlcp:prerequisites (CAM 2.3.2.5.1)', () => {
  it.each<[string, boolean]>([
    ['', true],
    // "an identifier is true when its status is passed or completed"
    ['a', true],
    ['b', true],
    ['c', false],
    ['e', false],
    ['a & b', true],
    ['a & c', false],
    ['c | b', true],
    ['~c', true],
    ['~(a & b)', false],
    ['a & (c | d | b)', true],
    ['c = failed', true],
    ['c = f', true],
    ['d <> incomplete', false],
    ['e = "not attempted"', true],
    ['2*{a,b,c}', true],
    ['3*{a,b,c}', false],
  ])('%s is met: %s', (expression, met) => {
    expect(prerequisitesMet(expression, statusOf).met).toBe(met);
  });

  it.each(['a &', '(a | b', '2*{a,b', 'a = maybe', 'a b'])(
    'a malformed expression (%s) is not met and says why',
    (expression) => {
      const result = prerequisitesMet(expression, statusOf);
      expect(result.met).toBe(false);
      expect(result.problem).toBeTruthy();
    },
  );
});
