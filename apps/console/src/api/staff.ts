/** The roles and staff calls (@waypoint/domain/contract consoleStaffCalls), one function each. */
import { useQuery } from '@tanstack/react-query';
import {
  consoleStaffCalls,
  type RoleBody,
  type StaffBody,
} from '@waypoint/domain/console-contract';
import { send } from './client';
import { queryKeys } from './query-keys';

export type {
  RoleBody,
  RoleFlags,
  StaffBody,
  StaffCandidate,
  StaffMember,
  StaffRole,
  StaffRoleList,
} from '@waypoint/domain/console-contract';

export const getRoles = () => send(consoleStaffCalls.roles, []);
export const createRole = (body: RoleBody) => send(consoleStaffCalls.createRole, [], { body });
export const updateRole = (roleKey: number, body: RoleBody) =>
  send(consoleStaffCalls.updateRole, [roleKey], { body });
export const deleteRole = (roleKey: number) => send(consoleStaffCalls.deleteRole, [roleKey]);

export const getStaff = () => send(consoleStaffCalls.staff, []);
export const findCandidates = (text: string) => send(consoleStaffCalls.candidates, [text]);
export const setStaff = (userKey: number, body: StaffBody) =>
  send(consoleStaffCalls.setStaff, [userKey], { body });
export const removeStaff = (userKey: number) => send(consoleStaffCalls.removeStaff, [userKey]);

/** The roles of the LMS with their flags and holders. */
export const useRoles = () => useQuery({ queryKey: queryKeys.staff.roles(), queryFn: getRoles });

/** The staff of the LMS. */
export const useStaffList = () =>
  useQuery({ queryKey: queryKeys.staff.members(), queryFn: getStaff });
