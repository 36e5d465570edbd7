import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toast } from './toast';

describe('Toast', () => {
  it('announces the confirmation and can be dismissed', async () => {
    const onDismiss = vi.fn();
    render(<Toast message="Your password has been changed." onDismiss={onDismiss} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('renders nothing without a message', () => {
    render(<Toast message="" onDismiss={() => undefined} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
