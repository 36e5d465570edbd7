import { DEFAULT_CURRICULUM_DURATION_MS, durationUntilDue, endOfDueDay } from '@waypoint/domain';
import { HttpError } from '../../lib/http-error.js';
import { defineOperatorCommand } from './area-command.js';
import { badInput, userByLogin } from './command-helpers.js';
import { presentAssignment } from './presenter.js';
import * as repo from './repo.js';
import { AssignInput } from './schemas.js';

type Row = Record<string, unknown>;

/**
 * assign: a curriculum to a user, starting now, due at the end of --due (UTC) or open-ended (the
 * spec's default duration). Assigned already (not removed): the due date changes instead.
 */
export const assignCommand = defineOperatorCommand({
  name: 'assign',
  summary: 'Assign a curriculum to a user (already assigned: changes the due date)',
  input: AssignInput,
  async run(deps, input) {
    const dueText = input.due?.trim();
    const due = dueText === undefined ? null : endOfDueDay(dueText);
    if (dueText !== undefined && due === null) {
      throw badInput(`--due '${dueText}' is not a date (YYYY-MM-DD).`);
    }
    const now = deps.clock.now();
    if (due !== null && due <= now.getTime()) throw badInput(`--due ${dueText} is in the past.`);
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
        if (due === null) return DEFAULT_CURRICULUM_DURATION_MS;
        const duration = durationUntilDue(start.getTime(), due);
        if (duration === null) {
          throw badInput(
            `--due ${dueText} is before the assignment's start (${start.toISOString()}).`,
          );
        }
        return duration;
      },
    });
    deps.state.reportCache.invalidate(user.userKey);
    return presentAssignment({ lms: lms.lmsCode, login: user.userId, curriculum, assignment });
  },
  format(result) {
    const r = result as Row;
    const curriculum = r.curriculum as Row;
    const due = r.dueDate
      ? `due ${String(r.dueDate).slice(0, 10)} (end of the day, UTC)`
      : 'open-ended (no due date)';
    return r.created
      ? `Assigned curriculum '${curriculum.name}' to '${r.login}': assignment ${r.assignmentKey}, ${due}.`
      : `'${r.login}' already had curriculum '${curriculum.name}' (assignment ${r.assignmentKey}); it is now ${due}.`;
  },
});
