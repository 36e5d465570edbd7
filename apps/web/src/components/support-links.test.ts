import { describe, expect, it } from 'vitest';
import { chatDisplay, helpCentreUrl, iframeSource } from './support-links';

describe('chatDisplay (spec §9: iframe means an embedded frame, else a link)', () => {
  it('frames the src of an iframe snippet, never the raw HTML', () => {
    const chat = '<iframe width="100%" src="https://chat.example.com/w?a=1&amp;b=2"></iframe>';
    expect(chatDisplay(chat)).toEqual({ kind: 'frame', src: 'https://chat.example.com/w?a=1&b=2' });
  });

  it('refuses a frame whose src is not a web address', () => {
    expect(chatDisplay("<iframe src='javascript:alert(1)'></iframe>")).toEqual({ kind: 'none' });
    expect(chatDisplay('<iframe></iframe>')).toEqual({ kind: 'none' });
  });

  it('links any other web address', () => {
    expect(chatDisplay('https://chat.example.com/start')).toEqual({
      kind: 'link',
      href: 'https://chat.example.com/start',
    });
  });

  it('shows plain text as text and nothing for empty or N/A', () => {
    expect(chatDisplay('Chat with us in the app')).toEqual({
      kind: 'text',
      text: 'Chat with us in the app',
    });
    expect(chatDisplay('')).toEqual({ kind: 'none' });
    expect(chatDisplay('N/A')).toEqual({ kind: 'none' });
  });

  it('reads unquoted and single-quoted src attributes', () => {
    expect(iframeSource('<iframe src=https://a.example/x>')).toBe('https://a.example/x');
    expect(iframeSource("<IFRAME SRC='https://a.example/y'>")).toBe('https://a.example/y');
  });
});

describe('helpCentreUrl', () => {
  const context = {
    lmsDisplayName: 'Acme Air ',
    familyName: 'Doe',
    givenName: 'Jane',
    email: 'jane@example.com',
    userID: 'jdoe',
  };

  it('carries the LMS display name, family name, given name, email and user id', () => {
    const url = new URL(helpCentreUrl('https://help.example.com/hc?src=panel', context) ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: 'panel',
      lmsName: 'Acme Air',
      familyName: 'Doe',
      givenName: 'Jane',
      email: 'jane@example.com',
      userID: 'jdoe',
    });
  });

  it('is null when no help centre (or an unsafe one) is configured', () => {
    expect(helpCentreUrl(undefined, context)).toBeNull();
    expect(helpCentreUrl('javascript:alert(1)', context)).toBeNull();
  });
});
