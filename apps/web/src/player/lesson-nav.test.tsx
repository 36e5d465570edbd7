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

describe('Previous / Next offered only when the sequencer would deliver (SN NB.2.1), hidden on hideLMSUI (CAM)', () => {
  const siblings = [sibling(1, 'Briefing', { current: true }), sibling(2, 'Walkaround')];
  const LAST = 'This is the last lesson of the course: there is no next lesson.';

  it('a disabled Next says why, as its description and in a tooltip', () => {
    render(
      <LessonNav
        siblings={siblings}
        sequencing={{ continue: false, previous: false, choice: false, continueRefused: LAST }}
        disabled={false}
        onGo={vi.fn()}
      />,
    );
    const next = screen.getByRole('button', { name: /Next/ });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(LAST);
    expect(
      screen.getAllByRole('tooltip', { hidden: true }).map((tip) => tip.textContent),
    ).toContain(LAST);
    // A sequencer that gave no reason still gets one.
    expect(screen.getByRole('button', { name: /Previous/ })).toHaveAccessibleDescription(
      "This course's sequencing does not allow this now.",
    );
  });

  it("the sequencer's later answer (a commit's navigation) wins over the launch's", async () => {
    const onGo = vi.fn();
    render(
      <LessonNav
        siblings={siblings}
        sequencing={{ continue: false, previous: false, choice: false, continueRefused: LAST }}
        navigation={{ continue: true, previous: false, previousRefused: 'First.' }}
        disabled={false}
        onGo={onGo}
      />,
    );
    const next = screen.getByRole('button', { name: /Next/ });
    expect(next).toBeEnabled();
    expect(next).not.toHaveAttribute('title');
    expect(next).not.toHaveAccessibleDescription();
    await userEvent.click(next);
    expect(onGo).toHaveBeenCalledWith(siblings[0], 'continue');
    expect(screen.getByRole('button', { name: /Previous/ })).toHaveAccessibleDescription('First.');
  });

  it('hideLMSUI continue / previous: no Previous or Next; the lesson list stays', () => {
    render(
      <LessonNav
        siblings={siblings}
        sequencing={{ continue: true, previous: true, choice: true }}
        hidden={['continue', 'previous']}
        disabled={false}
        onGo={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Previous/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Lesson' })).toBeInTheDocument();
  });

  it('a flow-only package whose lesson hides both buttons shows no navigation at all', () => {
    render(
      <LessonNav
        siblings={siblings}
        sequencing={{ continue: true, previous: false, choice: false }}
        hidden={['previous', 'continue']}
        disabled={false}
        onGo={vi.fn()}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('without sequencing: Previous / Next only toward a lesson that exists and may open, else why', () => {
    render(
      <LessonNav
        siblings={[
          sibling(1, 'Preflight', { current: true }),
          sibling(2, 'Takeoff', { launchable: false }),
        ]}
        disabled={false}
        onGo={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /Previous/ })).toHaveAccessibleDescription(
      'This is the first lesson of the course: there is no previous lesson.',
    );
    const next = screen.getByRole('button', { name: /Next/ });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Takeoff cannot be opened now.');
  });
});
