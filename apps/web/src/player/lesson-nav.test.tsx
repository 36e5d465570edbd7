import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LessonNav } from './lesson-nav';
import type { PlayerSibling } from '@waypoint/domain/contract';

const sibling = (
  lessonKey: number,
  name: string,
  fields: Partial<PlayerSibling> = {},
): PlayerSibling => ({
  lessonKey,
  identifier: `item-${lessonKey}`,
  name,
  current: false,
  launchable: true,
  ...fields,
});

describe('lesson navigation of a sequenced package: only what the sequencer allows (SN NB.2.1)', () => {
  const siblings = [
    sibling(1, 'Study', { current: true }),
    sibling(2, 'Final exam', { launchable: false }),
    sibling(3, 'Test A', { launchable: false, hidden: true }),
    sibling(4, 'Test B'),
  ];

  it('lists the lessons it does not hide, those it would not deliver disabled; Next is a continue request', async () => {
    const onGo = vi.fn();
    render(
      <LessonNav
        siblings={siblings}
        sequencing={{ continue: true, previous: false, choice: true }}
        disabled={false}
        onGo={onGo}
      />,
    );
    const options = within(screen.getByRole('combobox', { name: 'Lesson' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Study (this lesson)',
      'Final exam',
      'Test B',
    ]);
    expect((options[1] as HTMLOptionElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onGo).toHaveBeenCalledWith(siblings[0], 'continue');
  });

  it('a flow-only package has no lesson list', () => {
    render(
      <LessonNav
        siblings={siblings}
        sequencing={{ continue: false, previous: true, choice: false }}
        disabled={false}
        onGo={vi.fn()}
      />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
  });
});
