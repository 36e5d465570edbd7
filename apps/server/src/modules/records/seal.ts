/**
 * Sealing an LMS's training event chain (docs/decisions/0023 "Training events"): the head is
 * signed with the credential key (seal-token.ts) and kept in training_chain_seal, so that
 * rewriting the whole chain from some entry on (hashes and all) no longer matches what was signed.
 * The job seals each LMS at most once per UTC day, and only a head that moved; the operator's
 * `records seal` seals now.
 */
import type { ScheduledJob } from '../../platform/job-queue.js';
import { activeSigningKey, type KeyDeps } from '../certificates/keys.js';
import {
  insertSeal,
  lockSealing,
  selectChainedLmsKeys,
  selectHead,
  selectLatestSeal,
} from './repo.js';
import { signSeal } from './seal-token.js';

/** A seal made, or why none was. */
export type SealOutcome =
  | { sealed: true; lmsKey: number; seq: number; hash: string; sealedAt: string; kid: string }
  | {
      sealed: false;
      lmsKey: number;
      /** empty: no entries yet; sealed: the head is sealed already; today: the job sealed today. */
      reason: 'empty' | 'sealed' | 'today';
      seq: number;
    };

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Signs the LMS's head and stores the seal, unless the head has no entries or is sealed already;
 * `daily` also skips an LMS sealed earlier on the same UTC day. One instance seals an LMS at a
 * time (an advisory lock), so two never seal it twice.
 */
export async function sealChain(
  deps: KeyDeps,
  lmsKey: number,
  options: { daily: boolean },
): Promise<SealOutcome> {
  // The key first: making the first one (a fresh install) is not done under the lock.
  const signer = await activeSigningKey(deps);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx): Promise<SealOutcome> => {
    await lockSealing(trx, lmsKey);
    const head = await selectHead(trx, lmsKey);
    if (!head || head.seq === 0) return { sealed: false, lmsKey, reason: 'empty', seq: 0 };
    const latest = await selectLatestSeal(trx, lmsKey);
    if (latest && latest.seq >= head.seq) {
      return { sealed: false, lmsKey, reason: 'sealed', seq: latest.seq };
    }
    if (options.daily && latest && utcDay(latest.sealedAt) === utcDay(now)) {
      return { sealed: false, lmsKey, reason: 'today', seq: latest.seq };
    }
    const statement = { lmsKey, seq: head.seq, hash: head.hash, sealedAt: now.toISOString() };
    const jws = await signSeal(statement, signer);
    await insertSeal(trx, { ...statement, sealedAt: now, kid: signer.kid, jws });
    return { sealed: true, ...statement, kid: signer.kid };
  });
}

/** The job's name on the job queue. */
export const SEAL_JOB = 'records-seal';

/**
 * The daily seal as a job (ADR 0018): hourly, so a day is sealed even when an instance was down
 * at some hour, and once at start; each LMS whose head moved is sealed once per UTC day.
 */
export function sealJobs(deps: KeyDeps & { log: (line: string) => void }): ScheduledJob[] {
  return [
    {
      name: SEAL_JOB,
      // Minute 20: away from the hour, when housekeeping and others start.
      cron: '20 * * * *',
      everyMs: 60 * 60_000,
      runAtStart: true,
      async run() {
        for (const lmsKey of await selectChainedLmsKeys(deps.db)) {
          const outcome = await sealChain(deps, lmsKey, { daily: true });
          if (outcome.sealed) {
            deps.log(
              `[records] sealed the training event chain of LMS ${lmsKey} at event ${outcome.seq}`,
            );
          }
        }
      },
    },
  ];
}
