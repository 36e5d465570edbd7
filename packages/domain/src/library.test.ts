import { describe, expect, it } from 'vitest';
import { dedupeMediaByName, serviceErrorText } from './library.js';

describe('library media de-duplication (§2 Library)', () => {
  const item = (name: string, link: string) => ({ name, link });
  it.each([
    ['no items', [], []],
    [
      'distinct names stay in order',
      [item('A', '1'), item('B', '2')],
      [item('A', '1'), item('B', '2')],
    ],
    [
      '"de-duplicated by name, keeping the last"',
      [item('QRH', 'old'), item('FCOM', 'f'), item('QRH', 'new')],
      [item('FCOM', 'f'), item('QRH', 'new')],
    ],
    [
      'names differ by case: both kept',
      [item('qrh', '1'), item('QRH', '2')],
      [item('qrh', '1'), item('QRH', '2')],
    ],
    ['three of one name', [item('A', '1'), item('A', '2'), item('A', '3')], [item('A', '3')]],
  ])('%s', (_rule, items, expected) => {
    expect(dedupeMediaByName(items)).toEqual(expected);
  });
});

describe('library and annotation service errors (§8)', () => {
  it.each([
    ['"409 stores the error \'409\'"', 409, '409'],
    ['"other 400 or more \'Error > 400.\'"', 400, 'Error > 400.'],
    ['a 403', 403, 'Error > 400.'],
    ['a 429', 429, 'Error > 400.'],
    ['a 500', 500, 'Error > 400.'],
    ['no answer (status 0) is not one of these', 0, null],
    ['a success', 200, null],
  ])('%s', (_rule, status, text) => {
    expect(serviceErrorText(status)).toBe(text);
  });
});
