import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY } from '@waypoint/domain/console-contract';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const LINKS = '/lms/api/console/app-links';
const WINDOWS = { label: 'Windows', link: 'https://example.org/win.exe', willRender: true };

function signedInAs(
  role: 'administrator' | 'auditor',
  more: Parameters<typeof mockFetch>[0] = {},
): RecordedRequest[] {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [`GET ${LINKS}`]: { status: 200, body: { links: [WINDOWS] } },
    ...more,
  });
}

const puts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PUT');

// The App Download links (spec §1 strip; docs/decisions/0024 "Install and app links").
describe('App Download links in the training programme', () => {
  it('an administrator adds a link, checked by the domain before sending, and saves the list', async () => {
    const saved = {
      links: [WINDOWS, { label: 'Apple', link: 'https://apps.example.org/id1', willRender: true }],
    };
    const requests = signedInAs('administrator', {
      [`PUT ${LINKS}`]: { status: 200, body: saved },
    });
    renderConsole('/programme/app-links');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'App Download links' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.getAllByLabelText('Label')[0]).toHaveValue('Windows');

    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await user.type(screen.getAllByLabelText('Label')[1]!, 'Apple');
    await user.type(screen.getAllByLabelText('Address')[1]!, 'http://apps.example.org/id1');
    await user.click(screen.getByRole('button', { name: 'Save App Download links' }));
    expect(await screen.findByText('The address must start with https://.')).toBeInTheDocument();
    expect(puts(requests)).toEqual([]);

    // The same label twice is the whole list's problem, named before sending too.
    await user.clear(screen.getAllByLabelText('Address')[1]!);
    await user.type(screen.getAllByLabelText('Address')[1]!, 'https://apps.example.org/id1');
    await user.clear(screen.getAllByLabelText('Label')[1]!);
    await user.type(screen.getAllByLabelText('Label')[1]!, 'windows');
    await user.click(screen.getByRole('button', { name: 'Save App Download links' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link 2 (windows): another link has this label.',
    );
    expect(puts(requests)).toEqual([]);

    await user.clear(screen.getAllByLabelText('Label')[1]!);
    await user.type(screen.getAllByLabelText('Label')[1]!, 'Apple');
    await user.click(screen.getByRole('button', { name: 'Save App Download links' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(JSON.parse(puts(requests)[0]!.body!)).toEqual(saved);
  });

  it("shows the server's refusal", async () => {
    signedInAs('administrator', {
      [`PUT ${LINKS}`]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Link 1 (Windows): refused.' },
      },
    });
    renderConsole('/programme/app-links');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'App Download links' }, LAZY_PAGE);
    await user.click(screen.getByRole('button', { name: 'Remove link 1' }));
    expect(screen.getByText('No links: the strip offers Install only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save App Download links' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link 1 (Windows): refused.');
  });

  it('a role without lms.modify reads the links and cannot change them', async () => {
    signedInAs('auditor');
    renderConsole('/programme/app-links');
    await screen.findByRole('heading', { name: 'App Download links' }, LAZY_PAGE);
    expect(screen.getByLabelText('Address')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save App Download links' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a link' })).toBeNull();
    expect(screen.getByText('Your role may read these links but not change them.')).toBeVisible();
  });
});
