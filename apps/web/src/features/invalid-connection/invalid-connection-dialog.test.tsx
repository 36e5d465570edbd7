import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitSessionInvalidated } from '../../api';
import { setInvalidConnectionMessage, setState } from '../../lib/store';
import { InvalidConnectionDialog } from './invalid-connection-dialog';
import type * as Store from '../../lib/store';

const logout = vi.hoisted(() => vi.fn());
vi.mock('../../lib/store', async (importOriginal) => ({
  ...(await importOriginal<typeof Store>()),
  logout,
}));

afterEach(() => {
  logout.mockReset();
  act(() => setState({ sessionId: null, invalidConnectionMessage: '' }));
});

const SESSION_INVALID =
  'Your session is no longer valid, you will now be returned to the login screen in order to re-validate your session.';

describe('Invalid Connection pop-up', () => {
  it('opens on the session-invalidated signal with the spec message', () => {
    setState({ sessionId: 'session-1' });
    render(<InvalidConnectionDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => emitSessionInvalidated({ statusCode: 401, path: '/api/permissions' }));
    expect(screen.getByRole('dialog', { name: 'Invalid Connection' })).toHaveTextContent(
      SESSION_INVALID,
    );
  });

  it('is not dismissed by Escape or an outside click, and has no close button', async () => {
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    act(() => setInvalidConnectionMessage('Your session ended.'));
    render(<InvalidConnectionDialog />);
    await person.keyboard('{Escape}');
    await person.click(document.body);
    expect(screen.getByRole('dialog')).toHaveTextContent('Your session ended.');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
  });

  it("'Re-login' logs out", async () => {
    const person = userEvent.setup();
    act(() => setInvalidConnectionMessage(SESSION_INVALID));
    render(<InvalidConnectionDialog />);
    await person.click(screen.getByRole('button', { name: 'Re-login' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
