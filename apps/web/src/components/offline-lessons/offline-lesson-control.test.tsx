import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StoredLesson } from '../../offline/bridge-protocol';
import { OfflineLessonControl, type OfflineLessonControlProps } from './offline-lesson-control';

const stored: StoredLesson = {
  grantId: 'g'.repeat(43),
  lessonKey: 7,
  lessonName: 'Briefing',
  courseName: 'Course',
  expiresInstant: 0,
  bytes: 12_000_000,
  storedInstant: 1,
  pendingCommits: 0,
  syncedInstant: 0,
  notices: [],
};

function renderControl(overrides: Partial<OfflineLessonControlProps> = {}) {
  const props: OfflineLessonControlProps = {
    lessonName: 'Briefing',
    eligible: true,
    online: true,
    stored: undefined,
    task: undefined,
    onMake: vi.fn(),
    onRemove: vi.fn(),
    onDismiss: vi.fn(),
    ...overrides,
  };
  const view = render(<OfflineLessonControl {...props} />);
  return { props, ...view };
}

describe("a lesson row's offline control", () => {
  it('not stored: a labelled button that makes the lesson available', async () => {
    const { props } = renderControl();
    const button = screen.getByRole('button', { name: 'Make Briefing available offline' });
    expect(button).toHaveTextContent('Make available offline');
    await userEvent.click(button);
    expect(props.onMake).toHaveBeenCalledOnce();
  });

  it('not offered for a lesson that may not be made available, nor offline', () => {
    const { container, rerender, props } = renderControl({ eligible: false });
    expect(container).toBeEmptyDOMElement();
    rerender(<OfflineLessonControl {...props} eligible online={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("storing: a bar and '3.2 MB of 12 MB'", () => {
    renderControl({ task: { kind: 'storing', loadedBytes: 3_200_000, totalBytes: 12_000_000 } });
    const bar = screen.getByRole('progressbar', { name: 'Storing Briefing on this device' });
    expect(bar).toHaveAttribute('aria-valuenow', '27');
    expect(screen.getByTestId('offline-control')).toHaveTextContent('3.2 MB of 12 MB');
    expect(screen.queryByRole('button', { name: /available offline/ })).toBeNull();
  });

  it("stored: 'Available offline · 12 MB', even offline, and Remove asks first", async () => {
    const { props } = renderControl({ stored, online: false });
    const line = screen.getByTestId('offline-control');
    expect(line).toHaveTextContent('Available offline · 12 MB');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Briefing from this device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from this device' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onRemove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Briefing from this device' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(props.onRemove).toHaveBeenCalledWith(stored);
  });

  it('stored with progress not synced says so', () => {
    renderControl({ stored: { ...stored, pendingCommits: 3 } });
    expect(screen.getByTestId('offline-control')).toHaveTextContent('Progress waiting to sync');
  });

  it("a refused remove shows the bridge's message beside the stored lesson, dismissible", async () => {
    const message = 'Briefing has progress not yet synced. Go online to sync it first.';
    const { props } = renderControl({ stored, task: { kind: 'error', message } });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByTestId('offline-control')).toHaveTextContent('Available offline · 12 MB');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(props.onDismiss).toHaveBeenCalledOnce();
  });

  it("a server refusal (launch rules) shows the server's message, and the button stays", () => {
    renderControl({ task: { kind: 'error', message: 'No attempts left.' } });
    expect(screen.getByRole('alert')).toHaveTextContent('No attempts left.');
    expect(
      screen.getByRole('button', { name: 'Make Briefing available offline' }),
    ).toBeInTheDocument();
  });
});
