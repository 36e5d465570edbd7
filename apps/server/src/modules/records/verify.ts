/**
 * Verifying an LMS's training event chain (docs/decisions/0023 "Training events"): the entries
 * are read in seq order a page at a time (keyset, so memory stays bounded whatever the length),
 * every hash is computed again from the stored text (chain.ts), every link and the seq's
 * continuity are checked (a deleted entry is a gap), then the head and every seal: a seal must be
 * signed by a credential key, say what its row says, and name an entry that holds its hash; a head
 * or entries behind the latest seal mean the chain was cut short. The answer names the FIRST
 * broken link.
 */
import type { JWK } from 'jose';
import type { Db } from '../../db/connection.js';
import { entryHash, GENESIS_HASH } from './chain.js';
import { selectEventPage, selectHead, selectPublicKeys, selectSeals } from './repo.js';
import { sealProblem } from './seal-token.js';

const PAGE = 1000;

/** What is wrong at the first broken link. */
export type ChainProblem =
  /** An entry's stored contents do not give its stored hash. */
  | 'contents'
  /** An entry does not hold the hash of the one before. */
  | 'link'
  /** An entry is missing (seq jumps). */
  | 'gap'
  /** The head row disagrees with the last entry. */
  | 'head'
  /** A seal is forged, altered, or signed another hash than its entry's. */
  | 'seal'
  /** Entries after the last one are gone (the head or a seal is beyond it). */
  | 'truncated';

/** The first broken link: the entry (its time and type when it exists) and what is wrong. */
export interface ChainBreak {
  seq: number;
  at: string | null;
  type: string | null;
  problem: ChainProblem;
  /** One sentence: 'Broken at event 57 (2026-11-27T10:01:02.003Z, score.changed): ...'. */
  message: string;
}

/** A chain's verification: how much was read, and the first broken link (null: intact). */
export interface ChainVerification {
  lmsKey: number;
  events: number;
  seals: number;
  intact: boolean;
  broken: ChainBreak | null;
}

type Entry = Awaited<ReturnType<typeof selectEventPage>>[number];
type Seal = Awaited<ReturnType<typeof selectSeals>>[number];

const at = (entry: Entry) => `${entry.seq} (${entry.at.toISOString()}, ${entry.type})`;

function breakAt(entry: Entry, problem: ChainProblem, what: string): ChainBreak {
  return {
    seq: entry.seq,
    at: entry.at.toISOString(),
    type: entry.type,
    problem,
    message: `Broken at event ${at(entry)}: ${what}.`,
  };
}

function breakOutside(seq: number, problem: ChainProblem, message: string): ChainBreak {
  return { seq, at: null, type: null, problem, message };
}

const sealName = (seal: Seal) => `the seal of ${seal.sealedAt.toISOString()}`;

/** The public keys by kid (a key's JWK comes back parsed from jsonb, or as text). */
async function publicKeysOf(db: Db): Promise<Map<string, JWK>> {
  const rows = await selectPublicKeys(db);
  return new Map(
    rows.map((row) => [
      row.kid,
      (typeof row.publicJwk === 'string' ? JSON.parse(row.publicJwk) : row.publicJwk) as JWK,
    ]),
  );
}

/** Each seal's own problem (signature, or what it signed), by seq. */
async function sealProblems(db: Db, lmsKey: number, seals: Seal[]): Promise<Map<number, string>> {
  const keys = await publicKeysOf(db);
  const problems = new Map<number, string>();
  for (const seal of seals) {
    const statement = {
      lmsKey,
      seq: seal.seq,
      hash: seal.hash,
      sealedAt: seal.sealedAt.toISOString(),
    };
    const problem = await sealProblem(seal.jws, seal.kid, statement, keys);
    if (problem) problems.set(seal.seq, `${sealName(seal)} is not valid: ${problem}`);
  }
  return problems;
}

interface Walked {
  events: number;
  last: Entry | null;
  broken: ChainBreak | null;
}

/**
 * The first broken link among the entries after `from.last`, walking them in order to the end;
 * and how many have been read.
 */
async function walk(
  db: Db,
  lmsKey: number,
  seals: Map<number, Seal>,
  problems: Map<number, string>,
  from: Walked,
): Promise<Walked> {
  let { last, events } = from;
  for (;;) {
    const page = await selectEventPage(db, lmsKey, last?.seq ?? 0, PAGE);
    for (const entry of page) {
      const expected = (last?.seq ?? 0) + 1;
      if (entry.seq !== expected) {
        const message = `Broken at event ${expected}: it is missing (the chain goes from event ${expected - 1} to event ${entry.seq}).`;
        return { events, last, broken: breakOutside(expected, 'gap', message) };
      }
      if (entryHash(entry) !== entry.hash) {
        return {
          events,
          last,
          broken: breakAt(entry, 'contents', 'its contents do not match its hash'),
        };
      }
      if (entry.prevHash !== (last?.hash ?? GENESIS_HASH)) {
        const what = last
          ? `it does not hold the hash of event ${last.seq} (one of the two was altered)`
          : 'it does not start from the chain’s beginning';
        return { events, last, broken: breakAt(entry, 'link', what) };
      }
      const problem = problems.get(entry.seq);
      if (problem) return { events, last, broken: breakAt(entry, 'seal', problem) };
      const seal = seals.get(entry.seq);
      if (seal && seal.hash !== entry.hash) {
        const what = `${sealName(seal)} signed another hash for it`;
        return { events, last, broken: breakAt(entry, 'seal', what) };
      }
      last = entry;
      events += 1;
    }
    if (page.length < PAGE) return { events, last, broken: null };
  }
}

/** After the last entry: the head agrees with it, and no seal is beyond it. */
function checkEnd(
  last: Entry | null,
  head: { seq: number; hash: string } | undefined,
  seals: Seal[],
): ChainBreak | null {
  const lastSeq = last?.seq ?? 0;
  const beyond = seals.find((seal) => seal.seq > lastSeq);
  if (beyond) {
    return breakOutside(
      lastSeq + 1,
      'truncated',
      `Broken after event ${lastSeq}: ${sealName(beyond)} vouches for event ${beyond.seq}, which is missing (the chain was cut short).`,
    );
  }
  const headSeq = head?.seq ?? 0;
  if (headSeq > lastSeq) {
    return breakOutside(
      lastSeq + 1,
      'truncated',
      `Broken after event ${lastSeq}: the chain’s head is at event ${headSeq}, so the events after ${lastSeq} are missing (the chain was cut short).`,
    );
  }
  if (!last) return null;
  if (headSeq < lastSeq) {
    return breakAt(last, 'head', `the chain’s head is at event ${headSeq}, not here`);
  }
  if (head!.hash !== last.hash) {
    return breakAt(last, 'head', 'the chain’s head holds another hash for it');
  }
  return null;
}

/** Verifies the LMS's chain (see the file's comment); `intact` with no broken link. */
export async function verifyChain(db: Db, lmsKey: number): Promise<ChainVerification> {
  const sealRows = await selectSeals(db, lmsKey);
  const problems = await sealProblems(db, lmsKey, sealRows);
  const seals = new Map(sealRows.map((seal) => [seal.seq, seal]));
  let walked = await walk(db, lmsKey, seals, problems, { events: 0, last: null, broken: null });
  for (;;) {
    if (walked.broken) break;
    // The head is read after the entries: each append commits its entry and the head together,
    // so a head beyond the last entry read is either entries appended since (read on) or, when
    // no more come, entries removed.
    const head = await selectHead(db, lmsKey);
    const before = walked.events;
    if (head && head.seq > (walked.last?.seq ?? 0)) {
      walked = await walk(db, lmsKey, seals, problems, walked);
      if (walked.events > before) continue;
    }
    walked = { ...walked, broken: walked.broken ?? checkEnd(walked.last, head, sealRows) };
    break;
  }
  const { events, broken } = walked;
  return { lmsKey, events, seals: sealRows.length, intact: broken === null, broken };
}

const count = (n: number, what: string) =>
  `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** The verification in one line: 'Chain of LMS demo: 1,234 events, 3 seals, intact.' or its break. */
export function describeVerification(lmsCode: string, result: ChainVerification): string {
  if (result.broken) return result.broken.message;
  return `Chain of LMS ${lmsCode}: ${count(result.events, 'event')}, ${count(result.seals, 'seal')}, intact.`;
}
