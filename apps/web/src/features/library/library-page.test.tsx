import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../api';
import { setState } from '../../lib/store';
import { mockFetch } from '../../test/fetch-mock';
import { LibraryPage } from './library-page';

const COURSES = '/lms/api/library/3/LIBRARY_COURSES/42';
const MEDIA = '/lms/api/library/3/LIBRARY_MEDIA/42';

const media = (name: string, link: string, libraryKey: number) => ({
  libraryKey,
  lmsKey: 3,
  coursewareKey: -1,
  groupKey: -1,
  name,
  description: '',
  type: link ? 'link' : 'note',
  link,
  fileName: '',
  courseName: '',
  courseKey: -1,
  groups: [],
  checked: false,
});

const COURSE_TREE = [
  {
    elementType: 'course',
    elementKey: 10,
    elementName: 'Ground School',
    elementChildren: [
      {
        elementType: 'topic',
        elementKey: 20,
        elementName: 'Doors',
        elementChildren: [{ elementType: 'lesson', elementKey: 30, elementName: 'Door Modes' }],
      },
    ],
  },
];

function show() {
  act(() =>
    setState({ sessionId: 'session-9', currentUser: { lmsKey: 3, userKey: 42 } as UserDetails }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/library']}>
        <LibraryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Library (§2 Library, §4 Library load, §8)', () => {
  let error: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    error = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    error.mockRestore();
    vi.unstubAllGlobals();
  });

  it("shows 'Loading...' until both loads end, courses loading before media", async () => {
    let releaseCourses: () => void = () => {};
    const requests = mockFetch({
      [COURSES]: { status: 200, body: COURSE_TREE },
      [MEDIA]: { status: 200, body: [media('QRH', 'https://q.example', 1)] },
    });
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input === COURSES) await new Promise<void>((resolve) => (releaseCourses = resolve));
        return original(input, init);
      }),
    );
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Content in the Library is for reference only. No tracking or completion status will register for lessons reviewed in the Library.',
    );
    await act(async () => {});
    expect(requests.map((request) => request.url)).toEqual([]);
    await act(async () => releaseCourses());
    await screen.findByRole('button', { name: 'Ground School' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(requests.map((request) => request.url)).toEqual([COURSES, MEDIA]);
  });

  it('de-duplicates media by name keeping the last; OPEN links open a new tab, else name only', async () => {
    mockFetch({
      [COURSES]: { status: 200, body: [] },
      [MEDIA]: {
        status: 200,
        body: [
          media('QRH', 'https://old.example/qrh', 1),
          media('Card', '', 2),
          media('QRH', 'https://new.example/qrh', 3),
        ],
      },
    });
    show();
    const list = await screen.findByRole('region', { name: 'Media' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Card', 'QRHOPEN']);
    const open = within(list).getByRole('link', { name: /OPEN QRH/ });
    expect(open).toHaveAttribute('href', 'https://new.example/qrh');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
  });

  it('opens courses and topics; the play button posts sessionID and leafKey into preview', async () => {
    mockFetch({
      [COURSES]: { status: 200, body: COURSE_TREE },
      [MEDIA]: { status: 200, body: [] },
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    show();
    const course = await screen.findByRole('button', { name: 'Ground School' });
    expect(course).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /Doors/ })).toBeNull();
    fireEvent.click(course);
    const topic = screen.getByRole('button', { name: /Doors/ });
    // Lessons only when their topic is open.
    expect(screen.queryByRole('button', { name: 'Preview Door Modes' })).toBeNull();
    fireEvent.click(topic);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Door Modes' }));
    const form = screen.getByTestId('library-launch-form') as HTMLFormElement;
    expect(submit).toHaveBeenCalledTimes(1);
    expect(form.getAttribute('action')).toBe('/lms/api/librarylaunch/');
    expect(form.target).toBe('preview');
    expect(form.method).toBe('post');
    expect((form.elements.namedItem('sessionID') as HTMLInputElement).value).toBe('session-9');
    expect((form.elements.namedItem('leafKey') as HTMLInputElement).value).toBe('30');
    fireEvent.click(course);
    expect(screen.queryByRole('button', { name: /Doors/ })).toBeNull();
    submit.mockRestore();
  });

  it("says 'No available Library content' when both are empty", async () => {
    mockFetch({ [COURSES]: { status: 200, body: [] }, [MEDIA]: { status: 200, body: [] } });
    show();
    expect(await screen.findByText('No available Library content')).toBeVisible();
  });

  it('logs a failed course load (§8 text) and clears the loading text without loading media', async () => {
    const requests = mockFetch({ [COURSES]: { status: 409, body: { message: 'clash' } } });
    show();
    expect(await screen.findByText('No available Library content')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    expect(error).toHaveBeenCalledWith('Library courses failed to load:', '409');
    expect(requests.map((request) => request.url)).toEqual([COURSES]);
  });

  it("logs 'Error > 400.' for a failed media load and still shows the courses", async () => {
    mockFetch({
      [COURSES]: { status: 200, body: COURSE_TREE },
      [MEDIA]: { status: 500, body: { message: 'boom' } },
    });
    show();
    expect(await screen.findByRole('button', { name: 'Ground School' })).toBeVisible();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Library media failed to load:', 'Error > 400.'),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
