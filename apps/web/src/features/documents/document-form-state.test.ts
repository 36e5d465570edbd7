import { describe, expect, it } from 'vitest';
import { documentField as field, medicalDocument } from './document-form.fixtures';
import { formBody, formMessages, formatFileSize, initialFormState } from './document-form-state';

const detail = medicalDocument([
  field({ fieldKey: 1, name: 'expiration', type: 'date' }),
  field({ fieldKey: 2, name: 'Scan', type: 'file', attributes: { required: 'true' } }),
  field({
    fieldKey: 3,
    name: 'Ratings',
    type: 'multiselect',
    options: ['A', 'B'],
    values: ['A'],
  }),
  field({ fieldKey: 4, name: 'Issued by', attributes: { readonly: 'true', value: 'TD' } }),
]);

describe('the document form (§5 Document submit)', () => {
  it('starts from the saved answers', () => {
    expect(initialFormState(detail)).toEqual({
      values: { 1: '', 4: 'TD' },
      choices: { 3: ['A'] },
      files: {},
    });
  });

  it('blocks a save with the §5 messages', () => {
    const state = initialFormState(detail);
    expect(formMessages(detail, state)).toEqual([
      'You must fill out the expiration date.',
      "The 'Scan' field requires you to fill out this field before submitting.",
    ]);
    state.values[1] = '2027-01-01';
    state.files[2] = new File([new Uint8Array(5000 * 1024)], 'big.pdf');
    expect(formMessages(detail, state)).toEqual([
      "The file attached to the 'Scan' field is too large.",
    ]);
    state.files[2] = new File([new Uint8Array(10)], 'ok.pdf');
    expect(formMessages(detail, state)).toEqual([]);
  });

  it('sends one part per value or file, never a read-only field', () => {
    const state = initialFormState(detail);
    state.values[1] = '2027-01-01';
    state.choices[3] = ['A', 'B'];
    state.files[2] = new File([new Uint8Array(3)], 'scan.pdf');
    const body = formBody(detail, state);
    expect(body.getAll('field-1')).toEqual(['2027-01-01']);
    expect(body.getAll('field-3')).toEqual(['A', 'B']);
    expect((body.get('field-2') as File).name).toBe('scan.pdf');
    expect(body.has('field-4')).toBe(false);
  });

  it.each([
    [100, '1 KB'],
    [812 * 1024, '812 KB'],
    [4.2 * 1024 * 1024, '4.2 MB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
