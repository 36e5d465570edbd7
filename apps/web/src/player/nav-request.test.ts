import { describe, expect, it } from 'vitest';
import { resolveNavRequest } from './nav-request';
import type { PlayerSibling } from '@waypoint/domain/contract';

const sibling = (lessonKey: number, identifier: string, current = false): PlayerSibling => ({
  lessonKey,
  identifier,
  name: `Lesson ${lessonKey}`,
  current,
  launchable: true,
});
const siblings = [sibling(1, 'item_a'), sibling(2, 'item_b', true), sibling(3, 'item_c')];
const last = [sibling(1, 'item_a'), sibling(2, 'item_b'), sibling(3, 'item_c', true)];

describe('adl.nav.request after Terminate', () => {
  it.each([
    // "'continue' -> next sibling, 'previous' -> previous sibling"
    ['continue', siblings, { kind: 'launch', lessonKey: 3 }],
    ['previous', siblings, { kind: 'launch', lessonKey: 1 }],
    // "'{target=ID}choice' -> the sibling with that identifier" (jump likewise)
    ['{target=item_a}choice', siblings, { kind: 'launch', lessonKey: 1 }],
    ['{target=item_c}jump', siblings, { kind: 'launch', lessonKey: 3 }],
    // "'exit'/'exitAll'/'suspendAll'/'abandon' -> close like Exit lesson"
    ['exit', siblings, { kind: 'exit' }],
    ['exitAll', siblings, { kind: 'exit' }],
    ['suspendAll', siblings, { kind: 'exit' }],
    ['abandon', siblings, { kind: 'exit' }],
    ['abandonAll', siblings, { kind: 'exit' }],
    // A request that leads nowhere ends the session.
    ['continue', last, { kind: 'exit' }],
    ['{target=nowhere}choice', siblings, { kind: 'exit' }],
    // No request: the ended SCO stays on screen.
    ['_none_', siblings, { kind: 'none' }],
    ['', siblings, { kind: 'none' }],
  ] as const)('%s', (request, list, expected) => {
    const action = resolveNavRequest(request, [...list]);
    expect(
      action.kind === 'launch' ? { kind: 'launch', lessonKey: action.sibling.lessonKey } : action,
    ).toEqual(expected);
  });
});

describe('adl.nav.request in a sequenced package (SCORM 2004 SN)', () => {
  it.each(['continue', 'previous', '{target=item_c}choice', 'exitAll', 'suspendAll'])(
    '%s goes to the server sequencer from the current lesson',
    (request) => {
      expect(resolveNavRequest(request, siblings, true)).toEqual({
        kind: 'launch',
        sibling: siblings[1],
        request,
      });
    },
  );

  it('no request leaves the ended SCO on screen', () => {
    expect(resolveNavRequest('_none_', siblings, true)).toEqual({ kind: 'none' });
    expect(resolveNavRequest('', siblings, true)).toEqual({ kind: 'none' });
  });
});
