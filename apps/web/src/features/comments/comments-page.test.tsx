import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getState, setState } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { CommentsPage } from './comments-page';

const LIST = '/lms/api/annotation/3/10/20/42/page%2F2';
const POST = 'POST /lms/api/annotation/3';
const QUERY = '?lms=3&course=10&sco=20&user=42&sessionID=abc&location=page%2F2';

const annotation = (key: number, text: string, parent = -1, children: unknown[] = []) => ({
  annotationKey: key,
  lmsKey: 3,
  aggregationKey: 10,
  scoKey: 20,
  userKey: 7,
  userName: 'Cam Ray',
  userID: '',
  email: '',
  annotationString: text,
  annotationInstant: new Date(2026, 0, 2, 9, 5).getTime(),
  annotationLocation: 'page/2',
  annotationType: 'comment',
  scoName: 'Doors',
  leafName: 'Doors',
  parent,
  ...(parent === -1 ? { annotationChildren: children } : {}),
});

/** Shows the address's query, so a test can read what the page left in the address bar. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function show(query = QUERY, storedSessionId: string | null = null) {
  act(() => setState({ sessionId: storedSessionId, currentUser: null }));
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/waypoint_comments${query}`]}>
        <Routes>
          <Route
            path="/waypoint_comments"
            element={
              <>
                <CommentsPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Comments page (§2 Comments screen, §4, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says the comment system isn't operational when a query value is missing", () => {
    mockFetch({});
    show('?lms=3&course=10&sco=20&user=42&location=x');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The comment system isn't currently operational.",
    );
  });

  it("opened from the lesson player (no sessionID), uses the panel's own session", async () => {
    const requests = mockFetch({
      [LIST]: { status: 200, body: [annotation(1, 'From the player')] },
    });
    show('?lms=3&course=10&sco=20&user=42&location=page%2F2', 'stored-session');
    expect(await screen.findByText('From the player')).toBeInTheDocument();
    expect(requests[0]!.headers.get('sessionID')).toBe('stored-session');
  });

  it('takes the session id from the query, drops it from the address, lists comments and replies', async () => {
    const requests = mockFetch({
      [LIST]: {
        status: 200,
        body: [annotation(1, '<b>not bold</b>', -1, [annotation(2, 'A reply', 1)])],
      },
    });
    show();
    const comment = await screen.findByRole('article', { name: 'Comment by Cam Ray' });
    expect(getState().sessionId).toBe('abc');
    const address = screen.getByTestId('address');
    expect(address.textContent).not.toContain('sessionID');
    expect(address.textContent).toContain('location=page%2F2');
    expect(requests[0]!.headers.get('sessionID')).toBe('abc');
    // Plain text, never HTML.
    expect(within(comment).getByText('<b>not bold</b>')).toBeVisible();
    expect(comment.querySelector('b')).toBeNull();
    expect(comment).toHaveTextContent('2026/01/02 09:05');
    const replies = screen.getByRole('list', { name: 'Replies to Cam Ray' });
    expect(replies).toHaveTextContent('A reply');
  });

  it('posts a comment, then clears the input and reloads the list', async () => {
    let posted = false;
    const requests = mockFetch({
      [LIST]: () => ({ status: 200, body: posted ? [annotation(5, 'Hello there')] : [] }),
      [POST]: () => {
        posted = true;
        return {
          status: 201,
          body: { statusCode: 201, message: 'Comment posted.', annotationKey: 5 },
        };
      },
    });
    show();
    const input = await screen.findByLabelText('Your comment');
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a comment first.');
    fireEvent.change(input, { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Hello there', { selector: 'p' })).toBeVisible();
    expect(input).toHaveValue('');
    const post = requests.find((request) => request.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      lmsKey: 3,
      userKey: 42,
      scoKey: 20,
      aggregationKey: 10,
      annotationLocation: 'page/2',
      annotationType: 'comment',
      annotationString: 'Hello there',
      parent: -1,
    });
  });

  it("shows the server's message for a refused post, and '409' for a 409 (§8)", async () => {
    let status = 429;
    mockFetch({
      [LIST]: { status: 200, body: [] },
      [POST]: () => ({
        status,
        body: { statusCode: status, message: 'Please wait a few minutes.' },
      }),
    });
    show();
    const input = await screen.findByLabelText('Your comment');
    fireEvent.change(input, { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a few minutes.');
    expect(input).toHaveValue('Hi');
    status = 409;
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^409$/));
  });

  it('shows why the list is refused (course not assigned)', async () => {
    mockFetch({
      [LIST]: {
        status: 403,
        body: { message: 'Comments on this course are open only to students it is assigned to.' },
      },
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Comments on this course are open only to students it is assigned to.',
    );
  });
});
