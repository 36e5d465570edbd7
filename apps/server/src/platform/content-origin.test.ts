import { describe, expect, it } from 'vitest';
import { contentOriginSameSite, createContentOriginMemo } from './content-origin.js';

// ADR 0024: lessons offline need the content origin on the panel's site (scheme and registrable
// domain), or the browser partitions the offline frame's storage from the lesson window's.
describe('contentOriginSameSite', () => {
  it.each([
    ['the loopback pair npm start derives', 'http://localhost:8080', null, false],
    ['the loopback pair the other way round', 'http://127.0.0.1:8080', null, false],
    ['two names of one domain', 'https://lms.airline.com', 'https://content.airline.com', true],
    ['a domain and its own subdomain', 'https://airline.com', 'https://lessons.airline.com', true],
    ['two domains', 'https://lms.airline.com', 'https://content.airline-cdn.com', false],
    ['a country suffix', 'https://lms.airline.co.uk', 'https://content.airline.co.uk', true],
    ['two sites under one public suffix', 'https://a.github.io', 'https://b.github.io', false],
    ['another scheme', 'https://lms.airline.com', 'http://content.airline.com', false],
    [
      'two names of *.localhost',
      'http://panel.waypoint.localhost:8080',
      'http://content.waypoint.localhost:8080',
      true,
    ],
  ])('%s', (_case, publicUrl, contentOrigin, sameSite) => {
    const deps = {
      config: { publicUrl, contentOrigin },
      state: { contentOrigin: createContentOriginMemo() },
    };
    expect(contentOriginSameSite(deps)).toBe(sameSite);
  });
});
