import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../api';
import { DEFAULT_SUPPORT_INFO, setState } from '../lib/store';
import { SupportDialog } from './support-dialog';

afterEach(() => act(() => setState({ supportInfo: DEFAULT_SUPPORT_INFO, currentUser: null })));

function withSupport(Chat: string) {
  setState({
    supportInfo: {
      ...DEFAULT_SUPPORT_INFO,
      Phone: '+1 555 0100',
      OperationHours: 'Mon-Fri 08:00-18:00',
      Email: 'help@example.com',
      Chat,
      HelpCenterURL: 'https://help.example.com/hc',
      PrivacyPolicyURL: 'https://example.com/privacy',
    },
    lmsInfo: null,
    lmsInfoStatus: 'idle',
    currentUser: {
      nameOther: 'Jane',
      nameCollated: 'Doe',
      email: 'jane@example.com',
      userID: 'jdoe',
    } as UserDetails,
  });
}

describe('Get Support pop-up', () => {
  it('shows phone, hours, email, privacy link, help centre and Close', async () => {
    withSupport('https://chat.example.com/start');
    const onOpenChange = vi.fn();
    render(<SupportDialog open onOpenChange={onOpenChange} />);
    expect(screen.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(screen.getByText('Mon-Fri 08:00-18:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(screen.getByRole('link', { name: 'Start a chat' })).toHaveAttribute(
      'href',
      'https://chat.example.com/start',
    );
    expect(screen.getByRole('link', { name: 'Click Here' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    const help = new URL(
      screen.getByRole('link', { name: /Help Centre/ }).getAttribute('href') ?? '',
    );
    expect(help.searchParams.get('familyName')).toBe('Doe');
    expect(help.searchParams.get('givenName')).toBe('Jane');
    expect(help.searchParams.get('email')).toBe('jane@example.com');
    expect(help.searchParams.get('userID')).toBe('jdoe');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('embeds a chat iframe as its own sandboxed frame, never the raw HTML', () => {
    withSupport('<iframe src="https://chat.example.com/embed" onload="alert(1)"></iframe>');
    render(<SupportDialog open onOpenChange={() => undefined} />);
    const frame = screen.getByTitle('Support chat');
    expect(frame).toHaveAttribute('src', 'https://chat.example.com/embed');
    expect(frame).toHaveAttribute('sandbox');
    expect(frame).not.toHaveAttribute('onload');
  });
});
