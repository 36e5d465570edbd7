/**
 * Records on request and retention in the staff console: a signed bundle of a population's
 * training records for a period (per person a PDF and a CSV, the training events as JSON Lines, a
 * manifest of file hashes signed as a JWS), fetched through a one-time download ticket as the
 * compliance exports are; and, for administrators, the LMS's retention period, its legal hold, the
 * people past retention and their pseudonymisation. Every call is scoped to the caller's
 * restriction groups.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, Text } from '../common.js';
import { ComplianceFilter, ExportTicket } from './compliance.js';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/** A bundle: the population (the exports' filter) and the period, whole UTC days, both included. */
export const BundleRequest = Type.Object(
  {
    filter: ComplianceFilter,
    from: Type.String({ pattern: DATE }),
    to: Type.String({ pattern: DATE }),
  },
  { additionalProperties: false },
);
export type BundleRequest = Static<typeof BundleRequest>;

/** The LMS's retention settings and legal hold. */
export const RetentionSettings = Type.Object({
  /** Months kept after a person's last training activity; null: for ever. */
  retentionMonths: Type.Union([Type.Integer(), Type.Null()]),
  legalHold: Type.Boolean(),
  /** Why the hold is on ('' when off). */
  legalHoldReason: Type.String(),
  /** Who set it (a login, or 'operator'), and when (ISO 8601); '' / null when never set. */
  legalHoldSetBy: Type.String(),
  legalHoldSetAt: Type.Union([Type.String(), Type.Null()]),
});
export type RetentionSettings = Static<typeof RetentionSettings>;

/** A change of the settings: each field optional; a hold put on needs its reason. */
export const RetentionChange = Type.Object(
  {
    retentionMonths: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 1200 }), Type.Null()]),
    ),
    legalHold: Type.Optional(Type.Boolean()),
    reason: Type.Optional(Text({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type RetentionChange = Static<typeof RetentionChange>;

/** A person past retention: inactive, their last training activity older than the period. */
export const RetentionPersonRow = Type.Object({
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  restrictionGroup: Type.String(),
  /** Their latest attempt, assignment change or sign-in (ISO 8601). */
  lastActivityAt: Type.String(),
  /** When the retention period ended (ISO 8601). */
  retainedUntil: Type.String(),
});
export type RetentionPersonRow = Static<typeof RetentionPersonRow>;

/** The retention page: the settings and who is past retention in the caller's scope. */
export const RetentionOverview = Type.Object({
  settings: RetentionSettings,
  people: Type.Array(RetentionPersonRow),
  /** More people are past retention than the list holds. */
  more: Type.Boolean(),
});
export type RetentionOverview = Static<typeof RetentionOverview>;

/** What pseudonymising a person did. */
export const PseudonymisedPerson = Type.Object({
  userKey: Type.Integer(),
  subjectId: Type.String(),
  /** The person's new name and login: 'Pseudonymised <subject id>'. */
  displayName: Type.String(),
});
export type PseudonymisedPerson = Static<typeof PseudonymisedPerson>;

const base = '/api/console/records';

/** The records calls. */
export const consoleRecordsCalls = {
  prepareBundle: defineCall<ExportTicket, BundleRequest>()({
    method: 'POST',
    route: `${base}/bundles`,
    path: () => `${base}/bundles`,
  }),
  /** The bundle of a ticket; the ticket is the credential (one use, minutes long). */
  // Outside /api/console, as the compliance downloads: a browser's download carries no session.
  bundleDownload: defineCall<string>()({
    method: 'GET',
    route: '/api/records/downloads/:ticket',
    path: (ticket: string) => `/api/records/downloads/${enc(ticket)}`,
    responseType: 'text',
  }),
  retention: defineCall<RetentionOverview>()({
    method: 'GET',
    route: `${base}/retention`,
    path: () => `${base}/retention`,
  }),
  updateRetention: defineCall<RetentionSettings, RetentionChange>()({
    method: 'PUT',
    route: `${base}/retention`,
    path: () => `${base}/retention`,
  }),
  pseudonymise: defineCall<PseudonymisedPerson>()({
    method: 'POST',
    route: `${base}/people/:userKey/pseudonymise`,
    path: (userKey: number) => `${base}/people/${enc(userKey)}/pseudonymise`,
  }),
};

/** Route schemas of the records calls. */
export const consoleRecordsSchemas = {
  prepareBundle: {
    summary: "A one-time download address for a signed bundle of a population's records",
    body: BundleRequest,
    response: { 200: ExportTicket, ...errorResponses(400, 401, 403, 404) },
  },
  bundleDownload: {
    summary: 'The signed records bundle of a ticket (zip), streamed',
    params: Type.Object({
      ticket: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
    }),
  },
  retention: {
    summary: 'The retention period, the legal hold and the people past retention',
    response: { 200: RetentionOverview, ...errorResponses(401, 403) },
  },
  updateRetention: {
    summary: 'Set the retention period and put the legal hold on or off',
    body: RetentionChange,
    response: { 200: RetentionSettings, ...errorResponses(400, 401, 403) },
  },
  pseudonymise: {
    summary: "Replace a person's personal data by their subject id (records kept)",
    params: Type.Object({ userKey: Key }),
    response: { 200: PseudonymisedPerson, ...errorResponses(400, 401, 403, 404, 409) },
  },
};
