import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savePendingMfa, setNavigator } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { MFA_INVALID_CODE } from './mfa-rules';
import { MfaPage } from './mfa-page';

function renderMfa() {
  const router = createMemoryRouter(
    [
      { path: '/mfa', element: <MfaPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/mfa'] },
  );
  setNavigator((to) => void router.navigate(to));
  render(<RouterProvider router={router} />);
  return router;
}

describe('MFA screen', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('restores the id and remember days from session storage', () => {
    savePendingMfa({ mfaID: 'm-1', rememberDays: 30 });
    renderMfa();
    expect(screen.getByRole('heading', { name: 'Student Panel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Remember this device for 30 days')).not.toBeChecked();
  });

  it('logs out to the login page when there is no pending MFA', async () => {
    mockFetch({});
    renderMfa();
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('takes digits only and enables Continue at six', async () => {
    savePendingMfa({ mfaID: 'm-1', rememberDays: 1 });
    const user = userEvent.setup();
    renderMfa();
    const code = screen.getByLabelText('Verification code');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await user.type(code, '12ab3');
    expect(code).toHaveValue('123');
    expect(continueButton).toBeDisabled();
    await user.type(code, '4567');
    expect(code).toHaveValue('123456');
    expect(continueButton).toBeEnabled();
  });

  it('refuses pasted text that is not digits', () => {
    savePendingMfa({ mfaID: 'm-1', rememberDays: 1 });
    renderMfa();
    const code = screen.getByLabelText('Verification code');
    fireEvent.paste(code, { clipboardData: { getData: () => '12 ab' } });
    expect(code).toHaveValue('');
    fireEvent.paste(code, { clipboardData: { getData: () => '654321' } });
    expect(code).toHaveValue('654321');
  });

  it('shows the invalid-code message when the server refuses the code (Enter submits)', async () => {
    savePendingMfa({ mfaID: 'm-1', rememberDays: 1 });
    const requests = mockFetch({
      'POST /lms/api/login/ValidateMFACode': { status: 400, body: { message: 'bad code' } },
    });
    const user = userEvent.setup();
    renderMfa();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(screen.getByRole('button', { name: 'Validating Code...' })).toBeDisabled();
    expect(await screen.findByText(MFA_INVALID_CODE)).toBeInTheDocument();
    expect(JSON.parse(requests[0]!.body!)).toEqual({
      mfaID: 'm-1',
      mfaVerificationCode: '123456',
      rememberDevice: false,
    });
  });
});
