/**
 * The player API's shapes (issue 5): what the server's player module answers and the player page
 * reads, on the content origin under /player-api/{launchId}/... One definition for both sides.
 */
import type { ScormVersion } from './cmi-progress.js';

/** CMI values by their SCORM element names ('cmi.core.lesson_status': 'incomplete'). */
export type CmiValues = Record<string, string>;

/** A lesson of the same package in the student's course (multi-SCO navigation). */
export interface PlayerSibling {
  lessonKey: number;
  /** The manifest item identifier, the target of an adl.nav.request choice. */
  identifier: string;
  name: string;
  current: boolean;
  launchable: boolean;
}

/** GET /player-api/{launchId}/state: what the runtime starts from. */
export interface PlayerState {
  launchId: string;
  scormVersion: ScormVersion;
  lessonName: string;
  courseName: string;
  /** Same-origin address of the launch file, loaded in the frame. */
  contentUrl: string;
  /** Highest commit seq the server has applied for this launch (0 at first). */
  lastSeq: number;
  /** Library preview: the server records nothing. */
  preview: boolean;
  /** Initial CMI values (flattened element names of the lesson's SCORM version). */
  cmi: CmiValues;
  siblings: PlayerSibling[];
  heartbeatSeconds: number;
  autocommitSeconds: number;
}

/** A commit as the queue builds it; the API client adds the token. */
export interface CommitPayload {
  /** 1, 2, 3 ... per launch, strictly increasing. */
  seq: number;
  final: boolean;
  /** Only the stored elements changed since the last acknowledged commit. */
  cmi: CmiValues;
}

/** The answer to POST commit. applied:false = stale (seq <= lastSeq): acknowledged and ignored. */
export interface CommitAnswer {
  applied: boolean;
  /** The server's lastSeq after this commit. */
  seq: number;
  closed: boolean;
}

/** The answer to POST navigate: the sibling's new launch. */
export interface NavigateAnswer {
  launchId: string;
  token: string;
}
