/**
 * The rules of a person's profile as staff edit it in the console (docs/decisions/0021): what
 * each field may hold, what an edit changed, and how a search text becomes a prefix pattern.
 * Pure: the server's people service and the console's forms both use them.
 */
import { EMAIL_MAX_LENGTH } from '../constants.js';
import { MAX_RESTRICTION_GROUP_LENGTH } from './staff-rules.js';

/** A person's profile fields, as the console edits them (§3 User: userID, names, groups). */
export interface PersonFields {
  userID: string;
  givenName: string;
  familyName: string;
  email: string;
  employeeId: string;
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
  phone: string;
  isStudent: boolean;
  mfaEnabled: boolean;
}

/** The profile's text fields, in the order a form shows them. */
export const PERSON_TEXT_FIELDS = [
  'userID',
  'givenName',
  'familyName',
  'email',
  'employeeId',
  'base',
  'fleet',
  'position',
  'restrictionGroup',
  'phone',
] as const satisfies readonly (keyof PersonFields)[];

/** Every profile field. */
export const PERSON_FIELDS = [
  ...PERSON_TEXT_FIELDS,
  'isStudent',
  'mfaEnabled',
] as const satisfies readonly (keyof PersonFields)[];

export const LOGIN_MAX_LENGTH = 255;
export const PERSON_NAME_MAX_LENGTH = 200;
/** Employee id, base, fleet and position. */
export const PERSON_ATTRIBUTE_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 40;

/** A field's label in messages (the words a form shows). */
export const PERSON_FIELD_LABELS: Readonly<Record<keyof PersonFields, string>> = {
  userID: 'Login ID',
  givenName: 'Given name',
  familyName: 'Family name',
  email: 'Email',
  employeeId: 'Employee ID',
  base: 'Base',
  fleet: 'Fleet',
  position: 'Position',
  restrictionGroup: 'Restriction group',
  phone: 'Phone',
  isStudent: 'Student',
  mfaEnabled: 'MFA',
};

/** One thing wrong with a field. */
export interface PersonProblem {
  field: keyof PersonFields;
  message: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// Spec §5 {email}: a local part, '@', a domain with a dot (the panel's reset form's rule).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_SHAPE = /^[0-9+()\-. ]*$/;

/** Every text field trimmed (what is stored). */
export function normalisePersonFields(fields: PersonFields): PersonFields {
  const trimmed = { ...fields };
  for (const field of PERSON_TEXT_FIELDS) trimmed[field] = fields[field].trim();
  return trimmed;
}

function textProblem(
  field: keyof PersonFields,
  value: string,
  max: number,
  required: boolean,
): string | null {
  const label = PERSON_FIELD_LABELS[field];
  if (required && value === '') return `${label} is required.`;
  if (value.length > max) return `${label} is too long (${max} characters at most).`;
  if (CONTROL.test(value)) return `${label} contains control characters.`;
  return null;
}

/** What is wrong with a profile (its fields trimmed first); empty when it may be stored. */
export function checkPersonFields(given: PersonFields): PersonProblem[] {
  const fields = normalisePersonFields(given);
  const problems: PersonProblem[] = [];
  const add = (field: keyof PersonFields, message: string | null) => {
    if (message !== null) problems.push({ field, message });
  };
  add(
    'userID',
    textProblem('userID', fields.userID, LOGIN_MAX_LENGTH, true) ??
      (/\s/.test(fields.userID) ? 'Login ID cannot contain spaces.' : null),
  );
  add('givenName', textProblem('givenName', fields.givenName, PERSON_NAME_MAX_LENGTH, true));
  add('familyName', textProblem('familyName', fields.familyName, PERSON_NAME_MAX_LENGTH, true));
  add(
    'email',
    textProblem('email', fields.email, EMAIL_MAX_LENGTH, true) ??
      (EMAIL_SHAPE.test(fields.email) ? null : `'${fields.email}' is not an email address.`),
  );
  for (const field of ['employeeId', 'base', 'fleet', 'position'] as const) {
    add(field, textProblem(field, fields[field], PERSON_ATTRIBUTE_MAX_LENGTH, false));
  }
  add(
    'restrictionGroup',
    textProblem('restrictionGroup', fields.restrictionGroup, MAX_RESTRICTION_GROUP_LENGTH, false),
  );
  add(
    'phone',
    textProblem('phone', fields.phone, PHONE_MAX_LENGTH, false) ??
      (PHONE_SHAPE.test(fields.phone) ? null : 'Phone may hold digits, spaces and + ( ) - . only.'),
  );
  return problems;
}

/** The fields an edit changed: their values before and after (for the audit log and a preview). */
export function personChanges(
  before: PersonFields,
  after: PersonFields,
): { before: Partial<PersonFields>; after: Partial<PersonFields> } {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const field of PERSON_FIELDS) {
    if (before[field] !== after[field]) {
      changedBefore[field] = before[field];
      changedAfter[field] = after[field];
    }
  }
  return {
    before: changedBefore as Partial<PersonFields>,
    after: changedAfter as Partial<PersonFields>,
  };
}

/** The fields whose change can make assignment rules apply to a person (base, fleet, ...). */
export const RULE_FIELDS = [
  'base',
  'fleet',
  'position',
  'restrictionGroup',
] as const satisfies readonly (keyof PersonFields)[];

/** Whether an edit changed a field assignment rules match on. */
export function changesRuleFields(before: PersonFields, after: PersonFields): boolean {
  return RULE_FIELDS.some((field) => before[field] !== after[field]);
}

/**
 * A search text as a case-insensitive prefix LIKE pattern (lower case, LIKE's own characters
 * escaped with a backslash); null when there is nothing to search for.
 */
export function prefixPattern(search: string): string | null {
  const text = search.trim().toLowerCase();
  if (text === '') return null;
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The columns the people list sorts by. */
export const PEOPLE_SORTS = [
  'name',
  'login',
  'employeeId',
  'base',
  'fleet',
  'position',
  'restrictionGroup',
  'lastSignIn',
] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
