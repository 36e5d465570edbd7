import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../api';
import { ChangePasswordDialog } from './change-password-dialog';
import type * as Api from '../../api';

const changePassword = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof Api>()),
  changePassword,
}));

const user = { userKey: 7, lmsKey: 1, userID: 'jdoe' } as UserDetails;

function Harness({ onChanged }: { onChanged?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} user={user} onChanged={onChanged} />
    </>
  );
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);

afterEach(() => {
  changePassword.mockReset();
});

describe('Change Password pop-up', () => {
  it('has labelled fields with the spec placeholders, Cancel and Done', () => {
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Old password')).toHaveAttribute('placeholder', 'Old Password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('placeholder', 'New Password');
    expect(screen.getByLabelText('Retype password')).toHaveAttribute(
      'placeholder',
      'Retype Password',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('Enter with an empty field focuses the first empty one and sends nothing', async () => {
    const person = userEvent.setup();
    render(<Harness />);
    await person.type(field('New Password'), 'new-pass-1{Enter}');
    expect(field('Old Password')).toHaveFocus();
    await person.type(field('Old Password'), 'old-pass{Enter}');
    expect(field('Retype Password')).toHaveFocus();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('Enter with all three filled submits the cleaned new password', async () => {
    changePassword.mockResolvedValue({
      successfulApiCall: true,
      statusCode: 200,
      errorMsg: '',
      responseBody: {},
    });
    const onChanged = vi.fn();
    const person = userEvent.setup();
    render(<Harness onChanged={onChanged} />);
    await person.type(field('Old Password'), 'old-pass');
    await person.type(field('New Password'), ' new-pass-1 ');
    await person.type(field('Retype Password'), 'new-pass-1{Enter}');
    expect(changePassword).toHaveBeenCalledWith(user, 'old-pass', 'new-pass-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the mismatch message, and clears it when the new password is edited', async () => {
    const person = userEvent.setup();
    render(<Harness />);
    await person.type(field('Old Password'), 'old-pass');
    await person.type(field('New Password'), 'new-pass-1');
    await person.type(field('Retype Password'), 'new-pass-2');
    await person.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    await person.type(field('New Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Done with blank new passwords says so', async () => {
    const person = userEvent.setup();
    render(<Harness />);
    await person.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('alert')).toHaveTextContent("New password can't be blank.");
  });

  it('refuses an unchanged password with "Password didn\'t change."', async () => {
    const person = userEvent.setup();
    render(<Harness />);
    await person.type(field('Old Password'), 'same-pass');
    await person.type(field('New Password'), 'same-pass');
    await person.type(field('Retype Password'), 'same-pass{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent("Password didn't change.");
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('lists the server password requirements from a 400 answer', async () => {
    changePassword.mockResolvedValue({
      successfulApiCall: false,
      statusCode: 400,
      errorMsg: 'Password does not meet the requirements.',
      responseBody: {
        message: 'Password does not meet the requirements.',
        messages: ['Use at least 8 characters.', 'Use a digit.'],
      },
    });
    const person = userEvent.setup();
    render(<Harness />);
    await person.type(field('Old Password'), 'old-pass');
    await person.type(field('New Password'), 'short');
    await person.type(field('Retype Password'), 'short{Enter}');
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    expect(list).toHaveTextContent('Use at least 8 characters.');
    expect(list).toHaveTextContent('Use a digit.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Escape closes the pop-up, and reopening shows empty fields without the error', async () => {
    const person = userEvent.setup();
    render(<Harness />);
    await person.type(field('Old Password'), 'old-pass');
    await person.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Open' }));
    expect(field('Old Password')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel closes the pop-up', async () => {
    const person = userEvent.setup();
    render(<Harness />);
    await person.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts in the Old Password field', () => {
    render(<Harness />);
    expect(field('Old Password')).toHaveFocus();
  });
});
