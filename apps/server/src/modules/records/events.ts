/**
 * Reading an LMS's training events (docs/decisions/0023 "Training events"), for exports and
 * bundles: in chain order, a page at a time, so a reader holds one page whatever the chain's size.
 */
import type { Db } from '../../db/connection.js';
import { selectEventPage, type EventFilter } from './repo.js';

const PAGE = 500;

/** One entry as stored: the payload is the JSON text that was hashed. */
export interface TrainingEvent {
  lmsKey: number;
  seq: number;
  at: Date;
  type: string;
  subjectId: string | null;
  actor: string;
  payload: string;
  prevHash: string;
  hash: string;
}

/**
 * The LMS's entries in seq order, optionally only those about some subjects (record_subject ids)
 * or within [from, to), read a page at a time as the caller iterates.
 */
export async function* eventsOf(
  db: Db,
  lmsKey: number,
  filter: EventFilter = {},
): AsyncGenerator<TrainingEvent> {
  if (filter.subjectIds && filter.subjectIds.length === 0) return;
  let after = 0;
  for (;;) {
    const page = await selectEventPage(db, lmsKey, after, PAGE, filter);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.seq;
  }
}
