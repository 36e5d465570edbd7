import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { ForgotPasswordDialog } from './forgot-password-dialog';

describe('Forgot password pop-up', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the email on each change and enables Send only when it is valid', async () => {
    const user = userEvent.setup();
    render(<ForgotPasswordDialog open onOpenChange={() => undefined} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'student');
    expect(screen.getByText('Incorrect email format.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.clear(email);
    expect(screen.getByText('You must enter an email first.')).toBeInTheDocument();
    await user.type(email, 'student@example.com');
    expect(screen.queryByText('Incorrect email format.')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it('sends the reset email and says so', async () => {
    const requests = mockFetch({
      '/lms/api/PasswordReset/VALIDATE_EMAIL/student%40example.com?fromStudentpanel=true': {
        status: 200,
      },
    });
    const user = userEvent.setup();
    render(<ForgotPasswordDialog open onOpenChange={() => undefined} />);
    await user.type(screen.getByLabelText('Email'), 'student@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(/a link to set a new password is on its way/),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('shows the unexpected-error text when the server fails without a message', async () => {
    mockFetch({
      '/lms/api/PasswordReset/VALIDATE_EMAIL/student%40example.com?fromStudentpanel=true': {
        status: 500,
        body: '',
      },
    });
    const user = userEvent.setup();
    render(<ForgotPasswordDialog open onOpenChange={() => undefined} />);
    await user.type(screen.getByLabelText('Email'), 'student@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'An unexpected error occurred while attempting to send password reset email.',
      ),
    ).toBeInTheDocument();
  });
});
