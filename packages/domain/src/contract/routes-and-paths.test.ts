import { describe, expect, it } from 'vitest';
import * as panelContract from './index.js';
import * as consoleContract from './console/index.js';

// Both entries of the contract: the panel's and the staff console's (docs/decisions/0021).
const contract = { ...panelContract, ...consoleContract };
import type { ApiCall } from './define.js';

// Every call's route (what the server registers) and path() (what the client calls) say the same
// thing (docs/decisions/0008): call path() with sample values and match the address against the
// route's pattern, each :param taking the sample given for it, in order.

type AnyCall = ApiCall<readonly unknown[], unknown, unknown>;

/** Every call of the contract, by "<calls object>.<name>". */
function contractCalls(module: Record<string, unknown> = contract): Map<string, AnyCall> {
  const calls = new Map<string, AnyCall>();
  for (const [group, value] of Object.entries(module)) {
    if (!group.endsWith('Calls') || typeof value !== 'object' || value === null) continue;
    for (const [name, call] of Object.entries(value as Record<string, AnyCall>)) {
      calls.set(`${group}.${name}`, call);
    }
  }
  return calls;
}

/** What is wrong with a call whose path() does not fit its route; null when they agree. */
function routePathMismatch(call: AnyCall): string | null {
  // Distinct samples, so a parameter put in the wrong place is caught: 9001, 9002, ...
  const samples = Array.from({ length: call.path.length }, (_, index) => 9001 + index);
  const address = call.path(...samples);
  const pathOnly = address.split('?')[0]!;
  const names: string[] = [];
  const pattern = call.route
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const match = new RegExp(`^${pattern}$`).exec(pathOnly);
  if (!match) return `path() gives ${address}, which route ${call.route} does not match`;
  // Each :param holds one of the samples, in the order the arguments are given.
  const used = match.slice(1).map((value) => samples.indexOf(Number(decodeURIComponent(value))));
  const inOrder = used.every((index, at) => index >= 0 && (at === 0 || index > used[at - 1]!));
  return inOrder
    ? null
    : `path() gives ${address}: route ${call.route}'s :${names.join(', :')} do not take its arguments in order`;
}

describe('the contract: every call', () => {
  const calls = contractCalls();

  it('is found (every area module of the contract has its calls)', () => {
    expect(calls.size).toBeGreaterThan(60);
    for (const call of calls.values()) {
      expect(call.route.startsWith('/')).toBe(true);
      expect(typeof call.path).toBe('function');
    }
  });

  it('has a path() that fits its route', () => {
    const wrong = [...calls]
      .map(([name, call]) => [name, routePathMismatch(call)] as const)
      .filter(([, problem]) => problem !== null);
    expect(wrong).toEqual([]);
  });

  it('reports a call whose path() and route disagree (the check fires)', () => {
    const probe = (route: string, path: (...args: never[]) => string): AnyCall =>
      contract.defineCall<never>()({ method: 'GET', route, path }) as AnyCall;
    // A segment spelt differently, a parameter missing, and two parameters swapped.
    expect(
      routePathMismatch(probe('/api/widgets/:lmsKey', (lms: number) => `/api/widget/${lms}`)),
    ).toMatch(/does not match/);
    expect(
      routePathMismatch(probe('/api/a/:lmsKey/:userKey', (lms: number) => `/api/a/${lms}`)),
    ).toMatch(/does not match/);
    expect(
      routePathMismatch(
        probe('/api/a/:lmsKey/:userKey', (lms: number, user: number) => `/api/a/${user}/${lms}`),
      ),
    ).toMatch(/in order/);
    // And a call that agrees passes, query string and all.
    expect(
      routePathMismatch(
        probe('/api/a/:lmsKey', (lms: number, force: boolean) => `/api/a/${lms}?force=${force}`),
      ),
    ).toBeNull();
  });
});
