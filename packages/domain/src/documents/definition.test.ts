import { describe, expect, it } from 'vitest';
import { parseDocumentTypeDefinition } from './definition.js';

const good = `{
  "name": "Medical Certificate",
  "description": "Class 1 or 2",
  "maxExpirationDays": 365,
  "fields": [
    { "name": "expiration", "type": "date", "required": true },
    { "name": "Class", "type": "select", "options": ["1", "2"] },
    { "name": "Scan", "type": "file", "required": true },
    { "name": "Issued by", "type": "text", "readonly": true }
  ]
}`;

describe('document type definitions (forms are data: §3 Document form, Form field)', () => {
  it('reads a good definition', () => {
    const result = parseDocumentTypeDefinition(good);
    expect(result).toEqual({
      ok: true,
      definition: {
        name: 'Medical Certificate',
        description: 'Class 1 or 2',
        maxExpirationDays: 365,
        fields: [
          {
            name: 'expiration',
            type: 'date',
            description: '',
            required: true,
            readonly: false,
            options: [],
          },
          {
            name: 'Class',
            type: 'select',
            description: '',
            required: false,
            readonly: false,
            options: ['1', '2'],
          },
          {
            name: 'Scan',
            type: 'file',
            description: '',
            required: true,
            readonly: false,
            options: [],
          },
          {
            name: 'Issued by',
            type: 'text',
            description: '',
            required: false,
            readonly: true,
            options: [],
          },
        ],
      },
    });
  });

  it.each([
    ['a missing comma', good.replace('"Class 1 or 2"', '"Class 1 or 2"\n'), []],
    [
      'a missing comma between settings',
      good.replace('"Class 1 or 2",', '"Class 1 or 2"'),
      ["line 4: expected ',' or '}' (is a comma missing?)."],
    ],
    [
      'an unknown field type',
      good.replace('"type": "file"', '"type": "upload"'),
      [
        'line 8: field \'Scan\': "type" must be one of text, textarea, date, select, multiselect, checkbox, file.',
      ],
    ],
    [
      'a select without options',
      good.replace(', "options": ["1", "2"]', ''),
      ['line 7: field \'Class\': "options" must list 1 to 100 different choices (text).'],
    ],
    [
      'two fields of one name',
      good.replace('"name": "Issued by"', '"name": "scan"'),
      ["line 9: field 'scan' has the same name as the field on line 8."],
    ],
    [
      'an expiration that is not a date',
      good.replace('"name": "expiration", "type": "date"', '"name": "expiration", "type": "text"'),
      ['line 6: the \'expiration\' field must have "type": "date".'],
    ],
    [
      'an unknown setting and a bad flag',
      good
        .replace('"maxExpirationDays": 365,', '"maxExpirationDays": 365,\n  "colour": "red",')
        .replace('"readonly": true', '"readonly": "yes"'),
      [
        'line 5: unknown setting "colour".',
        'line 10: field \'Issued by\': "readonly" must be true or false.',
      ],
    ],
    [
      'no fields',
      '{ "name": "X",\n "fields": [] }',
      ['line 2: "fields" must be a list of 1 to 50 fields.'],
    ],
    ['not an object', '[1]', ['line 1: the definition must be an object { ... }.']],
    [
      'a file that ends early',
      '{\n "name": "X",\n',
      ['line 3: expected a "name" in double quotes.'],
    ],
  ])('%s', (_case, text, errors) => {
    const result = parseDocumentTypeDefinition(text);
    if (errors.length === 0) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, errors });
  });
});
