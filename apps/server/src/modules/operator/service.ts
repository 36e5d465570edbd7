import { DEFAULT_CURRICULUM_DURATION_MS } from '@waypoint/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword } from '../../lib/password.js';
import { checkPasswordRules } from '../../lib/password-rules.js';
import { importScormPackage } from '../content/import.service.js';
import { contentStorage } from '../content/storage.js';
import { listOutbox } from '../email/repo.js';
import { invalidateReports } from '../progress/report-cache.js';
import { endUserSessions } from '../sessions/service.js';
import { createRegisterInvitation, storeOperatorPassword } from '../users/password.service.js';
import type { CommandUpload, OperatorDeps } from './area-command.js';
import { findAreaCommand } from './area-commands.js';
import { parseUserCsv } from './csv.js';
import { presentAssignment, presentLms, presentUser } from './presenter.js';
import * as repo from './repo.js';
import {
  COMMAND_INPUTS,
  UPLOAD_COMMAND_INPUTS,
  type AddUserInput,
  type AssignInput,
  type CommandName,
  type CreateLmsInput,
  type ImportScormInput,
  type ImportUsersInput,
  type InviteInput,
  type ListUsersInput,
  type OutboxInput,
  type SetPasswordInput,
  type UserActiveInput,
  type UpdateLmsInput,
  type UploadCommandName,
} from './schemas.js';
import { checkEmail, checkLmsCode, checkLogin, checkText, splitName } from './validation.js';

export type { CommandUpload, OperatorDeps } from './area-command.js';

// 400: bad input (the CLI exits 2, a usage error); 404/409/422: the command failed (exit 1).
const badInput = (message: string) => new HttpError(400, message);
const failIf = (problems: (string | null)[]) => {
  const found = problems.filter((problem): problem is string => problem !== null);
  if (found.length > 0) throw badInput(found.join('\n'));
};

/** Runs an insert; a unique-key clash (another operator was quicker) becomes a clear 409. */
async function uniquely<T>(insert: Promise<T>, message: string): Promise<T> {
  try {
    return await insert;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new HttpError(409, message);
    throw error;
  }
}

async function lmsByCode(deps: OperatorDeps, code: string) {
  const lms = await repo.findLmsByCode(deps.db, code);
  if (!lms) throw new HttpError(404, `No LMS with code '${code}' (see list-lms).`);
  return lms;
}

async function userByLogin(deps: OperatorDeps, lmsCode: string, login: string) {
  const lms = await lmsByCode(deps, lmsCode);
  const user = await repo.findUser(deps.db, lms.lmsKey, login);
  if (!user) throw new HttpError(404, `No user '${login}' in LMS '${lmsCode}'.`);
  return { lms, user };
}

async function checkedPasswordHash(password: string, user: { userId: string; email: string }) {
  const problems = await checkPasswordRules(password, { ...user, currentHash: null });
  if (problems.length > 0) throw badInput(problems.join('\n'));
  return hashPassword(password);
}

/** create-lms: a new training provider (the first one, or with --default, is the default LMS). */
export async function createLms(deps: OperatorDeps, input: CreateLmsInput) {
  const name = input.name.trim();
  const displayName = (input.displayName ?? input.name).trim();
  failIf([
    checkLmsCode(input.code),
    checkText('name', name),
    checkText('display name', displayName),
  ]);
  if (await repo.findLmsByCode(deps.db, input.code)) {
    throw new HttpError(409, `An LMS with code '${input.code}' already exists.`);
  }
  const lms = await uniquely(
    repo.insertLms(deps.db, {
      code: input.code,
      name,
      displayName,
      isDefault: input.default ?? false,
    }),
    `An LMS with code '${input.code}' already exists.`,
  );
  return { lms: presentLms(lms) };
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Null when the theme stylesheet address is empty (none) or an http(s) URL. */
function checkThemeUrl(url: string): string | null {
  if (url === '') return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:'
      ? null
      : 'The theme URL must start with https:// or http://.';
  } catch {
    return 'The theme URL is not a valid address.';
  }
}

/**
 * update-lms: the settings an operator changes most (spec §3 LMS info and student parameters):
 * student lock, dashboard, rebrand layout, the Waypoint-login option, prerequisites, expired
 * completion, theme, host names.
 */
export async function updateLms(deps: OperatorDeps, input: UpdateLmsInput) {
  const lms = await lmsByCode(deps, input.lms);
  const displayName = input.displayName?.trim();
  const hostNames = input.hostNames?.map((host) => host.trim().toLowerCase()).filter(Boolean);
  failIf([
    displayName === undefined ? null : checkText('display name', displayName),
    input.themeUrl === undefined ? null : checkThemeUrl(input.themeUrl.trim()),
    ...(hostNames ?? []).map((host) =>
      HOST_NAME.test(host) ? null : `'${host}' is not a host name.`,
    ),
  ]);
  const patch = Object.fromEntries(
    Object.entries({
      lmsDisplayName: displayName,
      studentLocked: input.studentLocked,
      showDashboard: input.showDashboard,
      rebrand2021: input.rebrand2021,
      hideCpatLogin: input.hideCpatLogin,
      enforceCurriculumPrerequisitesToggle: input.enforcePrerequisites,
      allowExpiredAssignmentsToBeCompleted: input.allowExpired,
      themeUrl: input.themeUrl?.trim(),
      hostNames,
    }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(patch).length === 0) {
    throw badInput('Nothing to change: give at least one setting (see update-lms --help).');
  }
  const row = await repo.updateLms(deps.db, lms.lmsKey, patch);
  return {
    lms: {
      code: row.lmsCode,
      displayName: row.lmsDisplayName,
      studentLocked: row.studentLocked,
      showDashboard: row.showDashboard,
      rebrand2021: row.rebrand2021,
      hideCpatLogin: row.hideCpatLogin,
      enforcePrerequisites: row.enforceCurriculumPrerequisitesToggle,
      allowExpired: row.allowExpiredAssignmentsToBeCompleted,
      themeUrl: row.themeUrl,
      hostNames: row.hostNames,
    },
  };
}

/** add-user: one user, with a password, an emailed set-password invitation, or neither. */
export async function addUser(deps: OperatorDeps, input: AddUserInput) {
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
  if (input.invite) await createRegisterInvitation(deps, user!.userKey);
  return { user: presentUser(user!, passwordHash !== null), invited: input.invite ?? false };
}

/** import-users: every row is checked first; one bad row and nothing is imported. */
export async function importUsers(deps: OperatorDeps, input: ImportUsersInput) {
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
    throw new HttpError(422, `${count} in the file; nothing was imported:\n${problems.join('\n')}`);
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
        mfaEnabled: user.mfa,
      })),
    ),
    `A user in the file was added to LMS '${input.lms}' meanwhile; nothing was imported.`,
  );
  return { imported: rows.length, users: rows.map((row) => presentUser(row, false)) };
}

// Problems read "line N: ..."; list them in file order whichever check found them.
function sortByLine(problems: string[]): void {
  const lineOf = (problem: string) => Number(/^line (\d+):/.exec(problem)?.[1] ?? 0);
  problems.sort((a, b) => lineOf(a) - lineOf(b));
}

/** set-password: a new password (ends the user's sessions, lifts a lockout), or --invite to email a link. */
export async function setPassword(deps: OperatorDeps, input: SetPasswordInput) {
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
}

/**
 * deactivate-user: the user can no longer sign in, and every session they have ends at once, on
 * every instance (ADR 0006); their progress and records are kept. reactivate-user undoes it.
 */
export async function deactivateUser(deps: OperatorDeps, input: UserActiveInput) {
  const { user } = await userByLogin(deps, input.lms, input.login);
  await repo.setUserInactive(deps.db, user.userKey, true);
  await endUserSessions(deps, user.userKey);
  return { login: user.userId, active: false };
}

export async function reactivateUser(deps: OperatorDeps, input: UserActiveInput) {
  const { user } = await userByLogin(deps, input.lms, input.login);
  await repo.setUserInactive(deps.db, user.userKey, false);
  return { login: user.userId, active: true };
}

/** invite: emails the user a set-password link. */
export async function invite(deps: OperatorDeps, input: InviteInput) {
  const { user } = await userByLogin(deps, input.lms, input.login);
  await createRegisterInvitation(deps, user.userKey);
  return { login: user.userId, invited: true, email: user.email };
}

/** list-users: the users of one LMS, by login ID. */
export async function listUsers(deps: OperatorDeps, input: ListUsersInput) {
  const lms = await lmsByCode(deps, input.lms);
  const { rows, total } = await repo.listUsers(deps.db, lms.lmsKey, input.limit ?? 1000);
  return {
    lms: lms.lmsCode,
    total,
    users: rows.map((row) => presentUser(row, Boolean(row.hasPassword))),
  };
}

/** list-lms: every training provider with its user count. */
export async function listLms(deps: OperatorDeps) {
  const rows = await repo.listLms(deps.db);
  return { lms: rows.map((row) => ({ ...presentLms(row), users: Number(row.users) })) };
}

/** outbox: the most recent emails (oldest first), optionally to one address. */
export async function outbox(deps: OperatorDeps, input: OutboxInput) {
  const rows = await listOutbox(deps.db, input.to?.trim() || null, input.limit ?? 20);
  return {
    emails: rows.map((row) => ({
      emailKey: row.emailKey,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      createdAt: new Date(row.createdAt).toISOString(),
      sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
    })),
  };
}

/**
 * import-scorm: a SCORM package into a curriculum (made when missing) and a course (default: the
 * package title; made when missing), one lesson per SCO. Refusals say which rule and keep nothing.
 */
export async function importScorm(
  deps: OperatorDeps,
  input: ImportScormInput,
  upload: CommandUpload,
) {
  const curriculum = input.curriculum.trim();
  const course = input.course?.trim();
  failIf([
    checkText('curriculum name', curriculum),
    course === undefined ? null : checkText('course name', course),
  ]);
  const lms = await lmsByCode(deps, input.lms);
  const result = await importScormPackage(
    { db: deps.db, storage: deps.storage ?? contentStorage(deps.config), clock: deps.clock },
    upload,
    { lmsKey: lms.lmsKey, curriculum, ...(course ? { course } : {}) },
  );
  // New curricula and lessons change every cached report that could show them.
  invalidateReports();
  return { lms: lms.lmsCode, ...result };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end (last millisecond, UTC) of a YYYY-MM-DD day; null when it is not a real date. */
export function endOfDueDay(due: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const date = new Date(start);
  // Date.UTC rolls 2025-02-30 over to March; a real date keeps its parts.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return new Date(start + DAY_MS - 1);
}

/**
 * assign: a curriculum to a user, starting now, due at the end of --due (UTC) or open-ended (the
 * spec's default duration). Assigned already (not removed): the due date changes instead.
 */
export async function assign(deps: OperatorDeps, input: AssignInput) {
  const dueText = input.due?.trim();
  const due = dueText === undefined ? null : endOfDueDay(dueText);
  if (dueText !== undefined && !due) {
    throw badInput(`--due '${dueText}' is not a date (YYYY-MM-DD).`);
  }
  const now = deps.clock.now();
  if (due && due.getTime() <= now.getTime()) throw badInput(`--due ${dueText} is in the past.`);
  const { lms, user } = await userByLogin(deps, input.lms, input.user);
  const name = input.curriculum.trim();
  const curricula = await repo.findCurricula(deps.db, lms.lmsKey, name);
  if (curricula.length === 0) {
    throw new HttpError(404, `No curriculum named '${name}' in LMS '${lms.lmsCode}'.`);
  }
  if (curricula.length > 1) {
    throw new HttpError(
      409,
      `There are ${curricula.length} curricula named '${name}' in LMS '${lms.lmsCode}'.`,
    );
  }
  const curriculum = curricula[0]!;
  const assignment = await repo.assignCurriculum(deps.db, {
    userKey: user.userKey,
    curriculumKey: curriculum.curriculumKey,
    now,
    durationFrom: (start) => {
      if (!due) return DEFAULT_CURRICULUM_DURATION_MS;
      const duration = due.getTime() - start.getTime();
      if (duration <= 0) {
        throw badInput(
          `--due ${dueText} is before the assignment's start (${start.toISOString()}).`,
        );
      }
      return duration;
    },
  });
  invalidateReports(user.userKey);
  return presentAssignment({ lms: lms.lmsCode, login: user.userId, curriculum, assignment });
}

const handlers: { [Name in CommandName]: (deps: OperatorDeps, input: never) => Promise<unknown> } =
  {
    assign,
    'create-lms': createLms,
    'update-lms': updateLms,
    'add-user': addUser,
    'import-users': importUsers,
    'set-password': setPassword,
    'deactivate-user': deactivateUser,
    'reactivate-user': reactivateUser,
    invite,
    'list-users': listUsers,
    'list-lms': listLms,
    outbox,
  };

const uploadHandlers: {
  [Name in UploadCommandName]: (
    deps: OperatorDeps,
    input: never,
    upload: CommandUpload,
  ) => Promise<unknown>;
} = { 'import-scorm': importScorm };

/** True when `name` is an operator command with a JSON input. */
export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_INPUTS, name);
}

/** True when `name` is an operator command that carries a file (import-scorm). */
export function isUploadCommandName(name: string): name is UploadCommandName {
  return Object.hasOwn(UPLOAD_COMMAND_INPUTS, name);
}

/**
 * Runs one operator command by name with an input of unknown shape: the single entry point of the
 * CLI (own database) and the operator API, so both give the same results and the same errors.
 */
export async function runOperatorCommand(
  deps: OperatorDeps,
  name: string,
  input: unknown,
  upload?: CommandUpload,
): Promise<unknown> {
  if (isUploadCommandName(name)) {
    checkInput(name, UPLOAD_COMMAND_INPUTS[name], input);
    if (upload === undefined) throw badInput(`${name} needs the package zip.`);
    return uploadHandlers[name](deps, input as never, upload);
  }
  if (isCommandName(name)) {
    checkInput(name, COMMAND_INPUTS[name], input);
    return handlers[name](deps, input as never);
  }
  const area = findAreaCommand(name);
  if (!area) throw new HttpError(404, `Unknown operator command '${name}'.`);
  checkInput(name, area.input, input);
  if (area.upload && upload === undefined) throw badInput(`${name} needs ${area.upload.what}.`);
  return area.run(deps, input as never, upload);
}

/** Throws a 400 listing what is wrong when the input does not have the command's shape. */
function checkInput(name: string, schema: TSchema, input: unknown): void {
  if (Value.Check(schema, input)) return;
  const problems = [...Value.Errors(schema, input)]
    .filter((error) => error.keyword !== 'boolean')
    .map((error) => `${error.instancePath.slice(1) || 'input'} ${error.message}`);
  throw badInput(`Invalid input for ${name}: ${problems.join('; ')}`);
}
