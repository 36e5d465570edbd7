/**
 * The training event chain's one hashing rule (docs/decisions/0023 "Training events"): each entry's
 * hash is the SHA-256 of its canonical line, which begins with the hash of the entry before, so
 * changing, removing or reordering any entry breaks every link after it. Migration 0028's
 * waypoint_event_hash computes the same line in SQL when a trigger appends; verification and the
 * tests compute it here, and a test holds the two to each other.
 */
import { createHash } from 'node:crypto';

/** The previous hash of an LMS's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What of an entry is hashed (a training_event row without its own hash). */
export interface ChainEntry {
  lmsKey: number;
  seq: number;
  at: Date;
  type: string;
  subjectId: string | null;
  actor: string;
  /** The stored JSON text, exactly as stored: never parsed and serialised again. */
  payload: string;
  prevHash: string;
}

/**
 * The canonical line: previous hash, LMS, seq, time (ISO 8601 UTC with milliseconds, as
 * toISOString), type, subject id (empty when none), actor and payload, one per line.
 */
export function canonicalLine(entry: ChainEntry): string {
  return [
    entry.prevHash,
    String(entry.lmsKey),
    String(entry.seq),
    entry.at.toISOString(),
    entry.type,
    entry.subjectId ?? '',
    entry.actor,
    entry.payload,
  ].join('\n');
}

/** The entry's hash: hex SHA-256 of the UTF-8 of its canonical line. */
export function entryHash(entry: ChainEntry): string {
  return createHash('sha256').update(canonicalLine(entry), 'utf8').digest('hex');
}
