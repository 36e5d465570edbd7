import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ operatorToken: 'operator-token-for-tests' });
  });
  afterAll(() => t.close());

  it('sends a Permissions-Policy that turns off powerful features', async () => {
    const response = await fetch(`${t.baseUrl}/lms/now`);
    const policy = response.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(policy).toContain(feature);
    }
    // Every feature named is one Chromium knows (its permissions_policy_features.json5), else it
    // logs "Unrecognized feature" on every page: `bluetooth` once was such a name.
    const chromiumFeatures = new Set([
      'accelerometer',
      'autoplay',
      'camera',
      'display-capture',
      'fullscreen',
      'geolocation',
      'gyroscope',
      'hid',
      'magnetometer',
      'microphone',
      'midi',
      'payment',
      'publickey-credentials-get',
      'serial',
      'usb',
      'xr-spatial-tracking',
    ]);
    const named = policy.split(',').map((entry) => entry.trim().split('=')[0]);
    expect(named.filter((feature) => !chromiumFeatures.has(feature!))).toEqual([]);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("keeps a route's own Referrer-Policy (no-referrer where the address holds a credential)", async () => {
    // The player page sets no-referrer: its address holds the launch id (ADR 0007).
    const launchId = 'A'.repeat(43);
    const response = await fetch(`http://localhost:${new URL(t.baseUrl).port}/player/${launchId}`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('lists no operator route in the public OpenAPI document', async () => {
    const document = (await (await fetch(`${t.baseUrl}/lms/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    const routes = Object.keys(document.paths);
    expect(routes).toContain('/lms/api/Login');
    expect(routes.filter((route) => route.startsWith('/lms/operator'))).toEqual([]);
  });

  it('serves the operator part of the OpenAPI document only with the operator token', async () => {
    const url = `${t.baseUrl}/lms/operator/openapi.json`;
    expect((await fetch(url)).status).toBe(401);
    const response = await fetch(url, {
      headers: { authorization: 'Bearer operator-token-for-tests' },
    });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    const routes = Object.keys(document.paths);
    expect(routes).toContain('/lms/operator/commands/list-lms');
    expect(routes.filter((route) => !route.startsWith('/lms/operator'))).toEqual([]);
  });
});
