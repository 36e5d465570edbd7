import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionState } from '../../api/compliance';
import { LAZY_PAGE, renderConsole } from '../../test/render';
import { buildInspectorLink, buildList, buildListRow, signedInAs } from './compliance.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LISTS = '/lms/api/console/compliance/lists';

describe('compliance lists, scheduled report and inspector links (console)', () => {
  it('shows a list chosen from the six, with the filters, paged by the server', async () => {
    const requests = signedInAs('training-manager', {
      [`GET ${LISTS}/failed?limit=50&offset=0`]: {
        status: 200,
        body: buildList('failed', [buildListRow(1, 'Adams')]),
      },
      [`GET ${LISTS}/expiring30?fleet=A320&limit=50&offset=0`]: {
        status: 200,
        body: buildList('expiring30', [buildListRow(2, 'Baker')]),
      },
    });
    const { router } = renderConsole('/compliance/lists?list=failed');
    const table = await screen.findByRole(
      'table',
      { name: /Failed: people and curricula/ },
      LAZY_PAGE,
    );
    const row = within(table).getByRole('row', { name: /Sam Adams/ });
    expect(row).toHaveTextContent('Line check');
    expect(row).toHaveTextContent('Failed on 2026/11/02');
    expect(row.querySelector('svg')).not.toBeNull();
    expect(within(row).getByRole('link', { name: 'Sam Adams' })).toHaveAttribute(
      'href',
      '/console/people/1',
    );
    const choice = screen.getByRole('group', { name: 'List' });
    expect(within(choice).getAllByRole('radio')).toHaveLength(6);
    expect(within(choice).getByRole('radio', { name: 'Failed' })).toBeChecked();
    // The lists have no status filter: the list is the status question.
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(choice).getByRole('radio', { name: 'Expiring in 30 days' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fleet' }), 'A320');
    expect(
      await screen.findByRole('table', { name: /Expiring in 30 days/ }, { timeout: 3000 }),
    ).toHaveTextContent('Sam Baker');
    expect(requests.at(-1)?.url).toBe(`${LISTS}/expiring30?fleet=A320&limit=50&offset=0`);
    expect(router.state.location.search).toBe('?list=expiring30&fleet=A320');
    // A training manager may export but has no inspector links.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inspector links' })).toBeNull();
  });

  it('subscribes to the scheduled report, changes it and unsubscribes', async () => {
    let state: SubscriptionState = { subscription: null };
    const requests = signedInAs('administrator', {
      'GET /lms/api/console/compliance/subscription': () => ({ status: 200, body: state }),
      'PUT /lms/api/console/compliance/subscription': (request) => {
        const body = JSON.parse(request.body ?? '{}') as {
          frequency: 'monthly';
          expiringDays: number;
        };
        state = { subscription: { ...body, createdAt: 0, email: 'admin@example.com' } };
        return { status: 200, body: state };
      },
      'DELETE /lms/api/console/compliance/subscription': () => {
        state = { subscription: null };
        return { status: 200, body: state };
      },
      'GET /lms/api/console/compliance/settings': {
        status: 200,
        body: { copyManagersOnOverdue: false },
      },
      'PUT /lms/api/console/compliance/settings': (request) => ({
        status: 200,
        body: JSON.parse(request.body ?? '{}') as object,
      }),
    });
    renderConsole('/compliance/report');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Scheduled report' }, LAZY_PAGE);
    expect(form).toHaveTextContent('You are not subscribed.');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'monthly');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expiring within' }), '60');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed.')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? '')).toEqual({ frequency: 'monthly', expiringDays: 60 });
    expect(screen.getByRole('form', { name: 'Scheduled report' })).toHaveTextContent(
      'You receive a monthly email at admin@example.com',
    );
    // Nothing to save until something changes.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Unsubscribed.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();

    // An administrator (lms.modify) sets the reminders' manager copy.
    const copy = screen.getByRole('checkbox', { name: 'Copy managers on overdue reminders' });
    expect(copy).not.toBeChecked();
    await user.click(copy);
    await vi.waitFor(() => expect(copy).toBeChecked());
    const saved = requests.filter(
      (request) => request.method === 'PUT' && request.url.endsWith('/settings'),
    );
    expect(JSON.parse(saved[0]?.body ?? '')).toEqual({ copyManagersOnOverdue: true });
  });

  it('hides the managers setting from a role without lms.modify', async () => {
    signedInAs('auditor', {
      'GET /lms/api/console/compliance/subscription': {
        status: 200,
        body: { subscription: null },
      },
    });
    renderConsole('/compliance/report');
    await screen.findByRole('form', { name: 'Scheduled report' }, LAZY_PAGE);
    expect(screen.queryByRole('checkbox', { name: /Copy managers/ })).toBeNull();
  });

  it('makes an inspector link and shows its address once; revokes one after asking', async () => {
    let links = [buildInspectorLink()];
    const requests = signedInAs('auditor', {
      'GET /lms/api/console/compliance/inspector-links': () => ({ status: 200, body: { links } }),
      'POST /lms/api/console/compliance/inspector-links': () => {
        const link = buildInspectorLink({ linkKey: 4, label: 'EASA visit', uses: 0 });
        links = [link, ...links];
        return {
          status: 200,
          body: { link, url: 'https://lms.example/inspect/AbCdEfGhIjKlMnOpQrStUv' },
        };
      },
      'POST /lms/api/console/compliance/inspector-links/3/revoke': () => {
        links = links.map((link) =>
          link.linkKey === 3 ? { ...link, revokedAt: Date.now() } : link,
        );
        return { status: 200, body: links.find((link) => link.linkKey === 3) };
      },
    });
    renderConsole('/compliance/inspectors');
    const table = await screen.findByRole('table', { name: 'Inspector links' }, LAZY_PAGE);
    const row = within(table).getByRole('row', { name: /CAA audit/ });
    expect(row).toHaveTextContent('Base LHR · Line check');
    expect(row).toHaveTextContent('2026-01-01 to 2026-10-31');
    expect(row).toHaveTextContent('Active');

    const user = userEvent.setup();
    // After setup: user-event puts its own clipboard on the navigator.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'New inspector link' }));
    let dialog = await screen.findByRole('dialog', { name: 'New inspector link' });
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect(await within(dialog).findByText('Give the link a label.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'EASA visit');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Base' }), 'MAN');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dangerous goods' }));
    const days = within(dialog).getByRole('spinbutton', { name: 'Open for (days)' });
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect(await within(dialog).findByText('Between 1 and 90 days.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));

    dialog = await screen.findByRole('dialog', { name: 'Inspector link made' });
    const address = within(dialog).getByRole('textbox', { name: "Address of 'EASA visit'" });
    expect(address).toHaveValue('https://lms.example/inspect/AbCdEfGhIjKlMnOpQrStUv');
    await user.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith('https://lms.example/inspect/AbCdEfGhIjKlMnOpQrStUv');
    expect(within(dialog).getByText('Copied.')).toBeInTheDocument();
    const made = requests.find(
      (request) => request.method === 'POST' && request.url.endsWith('/inspector-links'),
    );
    expect(JSON.parse(made?.body ?? '')).toMatchObject({
      label: 'EASA visit',
      population: { base: 'MAN', curricula: '12' },
      validDays: 30,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Once closed, the address is nowhere on the page: the list never has it.
    expect(await screen.findByRole('row', { name: /EASA visit/ })).toBeInTheDocument();
    expect(screen.queryByText(/AbCdEfGhIjKlMnOpQrStUv/)).toBeNull();
    expect(screen.queryByDisplayValue(/AbCdEfGhIjKlMnOpQrStUv/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke CAA audit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this inspector link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('row', { name: /CAA audit/ })).toHaveTextContent('Revoked'),
    );
    expect(screen.queryByRole('button', { name: 'Revoke CAA audit' })).toBeNull();
  });
});
