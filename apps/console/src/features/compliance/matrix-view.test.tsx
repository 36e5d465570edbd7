import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../test/fetch-mock';
import { LAZY_PAGE, renderConsole } from '../../test/render';
import {
  buildCellHistory,
  buildMatrix,
  buildMatrixRow,
  expectStatusCells,
} from '../../test/compliance';
import { MATRIX, signedInAs } from './compliance.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const params = (request: RecordedRequest) => new URL(request.url, 'http://x').searchParams;
const matrixCalls = (requests: RecordedRequest[]) =>
  requests.filter(
    (request) => request.url.startsWith(MATRIX) && params(request).get('limit') === '50',
  );

describe('compliance matrix (console)', () => {
  it('shows each cell as words with its date and an icon, a legend, and the people as links', async () => {
    signedInAs('administrator', {
      [`GET ${MATRIX}?limit=50&offset=0`]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams'), buildMatrixRow(2, 'Baker')], {
          total: 120,
          recalculating: 3,
        }),
      },
    });
    renderConsole('/compliance');
    const table = await screen.findByRole('table', { name: /Qualification matrix/ }, LAZY_PAGE);
    expectStatusCells(table, 2);
    // The name is a row header and links to the person's page in the people section.
    const name = within(table).getByRole('rowheader', { name: /Sam Adams/ });
    expect(within(name).getByRole('link', { name: 'Sam Adams' })).toHaveAttribute(
      'href',
      '/console/people/1',
    );
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(8);
    expect(within(legend).getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText(/3 records are being recalculated/)).toBeInTheDocument();
    expect(screen.getByText('1–50 of 120 people')).toBeInTheDocument();
  });

  it('puts filters, sort and page in the address and asks the server for them', async () => {
    const answer = { status: 200, body: buildMatrix([buildMatrixRow(1, 'Adams')], { total: 80 }) };
    const requests = signedInAs('administrator', {
      [`GET ${MATRIX}?limit=50&offset=0`]: answer,
      [`GET ${MATRIX}?base=LHR&limit=50&offset=0`]: answer,
      [`GET ${MATRIX}?base=LHR&status=overdue&limit=50&offset=0`]: answer,
      [`GET ${MATRIX}?base=LHR&status=overdue&sort=curriculum&sortCurriculum=12&limit=50&offset=0`]:
        answer,
      [`GET ${MATRIX}?base=LHR&status=overdue&sort=curriculum&sortCurriculum=12&limit=50&offset=50`]:
        answer,
      [`GET ${MATRIX}?base=LHR&status=overdue&curricula=11&sort=curriculum&sortCurriculum=12&limit=50&offset=0`]:
        answer,
    });
    const { router } = renderConsole('/compliance');
    await screen.findByRole('table', { name: /Qualification matrix/ }, LAZY_PAGE);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Base' }), 'LHR');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'overdue');
    await user.click(
      within(screen.getByRole('columnheader', { name: /Dangerous goods/ })).getByRole('button'),
    );
    await vi.waitFor(() =>
      expect(matrixCalls(requests).at(-1)?.url).toContain('sort=curriculum&sortCurriculum=12'),
    );
    expect(screen.getByRole('columnheader', { name: /Dangerous goods/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(matrixCalls(requests).at(-1)?.url).toContain('offset=50'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    // Choosing the curricula shown goes back to the first page.
    await user.click(screen.getByText(/Curricula: all/));
    await user.click(screen.getByRole('checkbox', { name: 'Line check' }));
    await vi.waitFor(() => expect(matrixCalls(requests).at(-1)?.url).toContain('curricula=11'));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      base: 'LHR',
      status: 'overdue',
      sort: 'curriculum',
      sortCurriculum: '12',
      curricula: '11',
    });
    // Back undoes the last change.
    await router.navigate(-1);
    expect(new URLSearchParams(router.state.location.search).get('curricula')).toBeNull();
  });

  it("opens a cell: the assignment, each lesson's attempts and the events", async () => {
    signedInAs('auditor', {
      [`GET ${MATRIX}?limit=50&offset=0`]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams')]),
      },
      'GET /lms/api/console/compliance/people/1/curricula/11': {
        status: 200,
        body: buildCellHistory(),
      },
    });
    renderConsole('/compliance');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /Sam Adams, Line check/ }, LAZY_PAGE),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sam Adams: Line check' });
    expect(within(dialog).getByText('Overdue since 2026/10/01')).toBeInTheDocument();
    const lessons = within(dialog).getByRole('table', { name: "Each lesson's attempts" });
    const lesson = within(lessons).getByRole('row', { name: /^Evacuation drill/ });
    expect(lesson).toHaveTextContent('Failed');
    // Each attempt recorded, not a count.
    const attempts = within(dialog).getByRole('table', { name: 'Attempts of Evacuation drill' });
    const records = within(attempts).getAllByTestId('attempt-row');
    expect(records).toHaveLength(2);
    expect(records[0]).toHaveTextContent('50%');
    expect(records[1]).toHaveTextContent('62%');
    expect(records[1]).toHaveTextContent('Not complete (failed)');
    expect(lesson).toHaveTextContent('62%');
    expect(lesson).toHaveTextContent('1:02:05');
    expect(within(dialog).getByText('Assigned Line check')).toBeInTheDocument();
    expect(within(dialog).getByText('assignments.assign')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports what is shown: asks for a ticket, then hands its address to the browser', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const requests = signedInAs('administrator', {
      [`GET ${MATRIX}?base=MAN&limit=50&offset=0`]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams')]),
      },
      'POST /lms/api/console/compliance/exports': (request) =>
        JSON.parse(request.body ?? '{}').format === 'xlsx'
          ? { status: 400, body: { message: 'The export could not be prepared.' } }
          : {
              status: 200,
              body: {
                url: '/lms/api/console/compliance/exports/t0k3n',
                fileName: 'compliance-demo-2026-11-27.csv',
                expiresAt: 0,
              },
            },
    });
    renderConsole('/compliance?base=MAN');
    await screen.findByRole('table', { name: /Qualification matrix/ }, LAZY_PAGE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() =>
      expect(clicked).toEqual([
        '/lms/api/console/compliance/exports/t0k3n compliance-demo-2026-11-27.csv',
      ]),
    );
    const posted = requests.filter((request) => request.method === 'POST');
    expect(JSON.parse(posted[0]?.body ?? '')).toEqual({
      what: 'matrix',
      format: 'csv',
      filter: { base: 'MAN' },
    });
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    expect(await screen.findByText('The export could not be prepared.')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);

    // The records zip asks for its period first (the last 12 months unless changed).
    await user.click(screen.getByRole('button', { name: 'Training records (zip)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Training records (zip)' });
    const from = within(dialog).getByLabelText('From (UTC day)');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Download zip' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(2));
    const zip = JSON.parse(
      requests.filter((request) => request.method === 'POST').at(-1)?.body ?? '',
    );
    expect(zip).toMatchObject({
      what: 'records',
      format: 'zip',
      filter: { base: 'MAN' },
      from: '2026-01-01',
    });
    expect(zip.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
