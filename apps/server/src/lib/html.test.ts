import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
  ])('escapes %s as %s', (char, entity) => {
    expect(escapeHtml(char)).toBe(entity);
  });

  it('escapes every occurrence and leaves the rest as it is', () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Zoë: 5 € — ok\n`=')).toBe('Zoë: 5 € — ok\n`=');
  });

  it('escapes an entity again rather than trusting it', () => {
    expect(escapeHtml('&amp; &#39;')).toBe('&amp;amp; &amp;#39;');
  });
});
