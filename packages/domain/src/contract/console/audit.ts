/**
 * The staff console's audit log (docs/decisions/0021): every staff action and every operator
 * command that changes something, newest first, filtered and paged by key (never by offset, so a
 * page stays the same while new events arrive), and the same view as CSV.
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Text } from '../common.js';

/** One event of the audit log. */
export const AuditEvent = Type.Object({
  eventKey: Type.Integer(),
  /** When, ISO 8601. */
  at: Type.String(),
  actor: Type.Object({
    /** The staff member's user key; null for the operator. */
    userKey: Type.Union([Type.Integer(), Type.Null()]),
    /** Their login, or 'operator'. */
    label: Type.String(),
  }),
  clientAddress: Type.String(),
  /** Dotted, area first: 'staff.role.create', 'operator.add-user'. */
  action: Type.String(),
  targetType: Type.String(),
  targetKey: Type.String(),
  summary: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditEvent = Static<typeof AuditEvent>;

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/** The filters of the log and its CSV (all optional; dates are whole UTC days, both included). */
export const AuditFilter = Type.Object(
  {
    /** The actor's login or 'operator' (case-insensitive, whole). */
    actor: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
    /** Actions starting with this ('people.', 'staff.role'). */
    action: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
    targetType: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
    targetKey: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
    from: Type.Optional(Type.String({ pattern: DATE })),
    to: Type.Optional(Type.String({ pattern: DATE })),
    /** Text within the summary (case-insensitive). */
    q: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AuditFilter = Static<typeof AuditFilter>;

/** The log's query: the filters, and where the page starts. */
export const AuditQuery = Type.Object(
  {
    ...AuditFilter.properties,
    /** The next page: events older than this key (the previous page's `next`). */
    before: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

/** One page of the log, newest first. */
export const AuditPage = Type.Object({
  events: Type.Array(AuditEvent),
  /** The `before` of the next page; null when this is the last. */
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPage>;

/** The query string of a filter (and page), fields in a fixed order, empty ones left out. */
export function auditQueryString(query: AuditQuery): string {
  const keys = ['actor', 'action', 'targetType', 'targetKey', 'from', 'to', 'q', 'before', 'limit'];
  const parts = keys
    .map((key) => [key, (query as Record<string, string | number | undefined>)[key]] as const)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${enc(value!)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The console's audit calls. */
export const consoleAuditCalls = {
  events: defineCall<AuditPage>()({
    method: 'GET',
    route: '/api/console/audit',
    path: (query: AuditQuery = {}) => `/api/console/audit${auditQueryString(query)}`,
  }),
  /** The filtered log as CSV (UTF-8 with BOM), newest first; a download. */
  exportCsv: defineCall<string>()({
    method: 'GET',
    route: '/api/console/audit/export',
    path: (filter: AuditFilter = {}) => `/api/console/audit/export${auditQueryString(filter)}`,
    responseType: 'text',
  }),
};

/** Route schemas of the console's audit calls. */
export const consoleAuditSchemas = {
  events: {
    summary: 'The audit log of the LMS, filtered, newest first, paged by event key',
    querystring: AuditQuery,
    response: { 200: AuditPage, ...errorResponses(400, 401, 403) },
  },
  exportCsv: {
    summary: 'The filtered audit log as CSV',
    querystring: AuditFilter,
  },
} satisfies Record<keyof typeof consoleAuditCalls, object>;
