import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

describe('GET /lms/now', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the server time without a session, with the security headers', async () => {
    const before = Date.now();
    const response = await fetch(`${t.baseUrl}/lms/now`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { now: number };
    expect(body.now).toBeGreaterThanOrEqual(before);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('moves with the test clock', async () => {
    t.clock.advance(60_000);
    const body = (await (await fetch(`${t.baseUrl}/lms/now`)).json()) as { now: number };
    expect(body.now).toBeGreaterThan(Date.now() + 50_000);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${t.baseUrl}/lms/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain('No route');
  });
});

describe('GET /lms/api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents the routes from their schemas', async () => {
    const response = await fetch(`${t.baseUrl}/lms/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/lms/api/Login', '/lms/now', '/lms/api/permissions']),
    );
  });
});
