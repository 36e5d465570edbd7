import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getState, setSettingsMenuOpen } from '../../lib/store';
import { AccountMenu, type AccountMenuProps } from './account-menu';

afterEach(() => {
  act(() => setSettingsMenuOpen(false));
});

function renderMenu(overrides: Partial<AccountMenuProps> = {}) {
  const props: AccountMenuProps = {
    variant: 'classic',
    name: 'Jane Doe',
    email: 'jane@example.com',
    documentsWarning: false,
    showLogOut: false,
    onChangePassword: vi.fn(),
    onSupport: vi.fn(),
    onDocuments: vi.fn(),
    onLogOut: vi.fn(),
    ...overrides,
  };
  render(
    <>
      <p>Page content</p>
      <AccountMenu {...props} />
    </>,
  );
  return props;
}

describe('settings menu', () => {
  it('classic: a dropdown with Change Password, Support and Documents', async () => {
    const person = userEvent.setup();
    renderMenu();
    await person.click(screen.getByRole('button', { name: 'Account menu for Jane Doe' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Change Password', 'Support', 'Documents']);
  });

  it('rebrand: the settings icon shows Reset Password', async () => {
    const person = userEvent.setup();
    renderMenu({ variant: 'rebrand' });
    await person.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('menuitem', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('a click outside closes it, and so does the global flag', async () => {
    const person = userEvent.setup();
    renderMenu();
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(getState().settingsMenuOpen).toBe(true);
    fireEvent.pointerDown(screen.getByText('Page content'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(getState().settingsMenuOpen).toBe(false);
  });

  it('is keyboard usable: arrows move, Escape closes and returns focus', async () => {
    const person = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: /Account menu/ });
    trigger.focus();
    await person.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveFocus();
    await person.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveFocus();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('choosing an entry closes the menu and runs it', async () => {
    const person = userEvent.setup();
    const props = renderMenu();
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Change Password' }));
    expect(props.onChangePassword).toHaveBeenCalled();
    expect(getState().settingsMenuOpen).toBe(false);
  });

  it('shows the warning icon on the settings and Documents entries when documents need attention', async () => {
    const person = userEvent.setup();
    renderMenu({ documentsWarning: true });
    expect(screen.getByTestId('settings-warning')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('menuitem', { name: /Documents/ })).toContainElement(
      screen.getByTestId('documents-warning'),
    );
  });

  it('offers Log Out inside the menu on narrow screens', async () => {
    const person = userEvent.setup();
    const props = renderMenu({ showLogOut: true });
    await person.click(screen.getByRole('button', { name: /Account menu/ }));
    await person.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(props.onLogOut).toHaveBeenCalled();
  });
});
