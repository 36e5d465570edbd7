import { Type, type Static } from 'typebox';

/**
 * The input of the LMS, user and assignment commands (the CLI's options; the operator API's JSON
 * bodies). Shapes only: the rules (formats, lengths, existence) are checked by each command's run
 * with readable messages.
 */
const strict = { additionalProperties: false } as const;
const Text = Type.String({ maxLength: 2000 });

export const CreateLmsInput = Type.Object(
  {
    code: Text,
    name: Text,
    displayName: Type.Optional(Text),
    default: Type.Optional(Type.Boolean()),
  },
  strict,
);

const Flag = Type.Integer({ minimum: -1, maximum: 1 });

export const UpdateLmsInput = Type.Object(
  {
    lms: Text,
    displayName: Type.Optional(Text),
    studentLocked: Type.Optional(Flag),
    showDashboard: Type.Optional(Flag),
    rebrand2021: Type.Optional(Flag),
    hideCpatLogin: Type.Optional(Flag),
    enforcePrerequisites: Type.Optional(Flag),
    allowExpired: Type.Optional(Flag),
    themeUrl: Type.Optional(Text),
    hostNames: Type.Optional(Type.Array(Text, { maxItems: 20 })),
  },
  strict,
);

export const AddUserInput = Type.Object(
  {
    lms: Text,
    login: Text,
    email: Text,
    name: Text,
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    invite: Type.Optional(Type.Boolean()),
    notStudent: Type.Optional(Type.Boolean()),
    mfa: Type.Optional(Type.Boolean()),
  },
  strict,
);

export const ImportUsersInput = Type.Object(
  {
    lms: Text,
    /** The CSV file's content (the CLI reads the file; the API receives the text). */
    csv: Type.String({ maxLength: 900_000 }),
  },
  strict,
);

/** deactivate-user and reactivate-user: which user. */
export const UserActiveInput = Type.Object({ lms: Text, login: Text }, strict);

export const SetPasswordInput = Type.Object(
  {
    lms: Text,
    login: Text,
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    invite: Type.Optional(Type.Boolean()),
  },
  strict,
);

export const InviteInput = Type.Object({ lms: Text, login: Text }, strict);

export const ListUsersInput = Type.Object(
  { lms: Text, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) },
  strict,
);

export const ListLmsInput = Type.Object({}, strict);

export const AssignInput = Type.Object(
  {
    lms: Text,
    /** The user's login ID. */
    user: Text,
    curriculum: Text,
    /** YYYY-MM-DD: due at the end of that day (UTC); absent: the default (open-ended) duration. */
    due: Type.Optional(Text),
  },
  strict,
);

export type CreateLmsInput = Static<typeof CreateLmsInput>;
export type UpdateLmsInput = Static<typeof UpdateLmsInput>;
export type AddUserInput = Static<typeof AddUserInput>;
export type ImportUsersInput = Static<typeof ImportUsersInput>;
export type SetPasswordInput = Static<typeof SetPasswordInput>;
export type UserActiveInput = Static<typeof UserActiveInput>;
export type InviteInput = Static<typeof InviteInput>;
export type ListUsersInput = Static<typeof ListUsersInput>;
export type ListLmsInput = Static<typeof ListLmsInput>;
export type AssignInput = Static<typeof AssignInput>;
