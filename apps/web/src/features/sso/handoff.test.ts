import { describe, expect, it } from 'vitest';
import { handoffFromHash } from './handoff';

describe('handoffFromHash', () => {
  it.each([
    [
      '#handoff=abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE',
      'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE',
    ],
    ['handoff=abcdefghijklmnopqrstuvwxyz', 'abcdefghijklmnopqrstuvwxyz'],
    ['', null],
    ['#handoff=short', null],
    ['#handoff=<script>alert(1)</script>aaaaaaaaaaaa', null],
    ['#other=abcdefghijklmnopqrstuvwxyz', null],
  ])('%j -> %j', (hash, expected) => {
    expect(handoffFromHash(hash)).toBe(expected);
  });
});
