/**
 * The staff console's roles and staff calls (docs/decisions/0021): the roles of the LMS (built-in
 * and made, as sets of §3 Permissions flags) and who holds them, with the restriction groups that
 * scope them.
 */
import { Type, type Static } from 'typebox';
import { PERMISSION_FLAGS } from '../../staff/permissions.js';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, MessageBody, Text } from '../common.js';
import { StaffRoleSummary } from './session.js';

const strict = { additionalProperties: false } as const;

/** Every §3 Permissions flag a role grants or not. */
export const RoleFlags = Type.Object(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, Type.Boolean()])) as Record<
    (typeof PERMISSION_FLAGS)[number],
    ReturnType<typeof Type.Boolean>
  >,
);
export type RoleFlags = Static<typeof RoleFlags>;

/** The flags of a role being made or changed: any flag left out is not granted. */
export const RoleFlagsBody = Type.Object(
  Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, Type.Optional(Type.Boolean())]),
  ) as Record<
    (typeof PERMISSION_FLAGS)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.Boolean>>>
  >,
  strict,
);
export type RoleFlagsBody = Static<typeof RoleFlagsBody>;

/** A role of the LMS as the roles page shows it. */
export const StaffRole = Type.Object({
  roleKey: Type.Integer(),
  name: Type.String(),
  /** The built-in role's id (administrator, training-manager, instructor, auditor); null = made. */
  builtIn: Type.Union([Type.String(), Type.Null()]),
  permissions: RoleFlags,
  /** How many staff members hold it. */
  holders: Type.Integer(),
});
export type StaffRole = Static<typeof StaffRole>;

export const StaffRoleList = Type.Object({ roles: Type.Array(StaffRole) });
export type StaffRoleList = Static<typeof StaffRoleList>;

/** POST and PUT body of a made role: its name (unique in the LMS) and flags. */
export const RoleBody = Type.Object(
  { name: Text({ minLength: 1, maxLength: 100 }), permissions: RoleFlagsBody },
  strict,
);
export type RoleBody = Static<typeof RoleBody>;

export const RolePath = Type.Object({ roleKey: Key });
export const StaffPath = Type.Object({ userKey: Key });

/** A staff member: who, their role and scope. */
export const StaffMember = Type.Object({
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  email: Type.String(),
  role: StaffRoleSummary,
  /** The restriction groups whose students they see; empty = the whole LMS (§3). */
  restrictionGroups: Type.Array(Type.String()),
  /** When they last signed in (the panel or the console), ISO 8601; null = never. */
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
});
export type StaffMember = Static<typeof StaffMember>;

export const StaffList = Type.Object({ staff: Type.Array(StaffMember) });
export type StaffList = Static<typeof StaffList>;

/** PUT body: make a person staff, or change their role and scope. */
export const StaffBody = Type.Object(
  {
    roleKey: Key,
    /** Trimmed; blanks and repeats dropped; at most 50, each at most 100 characters. */
    restrictionGroups: Type.Array(Text({ maxLength: 1000 }), { maxItems: 200 }),
  },
  strict,
);
export type StaffBody = Static<typeof StaffBody>;

/** A person who could be made staff, as the "make staff" search finds them. */
export const StaffCandidate = Type.Object({
  userKey: Type.Integer(),
  userID: Type.String(),
  displayName: Type.String(),
  email: Type.String(),
  restrictionGroup: Type.String(),
  /** The role they hold already, if any. */
  roleName: Type.Union([Type.String(), Type.Null()]),
});
export type StaffCandidate = Static<typeof StaffCandidate>;

export const StaffCandidateList = Type.Object({ people: Type.Array(StaffCandidate) });
export type StaffCandidateList = Static<typeof StaffCandidateList>;

export const StaffCandidateQuery = Type.Object(
  { q: Text({ minLength: 1, maxLength: 100 }) },
  strict,
);

/** The console's roles and staff calls. */
export const consoleStaffCalls = {
  roles: defineCall<StaffRoleList>()({
    method: 'GET',
    route: '/api/console/roles',
    path: () => '/api/console/roles',
  }),
  createRole: defineCall<StaffRole, RoleBody>()({
    method: 'POST',
    route: '/api/console/roles',
    path: () => '/api/console/roles',
  }),
  updateRole: defineCall<StaffRole, RoleBody>()({
    method: 'PUT',
    route: '/api/console/roles/:roleKey',
    path: (roleKey: number) => `/api/console/roles/${enc(roleKey)}`,
  }),
  deleteRole: defineCall<MessageBody>()({
    method: 'DELETE',
    route: '/api/console/roles/:roleKey',
    path: (roleKey: number) => `/api/console/roles/${enc(roleKey)}`,
  }),
  staff: defineCall<StaffList>()({
    method: 'GET',
    route: '/api/console/staff',
    path: () => '/api/console/staff',
  }),
  candidates: defineCall<StaffCandidateList>()({
    method: 'GET',
    route: '/api/console/staff/candidates',
    path: (q: string) => `/api/console/staff/candidates?q=${enc(q)}`,
  }),
  setStaff: defineCall<StaffMember, StaffBody>()({
    method: 'PUT',
    route: '/api/console/staff/:userKey',
    path: (userKey: number) => `/api/console/staff/${enc(userKey)}`,
  }),
  removeStaff: defineCall<MessageBody>()({
    method: 'DELETE',
    route: '/api/console/staff/:userKey',
    path: (userKey: number) => `/api/console/staff/${enc(userKey)}`,
  }),
};

/** Route schemas of the console's roles and staff calls. */
export const consoleStaffSchemas = {
  roles: {
    summary: 'The roles of the LMS, built-in and made, with their flags and holders',
    response: { 200: StaffRoleList, ...errorResponses(401, 403) },
  },
  createRole: {
    summary: 'Make a role (name and §3 Permissions flags)',
    body: RoleBody,
    response: { 201: StaffRole, ...errorResponses(400, 401, 403, 409) },
  },
  updateRole: {
    summary: 'Change a made role (built-in roles are read-only)',
    params: RolePath,
    body: RoleBody,
    response: { 200: StaffRole, ...errorResponses(400, 401, 403, 404, 409) },
  },
  deleteRole: {
    summary: 'Delete a made role nobody holds',
    params: RolePath,
    response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
  },
  staff: {
    summary: 'The staff of the LMS with their roles and scope',
    response: { 200: StaffList, ...errorResponses(401, 403) },
  },
  candidates: {
    summary: 'People of the LMS (within scope) whose login, name or email contains the text',
    querystring: StaffCandidateQuery,
    response: { 200: StaffCandidateList, ...errorResponses(400, 401, 403) },
  },
  setStaff: {
    summary: 'Make a person staff, or change their role and restriction groups',
    params: StaffPath,
    body: StaffBody,
    response: { 200: StaffMember, ...errorResponses(400, 401, 403, 404, 409) },
  },
  removeStaff: {
    summary: 'Take the staff role away (their sessions end)',
    params: StaffPath,
    response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
  },
} satisfies Record<keyof typeof consoleStaffCalls, object>;
