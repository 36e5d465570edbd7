import { describe, expect, it } from 'vitest';
import {
  cleanUploadName,
  DOCUMENT_UPLOAD_MAX_BYTES,
  documentSubmitMessages,
  EXPIRATION_REQUIRED_MESSAGE,
  expirationTooFar,
  expiresSoonLabel,
  formatDocumentDate,
  isFileTooLarge,
  joinDocumentMessages,
  parseDocumentDate,
  type SubmitField,
  type SubmitValue,
} from './form-rules.js';

const DAY = 86_400_000;

describe('"an uploaded file of 5000 KB or more (rounded)" is too large (§5, §9)', () => {
  it.each([
    [0, false],
    [4999 * 1024, false],
    [DOCUMENT_UPLOAD_MAX_BYTES, false],
    [DOCUMENT_UPLOAD_MAX_BYTES + 1, true],
    [5000 * 1024, true],
    [6 * 1024 * 1024, true],
  ])('%i bytes: too large %s', (size, tooLarge) => {
    expect(isFileTooLarge(size)).toBe(tooLarge);
  });
  it('the largest allowed size rounds to 4999 KB', () => {
    expect(Math.round(DOCUMENT_UPLOAD_MAX_BYTES / 1024)).toBe(4999);
    expect(Math.round((DOCUMENT_UPLOAD_MAX_BYTES + 1) / 1024)).toBe(5000);
  });
});

describe('document submit messages (§5 Document submit)', () => {
  const fields: SubmitField[] = [
    { name: 'expiration', type: 'date', required: true, readonly: false },
    { name: 'Scan', type: 'file', required: true, readonly: false },
    { name: 'Notes', type: 'text', required: false, readonly: false },
    { name: 'Class', type: 'select', required: true, readonly: false, options: ['1', '2'] },
    { name: 'Issued by', type: 'text', required: true, readonly: true },
    { name: 'Licence no', type: 'text', required: true, readonly: false },
  ];
  const good: Record<string, SubmitValue> = {
    expiration: { kind: 'text', value: '2027-01-31' },
    Scan: { kind: 'keep', hasFile: true },
    Class: { kind: 'text', value: '1' },
    'Licence no': { kind: 'text', value: 'X' },
  };
  it.each<[string, Record<string, SubmitValue | undefined>, string[]]>([
    ['a complete form', good, []],
    [
      '"A field named expiration with an empty value shows \'You must fill out the expiration date.\'"',
      { ...good, expiration: { kind: 'text', value: ' ' } },
      [EXPIRATION_REQUIRED_MESSAGE],
    ],
    [
      '"an uploaded file of 5000 KB or more (rounded) gives ... too large"',
      { ...good, Scan: { kind: 'file', sizeBytes: 5000 * 1024 } },
      ["The file attached to the 'Scan' field is too large."],
    ],
    [
      '"a required empty field gives ... requires you to fill out this field"',
      { ...good, Scan: { kind: 'keep', hasFile: false }, 'Licence no': undefined },
      [
        "The 'Scan' field requires you to fill out this field before submitting.",
        "The 'Licence no' field requires you to fill out this field before submitting.",
      ],
    ],
    ['"Read-only fields are disabled": nothing asked of them', { ...good }, []],
    [
      'a date that is not yyyy-mm-dd',
      { ...good, expiration: { kind: 'text', value: '31/01/2027' } },
      ["The 'expiration' field must be a date written as yyyy-mm-dd."],
    ],
    [
      'a choice that is not offered',
      { ...good, Class: { kind: 'text', value: '3' } },
      ["The 'Class' field holds a value that is not one of its choices."],
    ],
  ])('%s', (_rule, values, messages) => {
    expect(documentSubmitMessages(fields, values)).toEqual(messages);
  });

  it('"messages joined with \' - \'"', () => {
    expect(joinDocumentMessages(['a', 'b', 'c'])).toBe('a - b - c');
  });
});

describe('yyyy-mm-dd dates (§9)', () => {
  it.each([
    ['2027-01-31', Date.UTC(2027, 0, 31)],
    ['2027-02-29', null],
    ['2028-02-29', Date.UTC(2028, 1, 29)],
    ['27-01-31', null],
    ['', null],
    ['2027-13-01', null],
  ])('%s', (text, instant) => {
    expect(parseDocumentDate(text)).toBe(instant);
    if (instant !== null) expect(formatDocumentDate(instant)).toBe(text);
  });
});

describe('expiry limits and the list label', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  it.each([
    [now + 10 * DAY, 30 * DAY, false],
    [now + 31 * DAY, 30 * DAY, true],
    [now + 9999 * DAY, 0, false],
  ])('expiry %i with max %i is too far: %s', (expiry, max, tooFar) => {
    expect(expirationTooFar(expiry, now, max)).toBe(tooFar);
  });
  // Whole days to the expiry's day (days-left.test.ts has the rule's table).
  it.each([
    [now - 1, null],
    [now + DAY / 4, 'Expires today'],
    [now + DAY / 2, 'Expires today'], // 00:00 ends the day before
    [now + (3 * DAY) / 4, 'Expires tomorrow'],
    [now + 12 * DAY, 'Expires in 12 days'],
    [now + 30 * DAY, 'Expires in 30 days'],
    [now + 31 * DAY, null],
  ])('expiring at %i: %s', (expiry, label) => {
    expect(expiresSoonLabel(expiry, now, 'UTC')).toBe(label);
  });
});

describe('upload names never carry a path, a control or a bidirectional control', () => {
  it.each([
    ['../../x.pdf', 'x.pdf'],
    ['..\\..\\evil.pdf', 'evil.pdf'],
    ['C:\\Users\\me\\scan.png', 'scan.png'],
    ['a\u0000b"<>.pdf', 'ab.pdf'],
    ['..', 'file'],
    ['.hidden', 'hidden'],
    ['', 'file'],
    [`${'n'.repeat(200)}.pdf`, `${'n'.repeat(116)}.pdf`],
    // Bidirectional controls (Unicode TR #9): an override would show 'scanexe.pdf'.
    ['scan\u202Efdp.exe', 'scanfdp.exe'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De.pdf', 'abcde.pdf'],
    ['a\u2066b\u2067c\u2068d\u2069e.pdf', 'abcde.pdf'],
    ['a\u200Eb\u200Fc\u061Cd.pdf', 'abcd.pdf'],
    ['a\u0085b\u009Fc.pdf', 'abc.pdf'],
    ['\u202E', 'file'],
    ['شهادة طبية.pdf', 'شهادة طبية.pdf'],
  ])('%j -> %j', (raw, clean) => {
    expect(cleanUploadName(raw)).toBe(clean);
  });
});
