/**
 * The password calls of spec §7: the reset email, the set-password link check and submission
 * (§4 Set-password), and the signed-in change of password.
 */
import { Type, type Static } from 'typebox';
import { EMAIL_MAX_LENGTH } from '../constants.js';
import { defineCall, enc } from './define.js';
import { ErrorBody, Key, MessageBody, Text, EncodedText } from './common.js';

/** Longest password the rules accept (§5); request fields are capped well above it. */
export const PASSWORD_MAX_LENGTH = 128;

// Raw header cap: the encoded twin of a 1024-character value at 12 characters per character.
const NEW_PASSWORD_HEADER_MAX = 1024 * 12;

/**
 * A password-rule message as set-password answers them, one per broken rule (§5). The same shape
 * as MessageBody, under the name the panel reads it by.
 */
export type ServerMessage = MessageBody;

/** Set-password's 400: every broken rule, one message each. */
export const RuleMessages = Type.Array(MessageBody);

/** Change-password's 400: the first broken rule, and all of them. */
export const RulesBody = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  messages: Type.Array(Type.String()),
});
export type RulesBody = Static<typeof RulesBody>;

/** The {address} of VALIDATE_EMAIL; the rules give the precise format and length messages. */
export const ResetEmailPath = Type.Object({ address: Text({ maxLength: 1000 }) });

/** VALIDATE_EMAIL's query: fromStudentpanel (§7) and the LMS code when no host names one. */
export const ResetEmailQuery = Type.Object({
  fromStudentpanel: Type.Optional(Text({ maxLength: 10 })),
  lms: Type.Optional(Text({ maxLength: 63 })),
});

/** The {token}/{email} of a set-password link, capped well above any real value. */
export const TokenPath = Type.Object({
  token: Text({ minLength: 1, maxLength: 100 }),
  email: Text({ minLength: 1, maxLength: EMAIL_MAX_LENGTH * 3 }),
});
export type TokenPath = Static<typeof TokenPath>;

/** The headers of set-password (§7): the encoded twin carries what is not Latin-1. */
export const NewPasswordHeaders = Type.Object({
  newpassword: Type.Optional(Text({ maxLength: NEW_PASSWORD_HEADER_MAX })),
  newpasswordencoded: Type.Optional(EncodedText({ maxLength: NEW_PASSWORD_HEADER_MAX })),
});

/** The {userKey}/{oldPassword} of change password: the spec puts the old password in the path. */
export const ChangePasswordPath = Type.Object({
  userKey: Key,
  oldPassword: Text({ maxLength: 1024 }),
});
export type ChangePasswordPath = Static<typeof ChangePasswordPath>;

/** Change password's body (§3 Password change payload): the panel sends the user plus password. */
export const ChangePasswordBody = Type.Object({
  password: Text({ maxLength: PASSWORD_MAX_LENGTH * 8 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The password calls of §7. */
export const passwordCalls = {
  /** GET /api/PasswordReset/VALIDATE_EMAIL/{address}?fromStudentpanel=true: the reset email. */
  resetEmail: defineCall<MessageBody>()({
    method: 'GET',
    route: '/api/PasswordReset/VALIDATE_EMAIL/:address',
    path: (address: string) =>
      `/api/PasswordReset/VALIDATE_EMAIL/${enc(address)}?fromStudentpanel=true`,
  }),
  /** GET /api/PasswordReset/VALIDATE_TOKEN/{token}/{email}: 200 with the text '200' when valid. */
  resetToken: defineCall<string>()({
    method: 'GET',
    route: '/api/PasswordReset/VALIDATE_TOKEN/:token/:email',
    path: (token: string, email: string) =>
      `/api/PasswordReset/VALIDATE_TOKEN/${enc(token)}/${enc(email)}`,
    responseType: 'text',
  }),
  /** PUT /api/PasswordReset/{token}/{email}: the new password in headers. */
  setPassword: defineCall<MessageBody>()({
    method: 'PUT',
    route: '/api/PasswordReset/:token/:email',
    path: (token: string, email: string) => `/api/PasswordReset/${enc(token)}/${enc(email)}`,
  }),
  /** PUT /api/user/ignored/ignored/{userKey}/PASSWORD/{oldPassword}: the signed-in change. */
  changePassword: defineCall<MessageBody, ChangePasswordBody>()({
    method: 'PUT',
    route: '/api/user/ignored/ignored/:userKey/PASSWORD/:oldPassword',
    path: (userKey: number, oldPassword: string) =>
      `/api/user/ignored/ignored/${enc(userKey)}/PASSWORD/${enc(oldPassword)}`,
  }),
};

/** Route schemas of the password calls (validation, serialisation, OpenAPI). */
export const passwordSchemas = {
  resetEmail: {
    summary: 'Email a reset link; the same answer whether or not the address is known',
    params: ResetEmailPath,
    querystring: ResetEmailQuery,
    response: { 200: MessageBody, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
  },
  resetToken: {
    summary: "Check a set-password link: 200 with body '200' when valid, 404 otherwise",
    params: TokenPath,
    response: { 200: Type.String(), 400: ErrorBody, 404: ErrorBody },
  },
  setPassword: {
    summary: 'Set the password through a link (headers newPassword, newPasswordEncoded)',
    params: TokenPath,
    headers: NewPasswordHeaders,
    response: {
      200: MessageBody,
      400: Type.Union([RuleMessages, ErrorBody]),
      404: ErrorBody,
      429: ErrorBody,
    },
  },
  changePassword: {
    summary: 'Change password: old password in the path, the new one as body.password',
    params: ChangePasswordPath,
    body: ChangePasswordBody,
    response: {
      200: MessageBody,
      400: Type.Union([RulesBody, ErrorBody]),
      401: ErrorBody,
      403: ErrorBody,
      429: ErrorBody,
    },
  },
} satisfies Record<keyof typeof passwordCalls, object>;
