import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_PAGE, renderConsole } from '../../test/render';
import { signedInAs } from './compliance.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('records bundle (console)', () => {
  it('asks for a bundle of the chosen population and period, then hands its address to the browser', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const requests = signedInAs('auditor', {
      'POST /lms/api/console/records/bundles': {
        status: 200,
        body: {
          url: '/lms/api/records/downloads/t0k3n',
          fileName: 'waypoint-demo-records-bundle.zip',
          expiresAt: 0,
        },
      },
    });
    renderConsole('/compliance/bundle');
    const user = userEvent.setup();
    const base = await screen.findByRole('combobox', { name: 'Base' }, LAZY_PAGE);
    // The filters' values come with the compliance facts.
    await screen.findByRole('option', { name: 'MAN' });
    await user.selectOptions(base, 'MAN');
    const from = screen.getByLabelText('Records from (UTC day)');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const to = screen.getByLabelText('Records to (UTC day)');
    await user.clear(to);
    await user.type(to, '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Prepare bundle' }));
    expect(
      await screen.findByText('Downloading waypoint-demo-records-bundle.zip.'),
    ).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      filter: { base: 'MAN' },
      from: '2026-01-01',
      to: '2026-06-30',
    });
    expect(clicked).toEqual(['/lms/api/records/downloads/t0k3n waypoint-demo-records-bundle.zip']);
  });
});
