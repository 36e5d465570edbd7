/**
 * Compliance oversight in the staff console (docs/decisions/0022): the qualification matrix
 * (people x curricula, one status per cell), the daily lists, exports (CSV, XLSX, a zip of
 * training records) through short-lived one-time download tickets, scheduled report
 * subscriptions, the reminders' manager copy, and inspector links. Every call is scoped to the
 * caller's restriction groups, as the people calls are.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, MessageBody, Text } from '../common.js';
import { PeopleFilterValues } from './people.js';
import { LessonAttempt } from '../attempts.js';
import { COMPLIANCE_LISTS, QUALIFICATION_STATUSES } from '../../staff/qualification.js';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
// Typed as the union of its values: a union built from an array is otherwise Static as never.
const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

export const QualificationStatusSchema = literals(QUALIFICATION_STATUSES);
export const ComplianceListSchema = literals(COMPLIANCE_LISTS);

/** The population: who is in a matrix, a list or an export (every part optional). */
export const ComplianceFilter = Type.Object(
  {
    /** Prefix of a name, login or employee id, any case. */
    search: Type.Optional(Text({ maxLength: 200 })),
    base: Type.Optional(Text({ maxLength: 100 })),
    fleet: Type.Optional(Text({ maxLength: 100 })),
    position: Type.Optional(Text({ maxLength: 100 })),
    restrictionGroup: Type.Optional(Text({ maxLength: 100 })),
    /** Only people with a cell of this status (in the chosen curricula, else in any). */
    status: Type.Optional(QualificationStatusSchema),
    /** The curricula (columns) shown, comma-separated keys; none: every curriculum. */
    curricula: Type.Optional(Type.String({ pattern: '^\\d{1,9}(,\\d{1,9}){0,99}$' })),
  },
  { additionalProperties: false },
);
export type ComplianceFilter = Static<typeof ComplianceFilter>;

export const MATRIX_SORTS = ['name', 'base', 'fleet', 'position', 'curriculum'] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];
export const MATRIX_PAGE_MAX = 200;

/** The matrix's query: the population, the sort (a curriculum column by its key) and the page. */
export const MatrixQuery = Type.Object(
  {
    ...ComplianceFilter.properties,
    sort: Type.Optional(literals(MATRIX_SORTS)),
    /** With sort=curriculum: the column sorted by (most urgent status first when ascending). */
    sortCurriculum: Type.Optional(Key),
    order: Type.Optional(literals(['asc', 'desc'] as const)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MATRIX_PAGE_MAX })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type MatrixQuery = Static<typeof MatrixQuery>;

/** One cell: the domain's qualificationCell, and the assignment it reads (null: not assigned). */
export const MatrixCell = Type.Object({
  curriculumKey: Type.Integer(),
  assignmentKey: Type.Union([Type.Integer(), Type.Null()]),
  status: QualificationStatusSchema,
  /** ms since the epoch; what the date means depends on the status (qualification.ts). */
  date: Type.Union([Type.Number(), Type.Null()]),
  days: Type.Union([Type.Integer(), Type.Null()]),
});
export type MatrixCell = Static<typeof MatrixCell>;

/** Who a row is. */
export const CompliancePerson = Type.Object({
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  employeeId: Type.String(),
  base: Type.String(),
  fleet: Type.String(),
  position: Type.String(),
  restrictionGroup: Type.String(),
});
export type CompliancePerson = Static<typeof CompliancePerson>;

export const MatrixRow = Type.Object({
  ...CompliancePerson.properties,
  /** One per column, in the columns' order. */
  cells: Type.Array(MatrixCell),
});
export type MatrixRow = Static<typeof MatrixRow>;

export const CurriculumColumn = Type.Object({ curriculumKey: Type.Integer(), name: Type.String() });
export type CurriculumColumn = Static<typeof CurriculumColumn>;

/** What every compliance view says beside its rows. */
const ViewFacts = {
  /** The "now" the statuses were worked out at (ms since the epoch). */
  asOf: Type.Number(),
  /** Assignments of the LMS whose standing is being recalculated (shown with their last value). */
  recalculating: Type.Integer(),
};

export const MatrixPage = Type.Object({
  ...ViewFacts,
  curricula: Type.Array(CurriculumColumn),
  rows: Type.Array(MatrixRow),
  total: Type.Integer(),
  filters: PeopleFilterValues,
});
export type MatrixPage = Static<typeof MatrixPage>;

/** Every column and the filters' values of the caller's scope, whatever a view filters. */
export const ComplianceFacts = Type.Object({
  curricula: Type.Array(CurriculumColumn),
  filters: PeopleFilterValues,
});
export type ComplianceFacts = Static<typeof ComplianceFacts>;

export const LIST_PAGE_MAX = 500;

export const ListQuery = Type.Object(
  {
    ...ComplianceFilter.properties,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_PAGE_MAX })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

/** One row of a list: a person and one of their curricula. */
export const ListRow = Type.Object({
  ...CompliancePerson.properties,
  curriculumKey: Type.Integer(),
  curriculumName: Type.String(),
  assignmentKey: Type.Integer(),
  status: QualificationStatusSchema,
  date: Type.Union([Type.Number(), Type.Null()]),
  days: Type.Union([Type.Integer(), Type.Null()]),
  /** The due date of the assignment (ms). */
  dueAt: Type.Number(),
});
export type ListRow = Static<typeof ListRow>;

export const ListPage = Type.Object({
  ...ViewFacts,
  list: ComplianceListSchema,
  rows: Type.Array(ListRow),
  total: Type.Integer(),
});
export type ListPage = Static<typeof ListPage>;

/** One lesson of a cell's attempt history. */
export const LessonHistory = Type.Object({
  lessonKey: Type.Integer(),
  courseName: Type.String(),
  topicName: Type.String(),
  lessonName: Type.String(),
  attempts: Type.Integer(),
  /** The outcome in words (OUTCOME_TEXT) and the score as every screen shows it ('' for none). */
  outcome: Type.String(),
  score: Type.String(),
  completedAt: Type.Union([Type.Number(), Type.Null()]),
  lastLaunchedAt: Type.Union([Type.Number(), Type.Null()]),
  totalTimeMs: Type.Number(),
  /** §4 play mode: a Browse lesson's attempts show no score. */
  playMode: Type.Integer(),
  /** Each attempt kept (migration 0027), first to last; an inspector's period keeps its own. */
  attemptRecords: Type.Array(LessonAttempt),
});
export type LessonHistory = Static<typeof LessonHistory>;

/** What a cell opens: the assignment and each lesson's attempts, and the assignment's events. */
export const CellHistory = Type.Object({
  asOf: Type.Number(),
  person: CompliancePerson,
  curriculum: CurriculumColumn,
  cell: MatrixCell,
  assignment: Type.Union([
    Type.Object({
      assignmentKey: Type.Integer(),
      assignedAt: Type.Number(),
      startDate: Type.Number(),
      dueAt: Type.Number(),
    }),
    Type.Null(),
  ]),
  lessons: Type.Array(LessonHistory),
  events: Type.Array(
    Type.Object({
      at: Type.String(),
      action: Type.String(),
      actor: Type.String(),
      summary: Type.String(),
    }),
  ),
});
export type CellHistory = Static<typeof CellHistory>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * An export: the matrix or a list as CSV or XLSX, or the training records of the population for
 * a period (one PDF per person and a CSV, in a zip).
 */
export const ExportRequest = Type.Object(
  {
    what: literals(['matrix', 'list', 'records'] as const),
    /** With what=list. */
    list: Type.Optional(ComplianceListSchema),
    format: literals(EXPORT_FORMATS),
    filter: ComplianceFilter,
    /** With what=records: the period, whole UTC days, both included. */
    from: Type.Optional(Type.String({ pattern: DATE })),
    to: Type.Optional(Type.String({ pattern: DATE })),
  },
  { additionalProperties: false },
);
export type ExportRequest = Static<typeof ExportRequest>;

/** A one-time download address, valid for a few minutes; the browser fetches it directly. */
export const ExportTicket = Type.Object({
  url: Type.String(),
  fileName: Type.String(),
  expiresAt: Type.Number(),
});
export type ExportTicket = Static<typeof ExportTicket>;

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

export const SubscriptionBody = Type.Object(
  {
    frequency: literals(SUBSCRIPTION_FREQUENCIES),
    expiringDays: Type.Union([Type.Literal(30), Type.Literal(60), Type.Literal(90)]),
  },
  { additionalProperties: false },
);
export type SubscriptionBody = Static<typeof SubscriptionBody>;

export const SubscriptionState = Type.Object({
  subscription: Type.Union([
    Type.Object({
      frequency: literals(SUBSCRIPTION_FREQUENCIES),
      expiringDays: Type.Integer(),
      createdAt: Type.Number(),
      /** Where the emails go. */
      email: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type SubscriptionState = Static<typeof SubscriptionState>;

export const UnsubscribeBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;

export const ComplianceSettings = Type.Object(
  {
    /** Reminders about an overdue curriculum copy the student's managers. */
    copyManagersOnOverdue: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ComplianceSettings = Static<typeof ComplianceSettings>;

/** Who an inspector link shows: a population (as the filter, without status) and a period. */
export const InspectorPopulation = Type.Object(
  {
    base: Type.Optional(Text({ maxLength: 100 })),
    fleet: Type.Optional(Text({ maxLength: 100 })),
    position: Type.Optional(Text({ maxLength: 100 })),
    restrictionGroup: Type.Optional(Text({ maxLength: 100 })),
    curricula: Type.Optional(Type.String({ pattern: '^\\d{1,9}(,\\d{1,9}){0,99}$' })),
  },
  { additionalProperties: false },
);
export type InspectorPopulation = Static<typeof InspectorPopulation>;

/** Longest an inspector link may stay open. */
export const INSPECTOR_LINK_MAX_DAYS = 90;

export const NewInspectorLink = Type.Object(
  {
    label: Text({ minLength: 1, maxLength: 200 }),
    population: InspectorPopulation,
    periodFrom: Type.String({ pattern: DATE }),
    periodTo: Type.String({ pattern: DATE }),
    /** Days the link stays open, 1 to INSPECTOR_LINK_MAX_DAYS. */
    validDays: Type.Integer({ minimum: 1, maximum: INSPECTOR_LINK_MAX_DAYS }),
  },
  { additionalProperties: false },
);
export type NewInspectorLink = Static<typeof NewInspectorLink>;

export const InspectorLinkRow = Type.Object({
  linkKey: Type.Integer(),
  label: Type.String(),
  population: InspectorPopulation,
  periodFrom: Type.String(),
  periodTo: Type.String(),
  createdAt: Type.Number(),
  createdBy: Type.String(),
  expiresAt: Type.Number(),
  revokedAt: Type.Union([Type.Number(), Type.Null()]),
  /** Pages viewed and files downloaded through it so far (from the audit log). */
  uses: Type.Integer(),
});
export type InspectorLinkRow = Static<typeof InspectorLinkRow>;

export const InspectorLinkList = Type.Object({ links: Type.Array(InspectorLinkRow) });
export type InspectorLinkList = Static<typeof InspectorLinkList>;

/** A link as made: its address is shown this once (only its hash is kept). */
export const CreatedInspectorLink = Type.Object({ link: InspectorLinkRow, url: Type.String() });
export type CreatedInspectorLink = Static<typeof CreatedInspectorLink>;

/** What an inspector sees first: whose records, which period, until when. */
export const InspectionInfo = Type.Object({
  lmsName: Type.String(),
  label: Type.String(),
  population: InspectorPopulation,
  periodFrom: Type.String(),
  periodTo: Type.String(),
  expiresAt: Type.Number(),
});
export type InspectionInfo = Static<typeof InspectionInfo>;

/** The inspector's matrix: the population's filters narrowed further (never widened). */
export const InspectionMatrixQuery = Type.Object(
  {
    search: Type.Optional(Text({ maxLength: 200 })),
    status: Type.Optional(QualificationStatusSchema),
    sort: Type.Optional(literals(MATRIX_SORTS)),
    sortCurriculum: Type.Optional(Key),
    order: Type.Optional(literals(['asc', 'desc'] as const)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MATRIX_PAGE_MAX })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type InspectionMatrixQuery = Static<typeof InspectionMatrixQuery>;

export const InspectionExportQuery = Type.Object(
  {
    what: literals(['matrix', 'records'] as const),
    format: literals(EXPORT_FORMATS),
  },
  { additionalProperties: false },
);
export type InspectionExportQuery = Static<typeof InspectionExportQuery>;

/** A query string of defined, non-empty fields in the object's order. */
export function complianceQueryString(query: object): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${enc(value as string | number)}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

const base = '/api/console/compliance';
const inspect = '/api/inspect';

/** The compliance calls. */
export const consoleComplianceCalls = {
  matrix: defineCall<MatrixPage>()({
    method: 'GET',
    route: `${base}/matrix`,
    path: (query: MatrixQuery = {}) => `${base}/matrix${complianceQueryString(query)}`,
  }),
  facts: defineCall<ComplianceFacts>()({
    method: 'GET',
    route: `${base}/facts`,
    path: () => `${base}/facts`,
  }),
  list: defineCall<ListPage>()({
    method: 'GET',
    route: `${base}/lists/:list`,
    path: (list: string, query: ListQuery = {}) =>
      `${base}/lists/${enc(list)}${complianceQueryString(query)}`,
  }),
  cell: defineCall<CellHistory>()({
    method: 'GET',
    route: `${base}/people/:userKey/curricula/:curriculumKey`,
    path: (userKey: number, curriculumKey: number) =>
      `${base}/people/${enc(userKey)}/curricula/${enc(curriculumKey)}`,
  }),
  prepareExport: defineCall<ExportTicket, ExportRequest>()({
    method: 'POST',
    route: `${base}/exports`,
    path: () => `${base}/exports`,
  }),
  /** The file of a ticket; the ticket is the credential (one use, minutes long). */
  // Outside /api/console: no console session comes with a browser's download (the guarded
  // console prefix is for session calls only).
  download: defineCall<string>()({
    method: 'GET',
    route: '/api/compliance/downloads/:ticket',
    path: (ticket: string) => `/api/compliance/downloads/${enc(ticket)}`,
    responseType: 'text',
  }),
  subscription: defineCall<SubscriptionState>()({
    method: 'GET',
    route: `${base}/subscription`,
    path: () => `${base}/subscription`,
  }),
  subscribe: defineCall<SubscriptionState, SubscriptionBody>()({
    method: 'PUT',
    route: `${base}/subscription`,
    path: () => `${base}/subscription`,
  }),
  unsubscribe: defineCall<SubscriptionState>()({
    method: 'DELETE',
    route: `${base}/subscription`,
    path: () => `${base}/subscription`,
  }),
  /** The unsubscribe link of an email (no session: the token is the credential). */
  unsubscribeByToken: defineCall<MessageBody, UnsubscribeBody>()({
    method: 'POST',
    route: '/api/compliance/unsubscribe',
    path: () => '/api/compliance/unsubscribe',
  }),
  settings: defineCall<ComplianceSettings>()({
    method: 'GET',
    route: `${base}/settings`,
    path: () => `${base}/settings`,
  }),
  updateSettings: defineCall<ComplianceSettings, ComplianceSettings>()({
    method: 'PUT',
    route: `${base}/settings`,
    path: () => `${base}/settings`,
  }),
  inspectorLinks: defineCall<InspectorLinkList>()({
    method: 'GET',
    route: `${base}/inspector-links`,
    path: () => `${base}/inspector-links`,
  }),
  createInspectorLink: defineCall<CreatedInspectorLink, NewInspectorLink>()({
    method: 'POST',
    route: `${base}/inspector-links`,
    path: () => `${base}/inspector-links`,
  }),
  revokeInspectorLink: defineCall<InspectorLinkRow>()({
    method: 'POST',
    route: `${base}/inspector-links/:linkKey/revoke`,
    path: (linkKey: number) => `${base}/inspector-links/${enc(linkKey)}/revoke`,
  }),
  inspection: defineCall<InspectionInfo>()({
    method: 'GET',
    route: `${inspect}/:token`,
    path: (token: string) => `${inspect}/${enc(token)}`,
  }),
  inspectionMatrix: defineCall<MatrixPage>()({
    method: 'GET',
    route: `${inspect}/:token/matrix`,
    path: (token: string, query: InspectionMatrixQuery = {}) =>
      `${inspect}/${enc(token)}/matrix${complianceQueryString(query)}`,
  }),
  inspectionCell: defineCall<CellHistory>()({
    method: 'GET',
    route: `${inspect}/:token/people/:userKey/curricula/:curriculumKey`,
    path: (token: string, userKey: number, curriculumKey: number) =>
      `${inspect}/${enc(token)}/people/${enc(userKey)}/curricula/${enc(curriculumKey)}`,
  }),
  /** A file of the inspection, streamed; a plain link (the token is the credential). */
  inspectionExport: defineCall<string>()({
    method: 'GET',
    route: `${inspect}/:token/export`,
    path: (token: string, query: InspectionExportQuery) =>
      `${inspect}/${enc(token)}/export${complianceQueryString(query)}`,
    responseType: 'text',
  }),
};

const TokenParam = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});

/** Route schemas of the compliance calls. */
export const consoleComplianceSchemas = {
  matrix: {
    summary: 'The qualification matrix: people in scope x curricula, filtered, sorted, paged',
    querystring: MatrixQuery,
    response: { 200: MatrixPage, ...errorResponses(400, 401, 403) },
  },
  facts: {
    summary: "Every assigned curriculum and the filters' values of the caller's scope",
    response: { 200: ComplianceFacts, ...errorResponses(401, 403) },
  },
  list: {
    summary: 'A daily list: overdue, expiring within 30/60/90 days, never started, failed',
    params: Type.Object({ list: ComplianceListSchema }),
    querystring: ListQuery,
    response: { 200: ListPage, ...errorResponses(400, 401, 403) },
  },
  cell: {
    summary:
      "A person's standing in one curriculum: the assignment, each lesson's attempts, events",
    params: Type.Object({ userKey: Key, curriculumKey: Key }),
    response: { 200: CellHistory, ...errorResponses(400, 401, 403, 404) },
  },
  prepareExport: {
    summary: 'A one-time download address for an export of the matrix, a list or records',
    body: ExportRequest,
    response: { 200: ExportTicket, ...errorResponses(400, 401, 403) },
  },
  download: {
    summary: 'The file of an export ticket (CSV, XLSX or zip), streamed',
    params: Type.Object({ ticket: TokenParam.properties.token }),
  },
  subscription: {
    summary: "The caller's scheduled report subscription",
    response: { 200: SubscriptionState, ...errorResponses(401, 403) },
  },
  subscribe: {
    summary: 'Subscribe to (or change) the scheduled overdue-and-expiring email',
    body: SubscriptionBody,
    response: { 200: SubscriptionState, ...errorResponses(400, 401, 403) },
  },
  unsubscribe: {
    summary: 'End the scheduled report subscription',
    response: { 200: SubscriptionState, ...errorResponses(401, 403) },
  },
  unsubscribeByToken: {
    summary: "An email's unsubscribe link",
    body: UnsubscribeBody,
    response: { 200: MessageBody, ...errorResponses(400, 404, 429) },
  },
  settings: {
    summary: 'Compliance settings of the LMS',
    response: { 200: ComplianceSettings, ...errorResponses(401, 403) },
  },
  updateSettings: {
    summary: 'Change the compliance settings of the LMS',
    body: ComplianceSettings,
    response: { 200: ComplianceSettings, ...errorResponses(400, 401, 403) },
  },
  inspectorLinks: {
    summary: 'The inspector links of the LMS',
    response: { 200: InspectorLinkList, ...errorResponses(401, 403) },
  },
  createInspectorLink: {
    summary: 'Make an inspector link (its address is answered once)',
    body: NewInspectorLink,
    response: { 200: CreatedInspectorLink, ...errorResponses(400, 401, 403) },
  },
  revokeInspectorLink: {
    summary: 'Revoke an inspector link',
    params: Type.Object({ linkKey: Key }),
    response: { 200: InspectorLinkRow, ...errorResponses(400, 401, 403, 404) },
  },
  inspection: {
    summary: "An inspector link's scope",
    params: TokenParam,
    response: { 200: InspectionInfo, ...errorResponses(400, 404, 429) },
  },
  inspectionMatrix: {
    summary: "The inspector's matrix",
    params: TokenParam,
    querystring: InspectionMatrixQuery,
    response: { 200: MatrixPage, ...errorResponses(400, 404, 429) },
  },
  inspectionCell: {
    summary: "The inspector's view of one cell",
    params: Type.Object({ ...TokenParam.properties, userKey: Key, curriculumKey: Key }),
    response: { 200: CellHistory, ...errorResponses(400, 404, 429) },
  },
  inspectionExport: {
    summary: "A file of the inspector's scope (CSV, XLSX, or the records zip), streamed",
    params: TokenParam,
    querystring: InspectionExportQuery,
  },
} satisfies Record<keyof typeof consoleComplianceCalls, object>;
