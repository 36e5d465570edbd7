import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_SESSION_STORAGE_KEY, type LibraryView } from '@waypoint/domain/console-contract';
import { mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { buildLmsInfo, buildMe } from '../../test/factories';
import { LAZY_PAGE, renderConsole } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const LIB = '/lms/api/console/programme/library';

const buildLibrary = (): LibraryView => ({
  courses: [
    { courseKey: 10, name: 'Dangerous goods', curriculum: 'Shelf', draft: false, groups: [] },
  ],
  media: [
    {
      libraryKey: 1,
      name: 'Weather briefing',
      type: 'link',
      link: 'https://example.com/wx',
      fileName: '',
      bytes: null,
      groups: ['LHR'],
    },
    {
      libraryKey: 2,
      name: 'Ops manual',
      type: 'file',
      link: '',
      fileName: 'ops.pdf',
      bytes: 3_500_000,
      groups: [],
    },
    {
      libraryKey: 3,
      name: 'Crew card',
      type: 'note',
      link: '',
      fileName: '',
      bytes: null,
      groups: [],
    },
  ],
  groups: [
    { groupKey: 5, name: 'LHR', members: 12 },
    { groupKey: 6, name: 'MAN', members: 1 },
  ],
});

function signedInAs(
  role: 'administrator' | 'auditor',
  more: Parameters<typeof mockFetch>[0] = {},
): RecordedRequest[] {
  window.sessionStorage.setItem(CONSOLE_SESSION_STORAGE_KEY, 'session-abc');
  return mockFetch({
    'GET /lms/api/PublicInfo/LMS/Info/': { status: 200, body: buildLmsInfo() },
    'GET /lms/api/console/me': { status: 200, body: buildMe(role) },
    [`GET ${LIB}`]: { status: 200, body: buildLibrary() },
    ...more,
  });
}

const written = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method !== 'GET');

describe('library tab', () => {
  it('lists the media and the library courses with who sees them', async () => {
    signedInAs('administrator');
    renderConsole('/programme/library');
    const media = await screen.findByRole('table', { name: 'Library media' }, LAZY_PAGE);
    const rows = within(media).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Weather briefing');
    expect(rows[1]).toHaveTextContent('LHR');
    expect(within(rows[1]!).getByRole('link', { name: 'https://example.com/wx' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(rows[2]).toHaveTextContent('ops.pdf (3.3 MB)');
    expect(rows[2]).toHaveTextContent('Every student');
    expect(rows[3]).toHaveTextContent('Crew cardNoteNo address');
    const courses = screen.getByRole('table', { name: 'Library courses' });
    expect(courses).toHaveTextContent('Dangerous goods');
    expect(screen.getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
  });

  it('checks a link before sending it, then adds it', async () => {
    const requests = signedInAs('administrator', {
      [`POST ${LIB}/links`]: {
        status: 200,
        body: { ...buildLibrary().media[0], libraryKey: 3, name: 'NOTAMs', groups: [] },
      },
    });
    renderConsole('/programme/library');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a link' }, LAZY_PAGE));
    const dialog = screen.getByRole('dialog', { name: 'Add a web link' });
    await user.type(within(dialog).getByLabelText('Name'), 'NOTAMs');
    await user.type(within(dialog).getByLabelText('Address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(
      await within(dialog).findByText('The link must start with https:// or http://.'),
    ).toBeInTheDocument();
    expect(written(requests)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Address'));
    await user.type(within(dialog).getByLabelText('Address'), 'https://example.com/notam');
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(written(requests)[0]!.body!)).toEqual({
      name: 'NOTAMs',
      link: 'https://example.com/notam',
      groups: [],
    });
  });

  it('removes an item after asking', async () => {
    const requests = signedInAs('administrator', {
      [`DELETE ${LIB}/media/2`]: { status: 200, body: { key: 2, groups: [] } },
    });
    renderConsole('/programme/library');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Ops manual' }, LAZY_PAGE));
    const dialog = screen.getByRole('dialog', { name: 'Remove from the library?' });
    expect(dialog).toHaveTextContent("The file 'Ops manual' (ops.pdf) will be deleted.");
    expect(written(requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(written(requests).map((r) => r.method)).toEqual(['DELETE']));
  });

  it('limits an item to groups and makes a group', async () => {
    const requests = signedInAs('administrator', {
      [`POST ${LIB}/groups`]: { status: 200, body: { groupKey: 7, name: 'Cabin', members: 0 } },
      [`PUT ${LIB}/media/1/groups`]: { status: 200, body: { key: 1, groups: ['MAN', 'Cabin'] } },
    });
    renderConsole('/programme/library');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Groups of Weather briefing' }, LAZY_PAGE),
    );
    const dialog = screen.getByRole('dialog', { name: "Who sees 'Weather briefing'" });
    expect(within(dialog).getByRole('checkbox', { name: /LHR/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /LHR/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /MAN/ }));
    await user.type(within(dialog).getByLabelText('New group'), 'Cabin');
    await user.click(within(dialog).getByRole('button', { name: 'Make group' }));
    await vi.waitFor(() => expect(written(requests)).toHaveLength(1));
    expect(JSON.parse(written(requests)[0]!.body!)).toEqual({ name: 'Cabin' });
    await user.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    await vi.waitFor(() => expect(written(requests)).toHaveLength(2));
    expect(JSON.parse(written(requests)[1]!.body!)).toEqual({ groups: ['MAN', 'Cabin'] });
  });

  it('lets an auditor read the library and change nothing', async () => {
    signedInAs('auditor');
    renderConsole('/programme/library');
    expect(await screen.findByRole('table', { name: 'Library media' }, LAZY_PAGE)).toBeVisible();
    expect(screen.getByText(/Your role may read this but not change it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a file' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Groups of / })).toBeNull();
  });
});
