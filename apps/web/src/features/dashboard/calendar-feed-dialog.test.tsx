import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { CalendarFeedButton, RESET_WARNING } from './calendar-feed-dialog';

const FEED = '/lms/api/calendar-feed/3/42';
const RESET = 'POST /lms/api/calendar-feed/3/42/reset';
const first = {
  httpUrl: 'https://lms.example.com/lms/calendar-feed/AAAA.ics',
  webcalUrl: 'webcal://lms.example.com/lms/calendar-feed/AAAA.ics',
};
const second = {
  httpUrl: 'https://lms.example.com/lms/calendar-feed/BBBB.ics',
  webcalUrl: 'webcal://lms.example.com/lms/calendar-feed/BBBB.ics',
};

function setup() {
  const requests = mockFetch({
    [`GET ${FEED}`]: { status: 200, body: first },
    [RESET]: { status: 200, body: second },
  });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CalendarFeedButton lmsKey={3} userKey={42} />
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('calendar feed pop-up', () => {
  it('offline, says the address needs a connection (it is never kept on the device)', async () => {
    onlineManager.setOnline(false);
    try {
      const requests = setup();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This needs a connection. You are offline.',
      );
      expect(requests).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('asks for the address only when opened, shows it, copies it and links the webcal address', async () => {
    const requests = setup();
    expect(requests).toHaveLength(0);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByLabelText('Calendar address')).toHaveValue(first.httpUrl);
    expect(screen.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      first.webcalUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(first.httpUrl);
    expect(screen.getByRole('status')).toHaveTextContent('Address copied.');
  });

  it('resets the address after a confirmation that says the old one stops working', async () => {
    const requests = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByLabelText('Calendar address');
    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    expect(screen.getByText(RESET_WARNING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByDisplayValue(second.httpUrl)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'A new address is ready. The old one no longer works.',
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
