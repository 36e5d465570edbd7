import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { SetPasswordPage } from './set-password-page';

const CHECK = '/lms/api/PasswordReset/VALIDATE_TOKEN/tok/s%40x.com';
const SUBMIT = 'PUT /lms/api/PasswordReset/tok/s%40x.com';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/ChangePassword', element: <SetPasswordPage /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('set-password screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Incorrect URL.' without token or email", () => {
    renderAt('/ChangePassword?token=tok');
    expect(screen.getByRole('heading', { name: 'Incorrect URL.' })).toBeInTheDocument();
  });

  it("shows 'Processing...' and then the form when the check answers 200 '200'", async () => {
    mockFetch({ [CHECK]: { status: 200, body: '200' } });
    renderAt('/ChangePassword?token=tok&email=s%40x.com');
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Set your account password' }),
    ).toBeInTheDocument();
  });

  it("shows 'This link has expired.' with Return when the check answers 404", async () => {
    mockFetch({ [CHECK]: { status: 404, body: { message: 'Not found' } } });
    renderAt('/ChangePassword?token=tok&email=s%40x.com');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired.' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it("refuses different passwords with 'Passwords must match.'", async () => {
    const requests = mockFetch({ [CHECK]: { status: 200, body: '200' } });
    const user = userEvent.setup();
    renderAt('/ChangePassword?token=tok&email=s%40x.com');
    await user.type(await screen.findByLabelText('New Password'), 'first-password{Enter}');
    expect(screen.getByLabelText('Retype Password')).toHaveFocus();
    await user.type(screen.getByLabelText('Retype Password'), 'other-password{Enter}');
    expect(screen.getByText('Passwords must match.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('lists the server password rules one per line', async () => {
    mockFetch({
      [CHECK]: { status: 200, body: '200' },
      [SUBMIT]: {
        status: 400,
        body: [
          { statusCode: 400, message: 'Password must be at least 8 characters.' },
          { statusCode: 400, message: 'Password must contain a digit.' },
        ],
      },
    });
    const user = userEvent.setup();
    renderAt('/ChangePassword?token=tok&email=s%40x.com');
    await user.type(await screen.findByLabelText('New Password'), 'short{Enter}');
    await user.type(screen.getByLabelText('Retype Password'), 'short{Enter}');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Password must be at least 8 characters.',
      'Password must contain a digit.',
    ]);
  });

  it('confirms success and sends the new password in headers', async () => {
    const requests = mockFetch({
      [CHECK]: { status: 200, body: '200' },
      [SUBMIT]: { status: 200 },
    });
    const user = userEvent.setup();
    renderAt('/ChangePassword?token=tok&email=s%40x.com');
    await user.type(await screen.findByLabelText('New Password'), 'Good-password-1');
    await user.type(screen.getByLabelText('Retype Password'), 'Good-password-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Password successfully set, redirecting you to login...'),
    ).toBeInTheDocument();
    expect(requests[1]!.headers.get('newPassword')).toBe('Good-password-1');
    expect(requests[1]!.headers.get('newPasswordEncoded')).toBe('Good-password-1');
  });
});
