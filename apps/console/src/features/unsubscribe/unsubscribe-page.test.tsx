import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { LAZY_PAGE, renderConsole } from '../../test/render';

const TOKEN = 'Zm9yLXRoZS10ZXN0LW9ubHk';
const ENDPOINT = 'POST /lms/api/compliance/unsubscribe';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** Opens the page as the email's link does (the page reads the token from the address). */
function open(search: string) {
  window.history.replaceState(null, '', `/console/unsubscribe${search}`);
  return renderConsole(`/unsubscribe${search}`);
}

describe('unsubscribe page (/console/unsubscribe)', () => {
  it('asks first, then unsubscribes with the token by POST, signed out', async () => {
    const requests = mockFetch({
      [ENDPOINT]: {
        status: 200,
        body: { statusCode: 200, message: 'You will no longer receive this report.' },
      },
    });
    open(`?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' }, LAZY_PAGE);
    // Opening the link changes nothing: mail scanners follow links.
    expect(requests).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will no longer receive this report.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ token: TOKEN });
    expect(requests[0]?.headers.get('sessionID')).toBeNull();
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe(
      'no-referrer',
    );
  });

  it("shows the server's answer to a used or unknown link, and keeps the button", async () => {
    mockFetch({
      [ENDPOINT]: {
        status: 404,
        body: { statusCode: 404, message: 'This unsubscribe link is not valid any more.' },
      },
    });
    open(`?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }, LAZY_PAGE));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid any more.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a link without a token is not valid, and sends nothing', async () => {
    const requests = mockFetch({});
    open('?token=short');
    expect(await screen.findByRole('alert', {}, LAZY_PAGE)).toHaveTextContent(
      'This unsubscribe link is not valid any more.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
