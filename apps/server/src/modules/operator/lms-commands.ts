import { HttpError } from '../../lib/http-error.js';
import { table, yesNo } from '../../lib/text-table.js';
import { defineOperatorCommand } from './area-command.js';
import { badInput, failIf, lmsByCode, uniquely } from './command-helpers.js';
import { presentLms } from './presenter.js';
import * as repo from './repo.js';
import { CreateLmsInput, ListLmsInput, UpdateLmsInput } from './schemas.js';
import { checkLmsCode, checkText } from './validation.js';

/** The operator commands on training providers (LMS): create-lms, update-lms, list-lms. */

type Row = Record<string, unknown>;

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

/** create-lms: a new training provider (the first one, or with --default, is the default LMS). */
const createLms = defineOperatorCommand({
  name: 'create-lms',
  summary: 'Create a training provider (LMS)',
  input: CreateLmsInput,
  async run(deps, input) {
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
  },
  format(result) {
    const lms = (result as Row).lms as Row;
    return `Created LMS '${lms.code}' (${lms.name}), key ${lms.lmsKey}${lms.isDefault ? ', the default LMS' : ''}.`;
  },
});

/**
 * update-lms: the settings an operator changes most (spec §3 LMS info and student parameters):
 * student lock, dashboard, rebrand layout, the Waypoint-login option, prerequisites, expired
 * completion, theme, host names.
 */
const updateLms = defineOperatorCommand({
  name: 'update-lms',
  summary: "Change a training provider's settings",
  input: UpdateLmsInput,
  async run(deps, input) {
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
  },
  format(result) {
    const lms = (result as Row).lms as Row;
    const settings = Object.entries(lms)
      .filter(([name]) => name !== 'code')
      .map(
        ([name, value]) => `  ${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`,
      );
    return [`Updated LMS '${lms.code}':`, ...settings].join('\n');
  },
});

/** list-lms: every training provider with its user count. */
const listLms = defineOperatorCommand({
  name: 'list-lms',
  changes: false,
  summary: 'List the training providers',
  input: ListLmsInput,
  async run(deps) {
    const rows = await repo.listLms(deps.db);
    return { lms: rows.map((row) => ({ ...presentLms(row), users: Number(row.users) })) };
  },
  format(result) {
    const rows = (result as Row).lms as Row[];
    if (rows.length === 0) return 'No LMS yet (see create-lms).';
    return table(
      ['CODE', 'NAME', 'DISPLAY NAME', 'DEFAULT', 'USERS'],
      rows.map((lms) => [
        String(lms.code),
        String(lms.name),
        String(lms.displayName),
        yesNo(lms.isDefault),
        String(lms.users),
      ]),
    );
  },
});

export const lmsCommands = [createLms, updateLms, listLms];
