import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPlayer, MISSING_LAUNCH_MESSAGE, type BootResult } from './boot';
import { buildPlayerState, fakePlayerServer, TEST_TOKEN } from '../test/fake-player-server';
import { PlayerApp } from './player-app';
import type { PlayerSibling, PlayerState } from '@waypoint/domain/contract';

const started: Promise<BootResult>[] = [];

function renderPlayer(state: PlayerState, options: { closes?: boolean } = {}) {
  const server = fakePlayerServer(state);
  const replaceLocation = vi.fn();
  const closeWindow = vi.fn(() => options.closes ?? false);
  const boot = bootPlayer({
    launch: { launchId: state.launchId, token: TEST_TOKEN },
    fetch: server.fetch,
    sendBeacon: server.sendBeacon,
    session: { replaceLocation, closeWindow },
  });
  started.push(boot);
  render(<PlayerApp boot={boot} />);
  return { server, replaceLocation, closeWindow };
}

const lessons: PlayerSibling[] = [
  { lessonKey: 11, identifier: 'i1', name: 'Preflight checks', current: true, launchable: true },
  { lessonKey: 12, identifier: 'i2', name: 'Taxi', current: false, launchable: true },
  { lessonKey: 13, identifier: 'i3', name: 'Takeoff', current: false, launchable: false },
];

afterEach(async () => {
  for (const boot of started.splice(0)) {
    const result = await boot;
    if (result.kind === 'ready') result.session.dispose();
  }
  delete window.API;
  delete window.API_1484_11;
  vi.restoreAllMocks();
});

describe('player page', () => {
  it('"the API object exists on window before the frame loads"', async () => {
    const apiWhenSrcSet: boolean[] = [];
    const setAttribute = Element.prototype.setAttribute;
    vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (
      this: Element,
      name: string,
      value: string,
    ) {
      if (this instanceof HTMLIFrameElement && name === 'src') {
        apiWhenSrcSet.push(
          window.API !== undefined && typeof window.API.LMSInitialize === 'function',
        );
      }
      return setAttribute.call(this, name, value);
    });
    renderPlayer(buildPlayerState({ contentUrl: '/content/L1/story/index.html?x=1' }));
    const frame = await screen.findByTitle('Preflight checks');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/content/L1/story/index.html?x=1');
    expect(apiWhenSrcSet).toEqual([true]);
  });

  it('sets document.title to "{lessonName} - Waypoint" and cuts window.opener', async () => {
    window.opener = {};
    renderPlayer(buildPlayerState({ lessonName: 'Crosswind landings' }));
    await screen.findByRole('heading', { name: 'Crosswind landings' });
    await vi.waitFor(() => expect(document.title).toBe('Crosswind landings - Waypoint'));
    expect(screen.getByText('Private pilot ground school')).toBeInTheDocument();
    expect(window.opener).toBeNull();
  });

  it('shows the save state in a status: saved, unsaved, saved again', async () => {
    const { server } = renderPlayer(buildPlayerState());
    await screen.findByTitle('Preflight checks');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('All progress saved');
    act(() => {
      window.API!.LMSInitialize('');
      window.API!.LMSSetValue('cmi.core.lesson_location', 'p2');
    });
    // The indicator subscribes in a passive effect, which a loaded machine may run after the SCO's
    // first call: the store is re-read then, so wait for the render rather than expect it in step.
    await vi.waitFor(() => expect(status).toHaveTextContent('Unsaved changes'));
    act(() => void window.API!.LMSCommit(''));
    await vi.waitFor(() => expect(status).toHaveTextContent('All progress saved'));
    expect(server.commits()).toHaveLength(1);
  });

  it('"Not saved: {server message}" when the server closes the launch (409)', async () => {
    const message =
      'This lesson was opened on another device or browser, so this window can no longer save progress.';
    const { server } = renderPlayer(buildPlayerState());
    server.handlers.commit = () => ({ status: 409, body: { statusCode: 409, message } });
    await screen.findByTitle('Preflight checks');
    const status = screen.getByRole('status');
    act(() => {
      window.API!.LMSInitialize('');
      window.API!.LMSSetValue('cmi.core.lesson_location', 'p2');
      window.API!.LMSCommit('');
    });
    await vi.waitFor(() => expect(status).toHaveTextContent(`Not saved: ${message}`));
  });

  it("'Comments' opens the panel's Comments page at the SCO's bookmark, in a window of its own", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPlayer(
      buildPlayerState({
        commentsUrl: 'https://lms.example.com/waypoint_comments?lms=3&course=10&sco=20&user=42',
      }),
    );
    await screen.findByTitle('Preflight checks');
    act(() => {
      window.API!.LMSInitialize('');
      window.API!.LMSSetValue('cmi.core.lesson_location', 'page 7');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Comments' }));
    expect(open).toHaveBeenCalledWith(
      'https://lms.example.com/waypoint_comments?lms=3&course=10&sco=20&user=42&location=page%207',
      'waypoint-comments',
      'noopener',
    );
  });

  it('a library preview has no Comments button', async () => {
    renderPlayer(buildPlayerState({ preview: true }));
    await screen.findByTitle('Preflight checks');
    expect(screen.queryByRole('button', { name: 'Comments' })).toBeNull();
  });

  it('a library preview says "Preview: nothing you do here is saved." and still runs the SCO', async () => {
    renderPlayer(buildPlayerState({ preview: true }));
    expect(await screen.findByText('Preview: nothing you do here is saved.')).toBeInTheDocument();
    expect(screen.getByTitle('Preflight checks')).toBeInTheDocument();
    expect(window.API).toBeDefined();
  });

  it('"Exit lesson": final commit, then "You can close this window." when it cannot close', async () => {
    const user = userEvent.setup();
    const { server, closeWindow } = renderPlayer(buildPlayerState());
    await user.click(await screen.findByRole('button', { name: 'Exit lesson' }));
    const message = await screen.findByText('You can close this window.');
    expect(message.parentElement).toHaveFocus();
    expect(server.commits()).toMatchObject([{ final: true }]);
    expect(closeWindow).toHaveBeenCalled();
    expect(screen.queryByTitle('Preflight checks')).not.toBeInTheDocument();
  });

  it('no lesson navigation for a single-SCO package', async () => {
    renderPlayer(buildPlayerState());
    await screen.findByTitle('Preflight checks');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('multi-SCO: Previous / Next and a list where lessons that cannot start are disabled', async () => {
    const user = userEvent.setup();
    const { server, replaceLocation } = renderPlayer(buildPlayerState({ siblings: lessons }));
    const nav = await screen.findByRole('navigation', { name: 'Lessons in this course' });
    expect(within(nav).getByRole('button', { name: /Previous/ })).toBeDisabled();
    const list = within(nav).getByRole('combobox', { name: 'Lesson' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).disabled])).toEqual([
      ['Preflight checks (this lesson)', false],
      ['Taxi', false],
      ['Takeoff', true],
    ]);
    await user.click(within(nav).getByRole('button', { name: /Next/ }));
    await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/player/L12#token12'));
    expect(server.commits()).toMatchObject([{ final: true }]);
  });

  it('hideLMSUI: the lesson hides Previous, Next and Exit lesson; it brings its own', async () => {
    renderPlayer(
      buildPlayerState({
        scormVersion: '2004',
        siblings: lessons,
        sequencing: { continue: true, previous: true, choice: true },
        hideLmsUi: ['continue', 'previous', 'exitAll'],
      }),
    );
    await screen.findByTitle('Preflight checks');
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Previous/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exit lesson' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lesson' })).toBeInTheDocument();
  });

  it('sequenced: Next waits for the sequencer; a commit that changes its answer enables it, for the SCO too', async () => {
    const reason = "The course's sequencing rules do not allow the next lesson yet.";
    const { server } = renderPlayer(
      buildPlayerState({
        scormVersion: '2004',
        siblings: lessons,
        sequencing: { continue: false, previous: false, choice: true, continueRefused: reason },
      }),
    );
    const next = await screen.findByRole('button', { name: /Next/ });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(reason);
    const api = window.API_1484_11!;
    api.Initialize('');
    expect(api.GetValue('adl.nav.request_valid.continue')).toBe('false');
    server.handlers.commit = (body) => ({
      status: 200,
      body: {
        applied: true,
        seq: body.seq,
        closed: false,
        navigation: { continue: true, previous: false },
      },
    });
    act(() => {
      api.SetValue('cmi.success_status', 'passed');
      api.Commit('');
    });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled());
    expect(api.GetValue('adl.nav.request_valid.continue')).toBe('true');
  });

  it('a Next the server still refuses (409) shows its reason in the frame, politely', async () => {
    const user = userEvent.setup();
    const reason = 'This is the last lesson of the course: there is no next lesson.';
    const { server, replaceLocation } = renderPlayer(
      buildPlayerState({
        scormVersion: '2004',
        siblings: lessons,
        sequencing: { continue: true, previous: false, choice: true },
      }),
    );
    server.handlers.navigate = () => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: reason },
    });
    await user.click(await screen.findByRole('button', { name: /Next/ }));
    const status = await screen.findByText(reason);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toBeVisible();
    expect(screen.getByText('Choose another lesson above, or exit the lesson.')).toBeVisible();
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(server.requests.filter((r) => r.url.endsWith('/navigate'))).toMatchObject([
      { body: { lessonKey: 11, request: 'continue' } },
    ]);
  });

  it('the lesson list opens the chosen lesson with Go, not on change', async () => {
    const user = userEvent.setup();
    const { replaceLocation } = renderPlayer(buildPlayerState({ siblings: lessons }));
    const list = await screen.findByRole('combobox', { name: 'Lesson' });
    await user.selectOptions(list, 'Taxi');
    expect(replaceLocation).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await vi.waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/player/L12#token12'));
  });

  it('a launch that cannot start shows why', async () => {
    render(<PlayerApp boot={bootPlayer({ launch: { launchId: 'L1', token: null } })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MISSING_LAUNCH_MESSAGE);
    await vi.waitFor(() => expect(document.title).toBe('Lesson not started - Waypoint'));
  });

  it('shows the server message when the state call fails (401 expired token)', async () => {
    const state = buildPlayerState();
    const server = fakePlayerServer(state);
    server.handlers.state = () => ({
      status: 401,
      body: { statusCode: 401, message: 'This lesson link has expired.' },
    });
    render(
      <PlayerApp
        boot={bootPlayer({
          launch: { launchId: 'L1', token: TEST_TOKEN },
          fetch: server.fetch,
        })}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This lesson link has expired.');
    expect(window.API).toBeUndefined();
  });
});
