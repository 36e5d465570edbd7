/**
 * What a SCORM 2004 SCO asked for with adl.nav.request before Terminate, honoured after
 * Terminate: resolved against the package's lessons in the student's course.
 */
import type { PlayerSibling } from '@waypoint/domain/contract';

export type NavAction =
  /**
   * Launch this sibling (POST navigate); with `request`, a sequenced package's navigation request
   * the server's sequencer resolves (the sibling is then the current lesson).
   */
  | { kind: 'launch'; sibling: PlayerSibling; request?: string }
  /** Close the player, like "Exit lesson". */
  | { kind: 'exit' }
  /** No request: stay on the ended SCO. */
  | { kind: 'none' };

const CLOSING = new Set(['exit', 'exitAll', 'suspendAll', 'abandon', 'abandonAll']);
const TARGETED = /^\{target=([^}]+)\}(choice|jump)$/;

/** The sibling before (-1) or after (+1) the current one, if any. */
export function neighbour(siblings: PlayerSibling[], step: -1 | 1): PlayerSibling | undefined {
  const index = siblings.findIndex((sibling) => sibling.current);
  if (index < 0) return undefined;
  return siblings[index + step];
}

/**
 * Previous / Next of a package without sequencing: a sibling before / after the current one that
 * the student may open (what the frame's buttons and adl.nav.request_valid both answer).
 */
export function siblingNavigation(siblings: PlayerSibling[]): {
  continue: boolean;
  previous: boolean;
} {
  return {
    continue: neighbour(siblings, 1)?.launchable === true,
    previous: neighbour(siblings, -1)?.launchable === true,
  };
}

/**
 * Resolves a nav request of a package without sequencing: 'continue' / 'previous' go to the next / previous sibling,
 * '{target=ID}choice' (and jump) to the sibling with that manifest identifier, the closing
 * requests close the player. A request that leads nowhere (continue after the last lesson, an
 * unknown target) ends the session too: the SCO has terminated and asked to leave it. Anything
 * else (no request, or one this player does not sequence) leaves the ended SCO on screen.
 */
export function resolveNavRequest(
  request: string,
  siblings: PlayerSibling[],
  sequenced = false,
): NavAction {
  const value = request.trim();
  // A sequenced package (SCORM 2004 SN): the server's sequencer decides where every request leads,
  // the session-ending ones included (it records an exitAll or a suspendAll).
  if (sequenced) {
    const current = siblings.find((sibling) => sibling.current);
    if (value === '' || value === '_none_' || !current) return { kind: 'none' };
    return { kind: 'launch', sibling: current, request: value };
  }
  if (CLOSING.has(value)) return { kind: 'exit' };
  let sibling: PlayerSibling | undefined;
  if (value === 'continue') sibling = neighbour(siblings, 1);
  else if (value === 'previous') sibling = neighbour(siblings, -1);
  else {
    const match = TARGETED.exec(value);
    if (!match) return { kind: 'none' };
    sibling = siblings.find((item) => item.identifier === match[1]);
  }
  return sibling ? { kind: 'launch', sibling } : { kind: 'exit' };
}
