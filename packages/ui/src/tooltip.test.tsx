import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('shows on hover and keyboard focus, below by default, and hides on Escape', async () => {
    const person = userEvent.setup();
    render(
      <Tooltip content="This is a draft course.">
        <button>Draft</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await person.tab();
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('This is a draft course.');
    expect(tooltip.className).toMatch(/bottom/);
    expect(screen.getByRole('button', { name: 'Draft' })).toHaveAccessibleDescription(
      'This is a draft course.',
    );
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await person.hover(screen.getByRole('button', { name: 'Draft' }));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });
});
