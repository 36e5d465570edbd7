import { describe, expect, it } from 'vitest';
import type { StoredLesson } from '../../offline/bridge-protocol';
import { availableText, formatBytes, playRoute, storingText } from './offline-format';

describe('bytes for people', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1_000, '1 KB'],
    [3_200_000, '3.2 MB'],
    [12_000_000, '12 MB'],
    [12_499_999, '12 MB'],
    [999_999_999, '1 GB'],
    [9_960_000, '10 MB'],
    [1_500_000_000, '1.5 GB'],
    [Number.NaN, '0 B'],
  ])('%d bytes: %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it("storing: '3.2 MB of 12 MB', the size alone until the total is known", () => {
    expect(storingText(3_200_000, 12_000_000)).toBe('3.2 MB of 12 MB');
    expect(storingText(3_200_000, 0)).toBe('3.2 MB');
  });

  it("stored: 'Available offline · 12 MB'", () => {
    expect(availableText(12_000_000)).toBe('Available offline · 12 MB');
  });
});

describe('where Play goes (docs/decisions/0024)', () => {
  const stored = { grantId: 'A_b-c'.padEnd(43, 'x') } as StoredLesson;
  const origin = 'http://127.0.0.1:4173';

  it.each([
    ['online, stored', true, stored, origin, { kind: 'online' }],
    ['online, not stored', true, undefined, null, { kind: 'online' }],
    [
      'offline, stored',
      false,
      stored,
      `${origin}/`,
      { kind: 'offline', url: `${origin}/player/offline/play#${stored.grantId}` },
    ],
    ['offline, not stored', false, undefined, origin, { kind: 'needs-connection' }],
    ['offline, origin unknown', false, stored, null, { kind: 'needs-connection' }],
  ] as const)('%s', (_name, online, lesson, contentOrigin, route) => {
    expect(playRoute(online, lesson, contentOrigin)).toEqual(route);
  });
});
