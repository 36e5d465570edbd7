import { HttpError } from '../../lib/http-error.js';
import { applyAssignmentRules } from '../assignments/rules.js';
import { table, yesNo } from '../../lib/text-table.js';
import { endUserSessions } from '../sessions/service.js';
import { createRegisterInvitation, storeOperatorPassword } from '../users/password.service.js';
import { defineOperatorCommand } from './area-command.js';
import {
  checkedPasswordHash,
  failIf,
  lmsByCode,
  uniquely,
  userByLogin,
} from './command-helpers.js';
import { parseUserCsv } from './csv.js';
import { presentUser } from './presenter.js';
import * as repo from './repo.js';
import {
  AddUserInput,
  ImportUsersInput,
  InviteInput,
  ListUsersInput,
  SetPasswordInput,
  UserActiveInput,
} from './schemas.js';
import { checkEmail, checkLogin, checkText, splitName } from './validation.js';

/**
 * The operator commands on users: add-user, import-users, set-password, deactivate-user,
 * reactivate-user, invite, list-users.
 */

type Row = Record<string, unknown>;

interface UserView extends Row {
  login: string;
  email: string;
  displayName: string;
  isStudent: boolean;
  mfa: boolean;
  hasPassword: boolean;
}

/** add-user: one user, with a password, an emailed set-password invitation, or neither. */
export const addUser = defineOperatorCommand({
  name: 'add-user',
  summary: 'Add a user to an LMS',
  input: AddUserInput,
  async run(deps, input) {
    const name = splitName(input.name);
    failIf([
      checkLogin(input.login),
      checkEmail(input.email),
      name ? checkText('name', input.name) : `name '${input.name}' must be "<given> <family>"`,
      input.password !== undefined && input.invite
        ? 'give either a password or --invite, not both'
        : null,
    ]);
    const lms = await lmsByCode(deps, input.lms);
    if (await repo.findUser(deps.db, lms.lmsKey, input.login)) {
      throw new HttpError(409, `User '${input.login}' already exists in LMS '${input.lms}'.`);
    }
    const passwordHash =
      input.password === undefined
        ? null
        : await checkedPasswordHash(input.password, { userId: input.login, email: input.email });
    const now = deps.clock.now();
    const [user] = await uniquely(
      repo.insertUsers(deps.db, lms.lmsKey, [
        {
          userId: input.login,
          email: input.email,
          nameOther: name!.given,
          nameCollated: name!.family,
          displayName: `${name!.given} ${name!.family}`,
          isStudent: !(input.notStudent ?? false),
          mfaEnabled: input.mfa ?? false,
          passwordHash,
          passwordChangedAt: passwordHash ? now : null,
        },
      ]),
      `User '${input.login}' already exists in LMS '${input.lms}'.`,
    );
    // The assignment rules the new person matches assign them at once (docs/decisions/0021).
    await applyAssignmentRules(deps.db, deps, { userKeys: [user!.userKey] });
    if (input.invite) await createRegisterInvitation(deps, user!.userKey);
    return { user: presentUser(user!, passwordHash !== null), invited: input.invite ?? false };
  },
  format(result) {
    const r = result as Row;
    const user = r.user as UserView;
    const how = r.invited
      ? `; a set-password invitation was emailed to ${user.email}`
      : user.hasPassword
        ? '; password set'
        : '; no password yet (use set-password or invite)';
    return `Added user '${user.login}' (${user.displayName} <${user.email}>)${how}.`;
  },
});

// Problems read "line N: ..."; list them in file order whichever check found them.
function sortByLine(problems: string[]): void {
  const lineOf = (problem: string) => Number(/^line (\d+):/.exec(problem)?.[1] ?? 0);
  problems.sort((a, b) => lineOf(a) - lineOf(b));
}

/** import-users: every row is checked first; one bad row and nothing is imported. */
const importUsers = defineOperatorCommand({
  name: 'import-users',
  summary: 'Import users from a CSV text; nothing is imported if any row is bad',
  input: ImportUsersInput,
  async run(deps, input) {
    const lms = await lmsByCode(deps, input.lms);
    const parsed = parseUserCsv(input.csv);
    const problems = [...parsed.problems];
    if (parsed.users.length > 0) {
      const taken = await repo.existingLogins(
        deps.db,
        lms.lmsKey,
        parsed.users.map((user) => user.login),
      );
      for (const user of parsed.users) {
        if (taken.has(user.login.toLowerCase())) {
          problems.push(
            `line ${user.line}: user '${user.login}' already exists in LMS '${input.lms}'`,
          );
        }
      }
    }
    if (problems.length > 0) {
      sortByLine(problems);
      const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
      throw new HttpError(
        422,
        `${count} in the file; nothing was imported:\n${problems.join('\n')}`,
      );
    }
    const rows = await uniquely(
      repo.insertUsers(
        deps.db,
        lms.lmsKey,
        parsed.users.map((user) => ({
          userId: user.login,
          email: user.email,
          nameOther: user.givenName,
          nameCollated: user.familyName,
          displayName: `${user.givenName} ${user.familyName}`,
          employeeId: user.employeeId,
          base: user.base,
          position: user.position,
          fleet: user.fleet,
          restrictionGroup: user.restrictionGroup,
          isStudent: user.student,
          mfaEnabled: user.mfa,
        })),
      ),
      `A user in the file was added to LMS '${input.lms}' meanwhile; nothing was imported.`,
    );
    await applyAssignmentRules(deps.db, deps, { userKeys: rows.map((row) => row.userKey) });
    return { imported: rows.length, users: rows.map((row) => presentUser(row, false)) };
  },
  format(result) {
    const r = result as Row;
    const users = r.users as UserView[];
    return [
      `Imported ${r.imported} user${r.imported === 1 ? '' : 's'}:`,
      ...users.map((u) => `  ${u.login}  ${u.email}`),
    ].join('\n');
  },
});

/** set-password: a new password (ends the user's sessions, lifts a lockout), or --invite to email a link. */
const setPassword = defineOperatorCommand({
  name: 'set-password',
  summary: "Set a user's password (ends their sessions), or invite to email a set-password link",
  input: SetPasswordInput,
  async run(deps, input) {
    failIf([
      input.password === undefined && !input.invite
        ? 'give a password (--password) or --invite'
        : null,
      input.password !== undefined && input.invite
        ? 'give either a password or --invite, not both'
        : null,
    ]);
    const { lms, user } = await userByLogin(deps, input.lms, input.login);
    if (input.invite) {
      await createRegisterInvitation(deps, user.userKey);
      return { login: user.userId, passwordSet: false, invited: true, email: user.email };
    }
    const passwordHash = await checkedPasswordHash(input.password!, user);
    await storeOperatorPassword(
      deps,
      { userKey: user.userKey, lmsKey: lms.lmsKey, userId: user.userId },
      passwordHash,
    );
    return { login: user.userId, passwordSet: true, invited: false, email: user.email };
  },
  format(result) {
    const r = result as Row;
    return r.invited
      ? `A set-password invitation was emailed to '${r.login}' at ${r.email}.`
      : `Password set for '${r.login}'; their sessions were ended.`;
  },
});

/**
 * deactivate-user: the user can no longer sign in, and every session they have ends at once, on
 * every instance (ADR 0006); their progress and records are kept. reactivate-user undoes it.
 */
const deactivateUser = defineOperatorCommand({
  name: 'deactivate-user',
  summary: 'Stop a user signing in and end their sessions (their records are kept)',
  input: UserActiveInput,
  async run(deps, input) {
    const { user } = await userByLogin(deps, input.lms, input.login);
    await repo.setUserInactive(deps.db, user.userKey, true);
    await endUserSessions(deps, user.userKey);
    return { login: user.userId, active: false };
  },
  format: (result) =>
    `Deactivated '${(result as Row).login}': they cannot sign in, and their sessions were ended.`,
});

const reactivateUser = defineOperatorCommand({
  name: 'reactivate-user',
  summary: 'Let a deactivated user sign in again',
  input: UserActiveInput,
  async run(deps, input) {
    const { user } = await userByLogin(deps, input.lms, input.login);
    await repo.setUserInactive(deps.db, user.userKey, false);
    return { login: user.userId, active: true };
  },
  format: (result) => `Reactivated '${(result as Row).login}': they can sign in again.`,
});

/** invite: emails the user a set-password link. */
const invite = defineOperatorCommand({
  name: 'invite',
  summary: 'Email a user a set-password invitation',
  input: InviteInput,
  async run(deps, input) {
    const { user } = await userByLogin(deps, input.lms, input.login);
    await createRegisterInvitation(deps, user.userKey);
    return { login: user.userId, invited: true, email: user.email };
  },
  format(result) {
    const r = result as Row;
    return `A set-password invitation was emailed to '${r.login}' at ${r.email}.`;
  },
});

/** list-users: the users of one LMS, by login ID. */
const listUsers = defineOperatorCommand({
  name: 'list-users',
  changes: false,
  summary: 'List the users of an LMS',
  input: ListUsersInput,
  async run(deps, input) {
    const lms = await lmsByCode(deps, input.lms);
    const { rows, total } = await repo.listUsers(deps.db, lms.lmsKey, input.limit ?? 1000);
    return {
      lms: lms.lmsCode,
      total,
      users: rows.map((row) => presentUser(row, Boolean(row.hasPassword))),
    };
  },
  format(result) {
    const r = result as Row;
    const users = r.users as UserView[];
    const body = table(
      ['LOGIN', 'NAME', 'EMAIL', 'STUDENT', 'MFA', 'PASSWORD'],
      users.map((u) => [
        u.login,
        u.displayName,
        u.email,
        yesNo(u.isStudent),
        yesNo(u.mfa),
        yesNo(u.hasPassword),
      ]),
    );
    return `${body}\n${users.length} of ${r.total} users in LMS '${r.lms}'.`;
  },
});

export const userCommands = [
  addUser,
  importUsers,
  setPassword,
  deactivateUser,
  reactivateUser,
  invite,
  listUsers,
];
