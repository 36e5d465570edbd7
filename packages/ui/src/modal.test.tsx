import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Modal, RouteModal } from './modal';

describe('Modal', () => {
  it('closes on Escape by default', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Message" />);
    await userEvent.setup().keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('closes on an outside click by default', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Message" />);
    // The backdrop takes no pointer events of its own; press the page beneath it.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('gives focus back to what opened it when it closes (no Dialog.Trigger needed)', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open details
          </button>
          <Modal open={open} onOpenChange={setOpen} title="Details" />
        </>
      );
    }
    render(<Opener />);
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Open details' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open details' })).toHaveFocus();
  });

  it('ignores Escape and outside click when not dismissable', async () => {
    const onOpenChange = vi.fn();
    render(
      <Modal open onOpenChange={onOpenChange} title="Invalid Connection" dismissable={false} />,
    );
    const person = userEvent.setup({ pointerEventsCheck: 0 });
    await person.keyboard('{Escape}');
    await person.click(document.body);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('RouteModal', () => {
  function renderAt(cancelTo?: string) {
    const router = createMemoryRouter(
      [
        { path: '/start', element: <p>Start page</p> },
        { path: '/other', element: <p>Other page</p> },
        { path: '/modal', element: <RouteModal title="Details" cancelTo={cancelTo} /> },
      ],
      { initialEntries: ['/start', '/modal'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
  }

  it('goes back when closed without a cancel address', async () => {
    renderAt();
    await userEvent.setup().keyboard('{Escape}');
    expect(await screen.findByText('Start page')).toBeInTheDocument();
  });

  it('goes to the cancel address when it has one', async () => {
    renderAt('/other');
    await userEvent.setup().keyboard('{Escape}');
    expect(await screen.findByText('Other page')).toBeInTheDocument();
  });
});
