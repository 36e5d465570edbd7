import { describe, expect, it } from 'vitest';
import { diffLines } from './audit-diff';

describe('diffLines', () => {
  it.each([
    {
      what: 'a change of one field',
      before: { name: 'Clerk', flags: ['viewStudent'] },
      after: { name: 'Clerk', flags: ['viewStudent', 'viewReport'] },
      lines: [
        { field: 'name', before: 'Clerk', after: 'Clerk', changed: false },
        {
          field: 'flags',
          before: '["viewStudent"]',
          after: '["viewStudent","viewReport"]',
          changed: true,
        },
      ],
    },
    {
      what: 'something made (nothing before)',
      before: null,
      after: { role: 'Auditor' },
      lines: [{ field: 'role', before: '', after: 'Auditor', changed: true }],
    },
    {
      what: 'nested fields by dotted path',
      before: { settings: { days: 3 } },
      after: { settings: { days: 5 } },
      lines: [{ field: 'settings.days', before: '3', after: '5', changed: true }],
    },
    { what: 'nothing at all', before: null, after: null, lines: [] },
  ])('$what', ({ before, after, lines }) => {
    expect(diffLines(before, after)).toEqual(lines);
  });
});
