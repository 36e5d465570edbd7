/**
 * The operator's training record commands (docs/decisions/0023 "Training events"): verify an
 * LMS's event chain, and seal its head now. The CLI spells them `records verify|seal --lms CODE`.
 */
import { Text } from '@waypoint/domain/contract';
import { Type } from 'typebox';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { defineOperatorCommand } from '../operator/area-command.js';
import { findLmsByCode } from './repo.js';
import { sealChain, type SealOutcome } from './seal.js';
import { describeVerification, verifyChain } from './verify.js';

const strict = { additionalProperties: false } as const;
const LmsInput = Type.Object({ lms: Text({ minLength: 1, maxLength: 63 }) }, strict);

async function lmsOf(db: Db, code: string) {
  const lms = await findLmsByCode(db, code.trim());
  if (!lms) throw new HttpError(404, `No LMS with code '${code}' (see list-lms).`);
  return lms;
}

function sealText(lms: string, outcome: SealOutcome): string {
  if (outcome.sealed) {
    return `Sealed the training event chain of LMS ${lms} at event ${outcome.seq} (key ${outcome.kid}).`;
  }
  if (outcome.reason === 'empty') return `LMS ${lms} has no training events yet: nothing to seal.`;
  return `The training event chain of LMS ${lms} is sealed already at event ${outcome.seq}.`;
}

export const recordCommands = [
  defineOperatorCommand({
    name: 'records-verify',
    summary:
      "Verify an LMS's training event chain: every hash, link, the head and every seal; names the first broken link",
    input: LmsInput,
    changes: false,
    async run(deps, input) {
      const lms = await lmsOf(deps.db, input.lms);
      const result = await verifyChain(deps.db, lms.lmsKey);
      const message = describeVerification(lms.lmsCode, result);
      // A broken chain is a failure (the CLI exits non-zero), with the broken link as its message.
      if (!result.intact) throw new HttpError(409, message);
      return { lms: lms.lmsCode, ...result, message };
    },
    format: (result) => (result as { message: string }).message,
  }),
  defineOperatorCommand({
    name: 'records-seal',
    summary: "Sign an LMS's training event chain head now with the credential key",
    input: LmsInput,
    async run(deps, input) {
      const lms = await lmsOf(deps.db, input.lms);
      const outcome = await sealChain(deps, lms.lmsKey, { daily: false });
      return { lms: lms.lmsCode, ...outcome, message: sealText(lms.lmsCode, outcome) };
    },
    format: (result) => (result as { message: string }).message,
  }),
];
