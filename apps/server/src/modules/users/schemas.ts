import { Type } from 'typebox';
import { PERMISSION_FLAGS } from './presenter.js';

/** Response schemas shared by the sign-in routes (spec §3 names). */

/** The platform's error body. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

/** Error responses for the codes sign-in routes answer. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody]));

/** A short success message body. */
export const MessageBody = Type.Object({ statusCode: Type.Integer(), message: Type.String() });

/** Spec §3 User details. */
export const UserDetailsBody = Type.Object({
  lmsKey: Type.Integer(),
  userType: Type.Integer(),
  employeeID: Type.String(),
  base: Type.String(),
  position: Type.String(),
  fleet: Type.String(),
  restrictionGroup: Type.String(),
  userKey: Type.Integer(),
  userID: Type.String(),
  email: Type.String(),
  nameCollated: Type.String(),
  nameOther: Type.String(),
  displayName: Type.String(),
  sessionID: Type.String(),
  mfaID: Type.Union([Type.String(), Type.Null()]),
  rememberDeviceTime: Type.Union([Type.Number(), Type.Null()]),
  phone: Type.String(),
  inactive: Type.Integer(),
  isStudent: Type.Boolean(),
});

/** Spec §3 Permissions. */
export const PermissionsBody = Type.Object({
  name: Type.String(),
  lmsKey: Type.Integer(),
  userType: Type.Integer(),
  restrictionGroups: Type.Array(Type.String()),
  peerLevel: Type.Integer(),
  isAdmin: Type.Boolean(),
  isStudent: Type.Boolean(),
  ...Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, Type.Boolean()])),
});
