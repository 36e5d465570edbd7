import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';
import { buildProgrammeTree } from './programme.fixtures';

afterEach(() => vi.unstubAllGlobals());

const TREE = '/lms/api/console/programme';

function signedInAs(
  role: 'administrator' | 'auditor',
  more: Parameters<typeof mockFetch>[0] = {},
): RecordedRequest[] {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [`GET ${TREE}`]: { status: 200, body: buildProgrammeTree() },
    ...more,
  });
}

describe('training programme', () => {
  it("checks a lesson's marks by the domain's rules before sending, then sends fractions", async () => {
    const requests = signedInAs('administrator', {
      [`PUT ${TREE}/lessons/1001`]: { status: 200, body: { key: 1001, changed: ['minScorePass'] } },
    });
    renderConsole('/programme?node=lesson-1001');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Lesson: CRM workshop' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.getByText(/Classroom lesson: attended in person/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Minimum score (%)'));
    await user.type(screen.getByLabelText('Minimum score (%)'), '90');
    await user.clear(screen.getByLabelText('Pass mark (%)'));
    await user.type(screen.getByLabelText('Pass mark (%)'), '80');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The pass mark (80%) is below the minimum score (90%).',
    );
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByLabelText('Minimum score (%)'));
    await user.type(screen.getByLabelText('Minimum score (%)'), '50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({ minScoreComplete: 0.5, minScorePass: 0.8 });
  });

  it("sets a curriculum's validity rule, checked by the domain before sending", async () => {
    const requests = signedInAs('administrator', {
      [`PUT ${TREE}/curricula/1`]: { status: 200, body: { key: 1, changed: ['validityRule'] } },
    });
    renderConsole('/programme?node=curriculum-1');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Curriculum: Recurrent' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Validity in months')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Validity'), 'faa');
    await user.clear(screen.getByLabelText('Validity in months'));
    await user.type(screen.getByLabelText('Validity in months'), '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The validity must be a whole number of months from 1 to 1200.',
    );
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Validity'), 'easa');
    await user.clear(screen.getByLabelText('Validity in months'));
    await user.type(screen.getByLabelText('Validity in months'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({ validityRule: 'easa', validityMonths: 12 });
  });

  it('lets an auditor read the programme and change nothing', async () => {
    signedInAs('auditor');
    renderConsole('/programme?node=course-10');
    expect(
      await screen.findByRole('heading', { name: 'Course: Systems' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload package' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move this course/ })).toBeNull();
    expect(screen.getByText('Your role may read this but not change it.')).toBeInTheDocument();
  });

  it('moves through the tree with the arrow keys and shows what is selected', async () => {
    signedInAs('administrator');
    renderConsole('/programme');
    const tree = await screen.findByRole('tree', { name: 'Training programme' }, LAZY_PAGE);
    const user = userEvent.setup();
    const curriculum = within(tree).getByRole('treeitem', {
      name: 'Curriculum: Recurrent, Library',
    });
    // The first curriculum starts open; the tree is one tab stop (the first item, none selected).
    expect(curriculum).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .filter((item) => item.tabIndex === 0),
    ).toEqual([curriculum]);
    curriculum.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('heading', { name: 'Course: Systems' })).toBeInTheDocument();
    const course = within(tree).getByRole('treeitem', { name: 'Course: Systems, Draft' });
    expect(course).toHaveFocus();
    expect(course).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(course).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: 'Topic: Chapter' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(course).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(course).toHaveAttribute('aria-expanded', 'false');
  });
});
