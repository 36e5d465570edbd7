import { describe, expect, it } from 'vitest';
import {
  appLinkAddressProblem,
  appLinkLabelProblem,
  appLinksProblems,
  normaliseAppLink,
  type AppLinkInput,
} from './app-links.js';

// §3 App download link: label, link, willRender; the strip (§1) opens each link from the panel, so
// docs/decisions/0024 "Install and app links" takes only whole https addresses.
describe('appLinkAddressProblem', () => {
  it.each<[string, string, string | null]>([
    ['an app store address', 'https://apps.apple.com/app/id123', null],
    ['a download page with a query', 'https://example.org/get?os=win#top', null],
    ['surrounding spaces are trimmed', '  https://play.google.com/store/apps  ', null],
    ['empty', '   ', 'The address is empty.'],
    ['plain http', 'http://example.org/app', 'The address must start with https://.'],
    ['a script address', 'javascript:alert(1)', 'The address must start with https://.'],
    ['a data address', 'data:text/html,hi', 'The address must start with https://.'],
    [
      'a relative path',
      '/downloads/app.exe',
      "'/downloads/app.exe' is not a web address: give it whole, https://...",
    ],
    ['a space inside', 'https://example.org/my app', 'The address contains spaces.'],
    [
      'credentials',
      'https://user:secret@example.org/',
      'The address must not hold a user name or password.',
    ],
    [
      'too long',
      `https://example.org/${'a'.repeat(2000)}`,
      'The address is too long (2000 characters max).',
    ],
  ])('%s', (_case, address, problem) => {
    expect(appLinkAddressProblem(address)).toBe(problem);
  });
});

describe('appLinkLabelProblem', () => {
  it.each<[string, string, string | null]>([
    ['a platform', 'Google Play', null],
    ['empty', ' ', 'The label is empty.'],
    ['too long', 'x'.repeat(41), 'The label is too long (40 characters max).'],
    ['a control character', 'Win\u0007dows', 'The label contains control characters.'],
  ])('%s', (_case, label, problem) => {
    expect(appLinkLabelProblem(label)).toBe(problem);
  });
});

const link = (label: string, address = 'https://example.org/app'): AppLinkInput => ({
  label,
  link: address,
  willRender: true,
});

describe('appLinksProblems', () => {
  it('takes the three links of §1 and none at all', () => {
    expect(appLinksProblems([link('Windows'), link('Apple'), link('Google Play')])).toEqual([]);
    expect(appLinksProblems([])).toEqual([]);
  });
  it('names each link with its problem', () => {
    expect(appLinksProblems([link('Windows'), link('Apple', 'http://x.org'), link('')])).toEqual([
      'Link 2 (Apple): The address must start with https://.',
      'Link 3: The label is empty.',
    ]);
  });
  it('refuses a label twice, in any case', () => {
    expect(appLinksProblems([link('Apple'), link(' apple ')])).toEqual([
      'Link 2 (apple): another link has this label.',
    ]);
  });
  it('refuses more than ten links', () => {
    const many = Array.from({ length: 11 }, (_, index) => link(`App ${index}`));
    expect(appLinksProblems(many)).toEqual(['At most 10 links.']);
  });
  it('stores a link trimmed', () => {
    expect(
      normaliseAppLink({ label: ' Apple ', link: ' https://a.org ', willRender: false }),
    ).toEqual({ label: 'Apple', link: 'https://a.org', willRender: false });
  });
});
