import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InspectionInfo } from '@waypoint/domain/console-contract';
import {
  buildCellHistory,
  buildMatrix,
  buildMatrixRow,
  expectStatusCells,
  utcDay,
} from '../../test/compliance';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('meta[name="referrer"]').forEach((meta) => meta.remove());
});

const TOKEN = 'Qx3_ab-CDefGHijKLmnOPqr';
const API = `/lms/api/inspect/${TOKEN}`;
const FIRST_PAGE = `${API}/matrix?sort=name&limit=100&offset=0`;

const INFO: InspectionInfo = {
  lmsName: 'Northwind Air',
  label: 'CAA audit spring 2026',
  population: { base: 'LHR', fleet: 'A320' },
  periodFrom: '2026-01-01',
  periodTo: '2026-06-30',
  expiresAt: utcDay('2026-12-11'),
};

const urls = (requests: RecordedRequest[]) => requests.map((request) => request.url);

describe('the inspector page (signed out)', () => {
  it('shows whose records, the period and expiry, the files, and the matrix in words and icons', async () => {
    const requests = mockFetch({
      [API]: { status: 200, body: INFO },
      [FIRST_PAGE]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams'), buildMatrixRow(2, 'Baker')]),
      },
    });
    renderConsole(`/inspect/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'CAA audit spring 2026' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.getByText('Northwind Air')).toBeInTheDocument();
    expect(screen.getByText('Base LHR · Fleet A320')).toBeInTheDocument();
    expect(screen.getByText('2026/01/01 to 2026/06/30')).toBeInTheDocument();
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );

    // The files are plain links to the inspection's exports, never sending the address on.
    const csv = screen.getByRole('link', { name: 'Matrix (CSV)' });
    expect(csv).toHaveAttribute('href', `${API}/export?what=matrix&format=csv`);
    expect(csv).toHaveAttribute('rel', 'noreferrer');
    expect(screen.getByRole('link', { name: 'Matrix (XLSX)' })).toHaveAttribute(
      'href',
      `${API}/export?what=matrix&format=xlsx`,
    );
    expect(screen.getByRole('link', { name: /Training records of the period/ })).toHaveAttribute(
      'href',
      `${API}/export?what=records&format=zip`,
    );

    const table = await screen.findByRole('table', { name: 'Qualification matrix' });
    expectStatusCells(table, 2);
    expect(screen.getByText('2 people')).toBeInTheDocument();
    // Read-only: no person page to open, nothing to change.
    expect(within(table).queryByRole('link')).toBeNull();
    // No session: none is sent.
    expect(requests.every((request) => !request.headers.has('sessionID'))).toBe(true);
  });

  it("opens a cell's history of the period in a dialog", async () => {
    const user = userEvent.setup();
    const requests = mockFetch({
      [API]: { status: 200, body: INFO },
      [FIRST_PAGE]: { status: 200, body: buildMatrix([buildMatrixRow(1, 'Adams')]) },
      [`${API}/people/1/curricula/11`]: { status: 200, body: buildCellHistory() },
    });
    renderConsole(`/inspect/${TOKEN}`);
    await user.click(
      await screen.findByRole('button', { name: /Sam Adams, Line check/ }, LAZY_PAGE),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sam Adams: Line check' });
    expect(await within(dialog).findByText('Evacuation drill')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Records of the period 2026\/01\/01 to 2026\/06\/30 only/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Assigned Line check')).toBeInTheDocument();
    // Who did it, without the audit log's action names staff read.
    expect(within(dialog).getByText('by manager')).toBeInTheDocument();
    expect(within(dialog).queryByText('assignments.assign')).toBeNull();
    expect(urls(requests)).toContain(`${API}/people/1/curricula/11`);
  });

  it('narrows the matrix by status and search, and sorts by a curriculum on the server', async () => {
    const user = userEvent.setup();
    const requests = mockFetch({
      [API]: { status: 200, body: INFO },
      [FIRST_PAGE]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams'), buildMatrixRow(2, 'Baker')]),
      },
      [`${API}/matrix?status=overdue&sort=name&limit=100&offset=0`]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams')]),
      },
      [`${API}/matrix?search=ada&status=overdue&sort=name&limit=100&offset=0`]: {
        status: 200,
        body: buildMatrix([buildMatrixRow(1, 'Adams')]),
      },
      [`${API}/matrix?search=ada&status=overdue&sort=curriculum&sortCurriculum=11&limit=100&offset=0`]:
        { status: 200, body: buildMatrix([buildMatrixRow(1, 'Adams')]) },
    });
    renderConsole(`/inspect/${TOKEN}`);
    await screen.findByRole('table', { name: 'Qualification matrix' }, LAZY_PAGE);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'overdue');
    await waitFor(() =>
      expect(urls(requests)).toContain(`${API}/matrix?status=overdue&sort=name&limit=100&offset=0`),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() =>
      expect(urls(requests)).toContain(
        `${API}/matrix?search=ada&status=overdue&sort=name&limit=100&offset=0`,
      ),
    );
    expect(await screen.findByText('1 person')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('columnheader', { name: /Line check/ })).getByRole('button'),
    );
    await waitFor(() =>
      expect(urls(requests)).toContain(
        `${API}/matrix?search=ada&status=overdue&sort=curriculum&sortCurriculum=11&limit=100&offset=0`,
      ),
    );
    // The inspector's query never names a base, fleet, position or group: the link fixes them.
    expect(
      urls(requests).some((url) => /[?&](base|fleet|position|restrictionGroup)=/.test(url)),
    ).toBe(false);
  });

  it('says an unknown, expired or revoked link is not valid, and asks for nothing more', async () => {
    const requests = mockFetch({
      [API]: {
        status: 404,
        body: { statusCode: 404, message: 'This inspection link is not valid.' },
      },
    });
    renderConsole(`/inspect/${TOKEN}`);
    expect(
      await screen.findByText('This inspection link is not valid.', undefined, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who sent it for a new link/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: /Matrix/ })).toBeNull();
    expect(urls(requests)).toEqual([API]);
  });
});
