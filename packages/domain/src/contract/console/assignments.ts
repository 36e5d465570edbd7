/**
 * The staff console's assignment calls (docs/decisions/0021): assign curricula to people, in bulk
 * and in one action; unassign (progress is kept and comes back on reassigning); rules that assign
 * a curriculum to everyone matching a base, fleet, position or restriction group, now and when
 * people join or change later; and the tables of a person's or a curriculum's assignments. Every
 * call sees only the people within the staff member's scope (their restriction groups).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, Text } from '../common.js';

/** A YYYY-MM-DD day (UTC); whether it is a real date is the service's check, with its message. */
const Day = Text({ maxLength: 10 });

/** When the assignments start and how long they run (§4 Expiry): a duration or a due day, or neither (open). */
const TermFields = {
  /** The first day (default: now). */
  startDate: Type.Optional(Day),
  /** Days from the start; or give dueDate; neither: the spec's default duration ('Open'). */
  durationDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
  /** Due at the end of this day (UTC). */
  dueDate: Type.Optional(Day),
};

/** Who a rule matches: any combination; a criterion left out matches any value. */
const CriteriaFields = {
  base: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
  fleet: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
  position: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
  restrictionGroup: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
};

/** POST /api/console/assignments: these curricula to these people, as one action. */
export const AssignBody = Type.Object(
  {
    curriculumKeys: Type.Array(Key, { minItems: 1, maxItems: 100, uniqueItems: true }),
    userKeys: Type.Array(Key, { minItems: 1, maxItems: 20_000, uniqueItems: true }),
    ...TermFields,
  },
  { additionalProperties: false },
);
export type AssignBody = Static<typeof AssignBody>;

/** What an assignment did, person by curriculum. */
export const AssignResult = Type.Object({
  /** New assignments. */
  assigned: Type.Integer(),
  /** Assignments removed earlier and given back (with the student's progress). */
  reassigned: Type.Integer(),
  /** Assignments held already whose dates changed. */
  changed: Type.Integer(),
  /** Assignments held already with these dates: nothing to do. */
  unchanged: Type.Integer(),
  people: Type.Integer(),
  curricula: Type.Integer(),
});
export type AssignResult = Static<typeof AssignResult>;

/** POST /api/console/assignments/unassign: these curricula from these people. */
export const UnassignBody = Type.Object(
  {
    curriculumKeys: Type.Array(Key, { minItems: 1, maxItems: 100, uniqueItems: true }),
    userKeys: Type.Array(Key, { minItems: 1, maxItems: 20_000, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type UnassignBody = Static<typeof UnassignBody>;

export const UnassignResult = Type.Object({
  /** Assignments removed (their progress is kept). */
  unassigned: Type.Integer(),
  /** Pairs that had no assignment to remove. */
  notAssigned: Type.Integer(),
});
export type UnassignResult = Static<typeof UnassignResult>;

/** One assignment as the console's tables show it. Dates are ms since the epoch. */
export const ConsoleAssignment = Type.Object({
  assignmentKey: Type.Integer(),
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  base: Type.String(),
  fleet: Type.String(),
  position: Type.String(),
  curriculumKey: Type.Integer(),
  curriculumName: Type.String(),
  assignedAt: Type.Number(),
  startDate: Type.Number(),
  /** Start plus duration (§4); 'Open' when 100 years or more ahead (§9). */
  dueDate: Type.Number(),
  /** Due is not after now (§4 Expiry and launchability). */
  expired: Type.Boolean(),
  /** The rule that made it, if one did. */
  ruleKey: Type.Union([Type.Integer(), Type.Null()]),
});
export type ConsoleAssignment = Static<typeof ConsoleAssignment>;

/** A person as the assignment screens list them. */
export const AssignablePerson = Type.Object({
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  employeeID: Type.String(),
  base: Type.String(),
  fleet: Type.String(),
  position: Type.String(),
  restrictionGroup: Type.String(),
});
export type AssignablePerson = Static<typeof AssignablePerson>;

/** GET /api/console/assignments/person/:userKey. */
export const PersonAssignments = Type.Object({
  person: AssignablePerson,
  assignments: Type.Array(ConsoleAssignment),
});
export type PersonAssignments = Static<typeof PersonAssignments>;

/** A curriculum the console can assign. */
export const AssignableCurriculum = Type.Object({
  curriculumKey: Type.Integer(),
  name: Type.String(),
  /** Assigned (not removed) to this many people within the staff member's scope. */
  assignedCount: Type.Integer(),
});
export type AssignableCurriculum = Static<typeof AssignableCurriculum>;

/** GET /api/console/assignments/curriculum/:curriculumKey. */
export const CurriculumAssignments = Type.Object({
  curriculum: AssignableCurriculum,
  assignments: Type.Array(ConsoleAssignment),
});
export type CurriculumAssignments = Static<typeof CurriculumAssignments>;

/** GET /api/console/assignments/people: who matches a search and criteria (the live count). */
export const AssigneeQuery = Type.Object(
  {
    search: Type.Optional(Text({ maxLength: 100 })),
    ...CriteriaFields,
    limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type AssigneeQuery = Static<typeof AssigneeQuery>;

export const MatchingPeople = Type.Object({
  /** Everyone matching, within scope. */
  total: Type.Integer(),
  /** The first `limit` of them (default 50), by name. */
  people: Type.Array(AssignablePerson),
});
export type MatchingPeople = Static<typeof MatchingPeople>;

/** GET /api/console/assignments/criteria: the values a rule can match, within scope. */
export const AssignmentCriteria = Type.Object({
  bases: Type.Array(Type.String()),
  fleets: Type.Array(Type.String()),
  positions: Type.Array(Type.String()),
  restrictionGroups: Type.Array(Type.String()),
});
export type AssignmentCriteria = Static<typeof AssignmentCriteria>;

/** POST /api/console/assignment-rules: a curriculum for everyone matching, now and later. */
export const RuleBody = Type.Object(
  { curriculumKey: Key, ...CriteriaFields, ...TermFields },
  { additionalProperties: false },
);
export type RuleBody = Static<typeof RuleBody>;

/** A rule as the console lists it. Dates are ms since the epoch. */
export const AssignmentRule = Type.Object({
  ruleKey: Type.Integer(),
  curriculumKey: Type.Integer(),
  curriculumName: Type.String(),
  base: Type.Union([Type.String(), Type.Null()]),
  fleet: Type.Union([Type.String(), Type.Null()]),
  position: Type.Union([Type.String(), Type.Null()]),
  restrictionGroup: Type.Union([Type.String(), Type.Null()]),
  /** The restriction groups it is limited to (its maker's scope); empty = the whole LMS. */
  scopeGroups: Type.Array(Type.String()),
  /** A fixed start; null: each person's assignment starts when they are assigned. */
  startDate: Type.Union([Type.Number(), Type.Null()]),
  durationDays: Type.Union([Type.Number(), Type.Null()]),
  /** Due at the end of this day; null: start plus duration. */
  dueDate: Type.Union([Type.Number(), Type.Null()]),
  /** Neither a duration nor a due date: the spec's default duration ('Open'). */
  open: Type.Boolean(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
  endedAt: Type.Union([Type.Number(), Type.Null()]),
  /** Assignments it made that are still held. */
  assignedCount: Type.Integer(),
});
export type AssignmentRule = Static<typeof AssignmentRule>;

/** The answer to a new rule: the rule and who it assigned at once. */
export const RuleCreated = Type.Object({ rule: AssignmentRule, result: AssignResult });
export type RuleCreated = Static<typeof RuleCreated>;

export const RuleList = Type.Object({ rules: Type.Array(AssignmentRule) });
export type RuleList = Static<typeof RuleList>;

export const AssignmentRulesQuery = Type.Object(
  { ended: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type AssignmentRulesQuery = Static<typeof AssignmentRulesQuery>;

export const CurriculumList = Type.Object({ curricula: Type.Array(AssignableCurriculum) });
export type CurriculumList = Static<typeof CurriculumList>;

const UserPath = Type.Object({ userKey: Key });
const CurriculumPath = Type.Object({ curriculumKey: Key });
const RulePath = Type.Object({ ruleKey: Key });

const query = (values: Record<string, string | number | boolean | undefined>): string => {
  const pairs = Object.entries(values).filter(([, value]) => value !== undefined && value !== '');
  return pairs.length === 0
    ? ''
    : `?${pairs.map(([name, value]) => `${name}=${enc(value!)}`).join('&')}`;
};

/** The console's assignment calls. */
export const consoleAssignmentCalls = {
  assign: defineCall<AssignResult, AssignBody>()({
    method: 'POST',
    route: '/api/console/assignments',
    path: () => '/api/console/assignments',
  }),
  unassign: defineCall<UnassignResult, UnassignBody>()({
    method: 'POST',
    route: '/api/console/assignments/unassign',
    path: () => '/api/console/assignments/unassign',
  }),
  ofPerson: defineCall<PersonAssignments>()({
    method: 'GET',
    route: '/api/console/assignments/person/:userKey',
    path: (userKey: number) => `/api/console/assignments/person/${enc(userKey)}`,
  }),
  ofCurriculum: defineCall<CurriculumAssignments>()({
    method: 'GET',
    route: '/api/console/assignments/curriculum/:curriculumKey',
    path: (curriculumKey: number) => `/api/console/assignments/curriculum/${enc(curriculumKey)}`,
  }),
  curricula: defineCall<CurriculumList>()({
    method: 'GET',
    route: '/api/console/assignments/curricula',
    path: () => '/api/console/assignments/curricula',
  }),
  people: defineCall<MatchingPeople>()({
    method: 'GET',
    route: '/api/console/assignments/people',
    path: (filter: AssigneeQuery = {}) => `/api/console/assignments/people${query(filter)}`,
  }),
  criteria: defineCall<AssignmentCriteria>()({
    method: 'GET',
    route: '/api/console/assignments/criteria',
    path: () => '/api/console/assignments/criteria',
  }),
  rules: defineCall<RuleList>()({
    method: 'GET',
    route: '/api/console/assignment-rules',
    path: (filter: AssignmentRulesQuery = {}) => `/api/console/assignment-rules${query(filter)}`,
  }),
  createRule: defineCall<RuleCreated, RuleBody>()({
    method: 'POST',
    route: '/api/console/assignment-rules',
    path: () => '/api/console/assignment-rules',
  }),
  endRule: defineCall<AssignmentRule>()({
    method: 'DELETE',
    route: '/api/console/assignment-rules/:ruleKey',
    path: (ruleKey: number) => `/api/console/assignment-rules/${enc(ruleKey)}`,
  }),
};

const errors = errorResponses(400, 401, 403, 404);

/** Route schemas of the console's assignment calls. */
export const consoleAssignmentSchemas = {
  assign: {
    summary: 'Assign curricula to people (one action; held already: the dates change)',
    body: AssignBody,
    response: { 200: AssignResult, ...errors },
  },
  unassign: {
    summary: 'Unassign curricula from people (their progress is kept)',
    body: UnassignBody,
    response: { 200: UnassignResult, ...errors },
  },
  ofPerson: {
    summary: "A person's assignments",
    params: UserPath,
    response: { 200: PersonAssignments, ...errors },
  },
  ofCurriculum: {
    summary: "A curriculum's assignments, within scope",
    params: CurriculumPath,
    response: { 200: CurriculumAssignments, ...errors },
  },
  curricula: {
    summary: 'The curricula that can be assigned, with how many people in scope hold each',
    response: { 200: CurriculumList, ...errors },
  },
  people: {
    summary: 'The people within scope matching a search and criteria, and how many they are',
    querystring: AssigneeQuery,
    response: { 200: MatchingPeople, ...errors },
  },
  criteria: {
    summary: 'The bases, fleets, positions and restriction groups of the students within scope',
    response: { 200: AssignmentCriteria, ...errors },
  },
  rules: {
    summary: 'The assignment rules within scope (ended ones with ended=true)',
    querystring: AssignmentRulesQuery,
    response: { 200: RuleList, ...errors },
  },
  createRule: {
    summary: 'Make an assignment rule; everyone matching now is assigned at once',
    body: RuleBody,
    response: { 200: RuleCreated, ...errors },
  },
  endRule: {
    summary: 'End an assignment rule (what it assigned stays assigned)',
    params: RulePath,
    response: { 200: AssignmentRule, ...errors },
  },
};
