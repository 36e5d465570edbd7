import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { createInstallPrompt } from '../install-prompt';
import { fakeHost, installEvent } from '../install-prompt.fixtures';
import { AppDownloadStrip } from './app-download-strip';

const LINKS = '/lms/api/AppDownload/GetLinks/';

function renderStrip(links: unknown[], host = fakeHost()) {
  mockFetch({ [LINKS]: { status: 200, body: links } });
  const prompt = createInstallPrompt(host.host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppDownloadStrip prompt={prompt} />
    </QueryClientProvider>,
  );
  return { fire: host.fire, prompt };
}

afterEach(() => vi.unstubAllGlobals());

// Spec §1 'App Download' strip, and the panel's own Install (docs/decisions/0024).
describe('App Download strip', () => {
  it('shows the LMS links with the spec text, and no Install while the browser offers none', async () => {
    renderStrip([{ label: 'Windows', link: 'https://example.org/win', willRender: true }]);
    expect(await screen.findByRole('link', { name: 'Windows' })).toHaveAttribute(
      'href',
      'https://example.org/win',
    );
    expect(screen.getByText('Take your training with you, even offline.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('with no links, appears only when the panel can be installed, and Install prompts', async () => {
    const { fire } = renderStrip([]);
    // The links have loaded (none): still nothing to show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('complementary')).toBeNull();
    const event = installEvent('accepted');
    act(() => void fire('beforeinstallprompt', event));
    const install = screen.getByRole('button', { name: 'Install' });
    expect(screen.getByRole('heading', { name: 'App Download' })).toBeInTheDocument();
    await userEvent.click(install);
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Spent: the button goes until the browser offers again.
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('Install sits beside the links and goes once the panel is installed', async () => {
    const { fire } = renderStrip([
      { label: 'Apple', link: 'https://example.org/ios', willRender: true },
    ]);
    await screen.findByRole('link', { name: 'Apple' });
    act(() => void fire('beforeinstallprompt', installEvent()));
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();
    act(() => void fire('appinstalled'));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Apple' })).toBeInTheDocument();
  });

  it('offers no Install in the installed app (display-mode standalone)', async () => {
    const host = fakeHost({ standalone: true });
    const { fire } = renderStrip(
      [{ label: 'Apple', link: 'https://example.org/ios', willRender: true }],
      host,
    );
    await screen.findByRole('link', { name: 'Apple' });
    act(() => void fire('beforeinstallprompt', installEvent()));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });
});
