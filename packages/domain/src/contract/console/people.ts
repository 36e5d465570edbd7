/**
 * The console's people calls (docs/decisions/0021; issue item "People"): the list a staff member
 * searches, filters, sorts and pages on the server; one person's profile, its edit, create,
 * deactivate and reactivate; their credentials (reset link, MFA, sessions); the CSV import's
 * preview and import; and a student's record (the Completion Report tree, read-only). Every call
 * is scoped: a person outside the caller's LMS or restriction groups is 404 'No such person.'
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, MessageBody, Text } from '../common.js';
import { ProgressReport } from '../progress.js';
import { PEOPLE_SORTS, type PeopleSort } from '../../staff/people.js';

/** One row of the people list. */
export const PersonRow = Type.Object({
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  givenName: Type.String(),
  familyName: Type.String(),
  email: Type.String(),
  employeeId: Type.String(),
  base: Type.String(),
  fleet: Type.String(),
  position: Type.String(),
  restrictionGroup: Type.String(),
  active: Type.Boolean(),
  isStudent: Type.Boolean(),
  /** Holds a staff role in this LMS. */
  isStaff: Type.Boolean(),
  /** Last sign-in to the panel or the console, ms since the epoch; null: never. */
  lastSignInAt: Type.Union([Type.Number(), Type.Null()]),
});
export type PersonRow = Static<typeof PersonRow>;

export const PEOPLE_PAGE_MAX = 200;

/** The list's query: search, filters, sort and page. Every part optional. */
export const PeopleQuery = Type.Object(
  {
    /** Prefix of a name, login, employee id or email, any case. */
    search: Type.Optional(Text({ maxLength: 200 })),
    base: Type.Optional(Text({ maxLength: 100 })),
    fleet: Type.Optional(Text({ maxLength: 100 })),
    position: Type.Optional(Text({ maxLength: 100 })),
    restrictionGroup: Type.Optional(Text({ maxLength: 100 })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
    kind: Type.Optional(Type.Union([Type.Literal('student'), Type.Literal('staff')])),
    sort: Type.Optional(Type.Union(PEOPLE_SORTS.map((sort) => Type.Literal(sort)))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PEOPLE_PAGE_MAX })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export interface PeopleQuery {
  search?: string;
  base?: string;
  fleet?: string;
  position?: string;
  restrictionGroup?: string;
  status?: 'active' | 'inactive';
  kind?: 'student' | 'staff';
  sort?: PeopleSort;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** The distinct values of each filter among the people in the caller's scope. */
export const PeopleFilterValues = Type.Object({
  bases: Type.Array(Type.String()),
  fleets: Type.Array(Type.String()),
  positions: Type.Array(Type.String()),
  restrictionGroups: Type.Array(Type.String()),
});
export type PeopleFilterValues = Static<typeof PeopleFilterValues>;

/** A page of the list: its rows, how many match in all, and the filters' values. */
export const PeopleList = Type.Object({
  rows: Type.Array(PersonRow),
  total: Type.Integer(),
  filters: PeopleFilterValues,
});
export type PeopleList = Static<typeof PeopleList>;

/** One person's profile, with what the console shows beside it. */
export const PersonDetails = Type.Object({
  ...PersonRow.properties,
  phone: Type.String(),
  mfaEnabled: Type.Boolean(),
  /** A password is set (else they have not used their invitation yet). */
  hasPassword: Type.Boolean(),
  /** Locked out by failed sign-ins until then (ms since the epoch); null: not locked. */
  lockedUntil: Type.Union([Type.Number(), Type.Null()]),
  createdAt: Type.Number(),
  /** Their staff role in this LMS, if any. */
  staffRole: Type.Union([
    Type.Object({ name: Type.String(), builtIn: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  /** Curricula assigned (not removed). */
  assignments: Type.Integer(),
  /** Sessions open now (panel and console). */
  openSessions: Type.Integer(),
});
export type PersonDetails = Static<typeof PersonDetails>;

/** A person's profile as create and edit send it (PersonFields of @waypoint/domain). */
export const PersonBody = Type.Object(
  {
    userID: Text({ maxLength: 255 }),
    givenName: Text({ maxLength: 200 }),
    familyName: Text({ maxLength: 200 }),
    email: Text({ maxLength: 255 }),
    employeeId: Text({ maxLength: 100 }),
    base: Text({ maxLength: 100 }),
    fleet: Text({ maxLength: 100 }),
    position: Text({ maxLength: 100 }),
    restrictionGroup: Text({ maxLength: 100 }),
    phone: Text({ maxLength: 40 }),
    isStudent: Type.Boolean(),
    mfaEnabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PersonBody = Static<typeof PersonBody>;

/** A new person: the profile, and whether to email them a set-password invitation. */
export const NewPersonBody = Type.Object(
  { ...PersonBody.properties, sendInvitation: Type.Boolean() },
  { additionalProperties: false },
);
export type NewPersonBody = Static<typeof NewPersonBody>;

/** Reset MFA: remembered devices are always forgotten; MFA is then on or off as given. */
export const ResetMfaBody = Type.Object(
  { mfaEnabled: Type.Boolean() },
  { additionalProperties: false },
);
export type ResetMfaBody = Static<typeof ResetMfaBody>;

/** Most characters of a CSV import (10,000 rows of about 200 characters). */
export const PEOPLE_CSV_MAX_LENGTH = 2_500_000;

/** A CSV file's text (columns as the operator's import-users, plus restriction_group, student). */
export const PeopleCsvBody = Type.Object(
  // Newlines are the point here, so not Text(): NUL is refused by the parser's line checks.
  { csv: Type.String({ minLength: 1, maxLength: PEOPLE_CSV_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type PeopleCsvBody = Static<typeof PeopleCsvBody>;

/** What one line of an import does. */
export const ImportLine = Type.Object({
  line: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('unchanged')]),
  /** Labels of the fields an update changes. */
  changes: Type.Array(Type.String()),
});
export type ImportLine = Static<typeof ImportLine>;

/** The preview (nothing written) or the import's result (everything written). */
export const ImportResult = Type.Object({
  /** Every problem, "line N: ..."; an import happens only when there are none. */
  problems: Type.Array(Type.String()),
  lines: Type.Array(ImportLine),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** True when the call wrote (import), false for a preview. */
  imported: Type.Boolean(),
});
export type ImportResult = Static<typeof ImportResult>;

/** A student's record: the Completion Report tree as they see it; null: nothing assigned. */
export const PersonRecord = Type.Object({
  displayName: Type.String(),
  report: Type.Union([ProgressReport, Type.Null()]),
});
export type PersonRecord = Static<typeof PersonRecord>;

const PersonPath = Type.Object({ userKey: Key }, { additionalProperties: false });
export type PersonPath = Static<typeof PersonPath>;

function queryString(query: PeopleQuery): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${enc(value as string | number)}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

const base = '/api/console/people';

/** The people calls. */
export const consolePeopleCalls = {
  list: defineCall<PeopleList>()({
    method: 'GET',
    route: base,
    path: (query: PeopleQuery = {}) => `${base}${queryString(query)}`,
  }),
  get: defineCall<PersonDetails>()({
    method: 'GET',
    route: `${base}/:userKey`,
    path: (userKey: number) => `${base}/${enc(userKey)}`,
  }),
  create: defineCall<PersonDetails, NewPersonBody>()({
    method: 'POST',
    route: base,
    path: () => base,
  }),
  update: defineCall<PersonDetails, PersonBody>()({
    method: 'PUT',
    route: `${base}/:userKey`,
    path: (userKey: number) => `${base}/${enc(userKey)}`,
  }),
  deactivate: defineCall<PersonDetails>()({
    method: 'POST',
    route: `${base}/:userKey/deactivate`,
    path: (userKey: number) => `${base}/${enc(userKey)}/deactivate`,
  }),
  reactivate: defineCall<PersonDetails>()({
    method: 'POST',
    route: `${base}/:userKey/reactivate`,
    path: (userKey: number) => `${base}/${enc(userKey)}/reactivate`,
  }),
  sendPasswordReset: defineCall<MessageBody>()({
    method: 'POST',
    route: `${base}/:userKey/send-password-reset`,
    path: (userKey: number) => `${base}/${enc(userKey)}/send-password-reset`,
  }),
  resetMfa: defineCall<PersonDetails, ResetMfaBody>()({
    method: 'POST',
    route: `${base}/:userKey/reset-mfa`,
    path: (userKey: number) => `${base}/${enc(userKey)}/reset-mfa`,
  }),
  endSessions: defineCall<PersonDetails>()({
    method: 'POST',
    route: `${base}/:userKey/end-sessions`,
    path: (userKey: number) => `${base}/${enc(userKey)}/end-sessions`,
  }),
  record: defineCall<PersonRecord>()({
    method: 'GET',
    route: `${base}/:userKey/record`,
    path: (userKey: number) => `${base}/${enc(userKey)}/record`,
  }),
  importPreview: defineCall<ImportResult, PeopleCsvBody>()({
    method: 'POST',
    route: `${base}/import/preview`,
    path: () => `${base}/import/preview`,
  }),
  import: defineCall<ImportResult, PeopleCsvBody>()({
    method: 'POST',
    route: `${base}/import`,
    path: () => `${base}/import`,
  }),
};

const personAnswer = { 200: PersonDetails, ...errorResponses(400, 401, 403, 404, 409) };
const bodyless = { params: PersonPath, response: personAnswer };

/** Route schemas of the people calls. */
export const consolePeopleSchemas = {
  list: {
    summary: 'People in scope: searched, filtered, sorted and paged on the server',
    querystring: PeopleQuery,
    response: { 200: PeopleList, ...errorResponses(400, 401, 403) },
  },
  get: { summary: 'One person', ...bodyless },
  create: {
    summary: 'Create a person (and email a set-password invitation)',
    body: NewPersonBody,
    response: personAnswer,
  },
  update: {
    summary: "Edit a person's profile",
    params: PersonPath,
    body: PersonBody,
    response: personAnswer,
  },
  deactivate: { summary: 'Deactivate a person (ends every session)', ...bodyless },
  reactivate: { summary: 'Reactivate a person', ...bodyless },
  sendPasswordReset: {
    summary: 'Email a person a password-reset link',
    params: PersonPath,
    response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
  },
  resetMfa: {
    summary: "Forget a person's remembered devices and turn MFA on or off",
    params: PersonPath,
    body: ResetMfaBody,
    response: personAnswer,
  },
  endSessions: { summary: "End every session of a person's", ...bodyless },
  record: {
    summary: "A student's Completion Report tree, read-only",
    params: PersonPath,
    response: { 200: PersonRecord, ...errorResponses(401, 403, 404) },
  },
  importPreview: {
    summary: 'Check a CSV of people: what would be created or updated, and every problem',
    body: PeopleCsvBody,
    response: { 200: ImportResult, ...errorResponses(400, 401, 403) },
  },
  import: {
    summary: 'Import a CSV of people, all or nothing',
    body: PeopleCsvBody,
    response: { 200: ImportResult, ...errorResponses(400, 401, 403, 409) },
  },
} satisfies Record<keyof typeof consolePeopleCalls, object>;
