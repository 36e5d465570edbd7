import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuseOffline } from '../lib/online';
import { OfflineBanner, OfflineNotice } from './offline-banner';

const at = (y: number, mo: number, d: number, h: number, mi: number) =>
  new Date(y, mo - 1, d, h, mi).getTime();

function Reader({ name }: { name: string }) {
  const query = useQuery({ queryKey: [name], queryFn: () => new Promise<string>(() => undefined) });
  return <p>{query.data}</p>;
}

function setBrowserOnline(online: boolean) {
  vi.spyOn(Navigator.prototype, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the offline banner (ADR 0024 "Offline panel")', () => {
  it("shows the oldest fetch time of the page's queries while offline, and goes when back online", () => {
    setBrowserOnline(false);
    const client = new QueryClient();
    client.setQueryData(['report'], 'the report', { updatedAt: at(2026, 11, 27, 9, 5) });
    client.setQueryData(['widgets'], 'the widgets', { updatedAt: at(2026, 11, 26, 18, 30) });
    // Data of a page not on screen does not count.
    client.setQueryData(['other page'], 'older', { updatedAt: at(2026, 10, 1, 8, 0) });
    render(
      <QueryClientProvider client={client}>
        <OfflineBanner />
        <Reader name="report" />
        <Reader name="widgets" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Showing data from 2026/11/26 18:30. Actions that need the server are unavailable until you are back online.',
    );
    expect(screen.getByText('the report')).toBeInTheDocument();

    setBrowserOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says when the page has no kept data, and takes a time of its own', () => {
    setBrowserOnline(false);
    const client = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <OfflineBanner />
        <Reader name="nothing kept" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. This page was not saved on this device',
    );
    rerender(
      <QueryClientProvider client={client}>
        <OfflineBanner since={at(2026, 1, 2, 3, 4)} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Showing data from 2026/01/02 03:04.');
  });

  it('the notice says an action needs a connection each time one is refused offline', () => {
    setBrowserOnline(true);
    render(<OfflineNotice />);
    expect(refuseOffline()).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    setBrowserOnline(false);
    act(() => {
      expect(refuseOffline()).toBe(true);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This needs a connection. You are offline.',
    );
  });
});
