/**
 * The operator's staff commands (docs/decisions/0021): `staff-create` makes the first
 * administrator (or any staff member) of an LMS, adding the user when they do not exist yet;
 * `staff-remove` takes a staff role away; `staff-list` lists who is staff. Each is recorded in the
 * audit log with the actor "operator".
 */
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import { table } from '../../lib/text-table.js';
import { defineOperatorCommand } from '../operator/area-command.js';
import { badInput, lmsByCode } from '../operator/command-helpers.js';
import { addUser } from '../operator/user-commands.js';
import { operatorActor, recordAudit } from './audit.js';
import * as repo from './repo.js';

const strict = { additionalProperties: false } as const;
const Text = Type.String({ maxLength: 2000 });

const StaffCreateInput = Type.Object(
  {
    lms: Text,
    login: Text,
    role: Text,
    /** Comma-separated restriction groups; none = the whole LMS. */
    restrictionGroups: Type.Optional(Text),
    // Only when the user does not exist yet (add-user's options).
    name: Type.Optional(Text),
    email: Type.Optional(Text),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    invite: Type.Optional(Type.Boolean()),
    mfa: Type.Optional(Type.Boolean()),
  },
  strict,
);
const StaffRemoveInput = Type.Object({ lms: Text, login: Text }, strict);
const StaffListInput = Type.Object({ lms: Text }, strict);

type Row = Record<string, unknown>;

/** "LHR, MAN" -> ['LHR', 'MAN']: trimmed, no blanks or repeats, each a restriction group's shape. */
export function parseRestrictionGroups(text: string | undefined): string[] {
  if (text === undefined) return [];
  const groups = [
    ...new Set(
      text
        .split(',')
        .map((group) => group.trim())
        .filter(Boolean),
    ),
  ];
  const bad = groups.find((group) => group.length > 100);
  if (bad)
    throw badInput(`restriction group '${bad.slice(0, 20)}...' is longer than 100 characters.`);
  return groups;
}

const staffCreate = defineOperatorCommand({
  name: 'staff-create',
  recordsOwnAudit: true,
  summary: 'Make a user staff with a role (adds the user first when --name and --email are given)',
  input: StaffCreateInput,
  async run(deps, input) {
    const lms = await lmsByCode(deps, input.lms);
    const role = await repo.findRole(deps.db, lms.lmsKey, input.role.trim());
    if (!role) {
      throw new HttpError(
        404,
        `No role '${input.role}' in LMS '${input.lms}' (administrator, training-manager, instructor, auditor, or a role made in the console).`,
      );
    }
    const restrictionGroups = parseRestrictionGroups(input.restrictionGroups);
    let user = await repo.findUserByLogin(deps.db, lms.lmsKey, input.login);
    let added = false;
    if (!user) {
      if (input.name === undefined || input.email === undefined) {
        throw new HttpError(
          404,
          `No user '${input.login}' in LMS '${input.lms}': give --name and --email to add them.`,
        );
      }
      await addUser.run(deps, {
        lms: input.lms,
        login: input.login,
        email: input.email,
        name: input.name,
        password: input.password,
        invite: input.invite,
        notStudent: true,
        mfa: input.mfa,
      });
      user = await repo.findUserByLogin(deps.db, lms.lmsKey, input.login);
      added = true;
    } else if (
      input.name !== undefined ||
      input.email !== undefined ||
      input.password !== undefined
    ) {
      throw badInput(
        `User '${input.login}' exists already: --name, --email and --password are only for a new user.`,
      );
    }
    const member = user!;
    await deps.db.transaction().execute(async (trx) => {
      const before = await repo.upsertStaffMember(trx, {
        userKey: member.userKey,
        roleKey: role.roleKey,
        restrictionGroups,
        now: deps.clock.now(),
      });
      await recordAudit(trx, deps, operatorActor(), [
        {
          lmsKey: lms.lmsKey,
          action: 'staff.set',
          targetType: 'user',
          targetKey: member.userKey,
          summary: `${member.userId} made ${role.name}${restrictionGroups.length ? ` of ${restrictionGroups.join(', ')}` : ''}`,
          before,
          after: { roleKey: role.roleKey, role: role.name, restrictionGroups },
        },
      ]);
    });
    return { lms: lms.lmsCode, login: member.userId, role: role.name, restrictionGroups, added };
  },
  format(result) {
    const r = result as Row;
    const scope = (r.restrictionGroups as string[]).join(', ') || 'the whole LMS';
    return `${r.added ? 'Added' : 'Made'} '${r.login}' ${r.role} of LMS '${r.lms}' (scope: ${scope}).`;
  },
});

const staffRemove = defineOperatorCommand({
  name: 'staff-remove',
  recordsOwnAudit: true,
  summary: 'Take the staff role away from a user (they stay a user)',
  input: StaffRemoveInput,
  async run(deps, input) {
    const lms = await lmsByCode(deps, input.lms);
    const user = await repo.findUserByLogin(deps.db, lms.lmsKey, input.login);
    if (!user) throw new HttpError(404, `No user '${input.login}' in LMS '${input.lms}'.`);
    const removed = await deps.db.transaction().execute(async (trx) => {
      const before = await repo.deleteStaffMember(trx, user.userKey);
      if (!before) return false;
      await recordAudit(trx, deps, operatorActor(), [
        {
          lmsKey: lms.lmsKey,
          action: 'staff.remove',
          targetType: 'user',
          targetKey: user.userKey,
          summary: `${user.userId} is no longer staff`,
          before,
        },
      ]);
      return true;
    });
    if (!removed)
      throw new HttpError(404, `User '${input.login}' is not staff in LMS '${input.lms}'.`);
    return { lms: lms.lmsCode, login: user.userId };
  },
  format(result) {
    const r = result as Row;
    return `'${r.login}' is no longer staff of LMS '${r.lms}'; their console sessions end at their next request.`;
  },
});

const staffList = defineOperatorCommand({
  name: 'staff-list',
  changes: false,
  summary: 'List the staff of an LMS with their roles and scope',
  input: StaffListInput,
  async run(deps, input) {
    const lms = await lmsByCode(deps, input.lms);
    const staff = await repo.listStaff(deps.db, lms.lmsKey);
    return { lms: lms.lmsCode, staff };
  },
  format(result) {
    const r = result as {
      lms: string;
      staff: { userId: string; roleName: string; restrictionGroups: string[] }[];
    };
    const body = table(
      ['LOGIN', 'ROLE', 'SCOPE'],
      r.staff.map((s) => [s.userId, s.roleName, s.restrictionGroups.join(', ') || 'whole LMS']),
    );
    return `${body}\n${r.staff.length} staff in LMS '${r.lms}'.`;
  },
});

export const staffCommands = [staffCreate, staffRemove, staffList];
