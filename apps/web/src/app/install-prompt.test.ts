import { describe, expect, it, vi } from 'vitest';
import { createInstallPrompt, type InstallHost } from './install-prompt';
import { fakeHost, installEvent } from './install-prompt.fixtures';

describe('install prompt (docs/decisions/0024 "Install and app links")', () => {
  it('offers nothing until the browser says the panel can be installed', () => {
    const { host } = fakeHost();
    expect(createInstallPrompt(host).state()).toBe('unavailable');
  });

  it("keeps the browser's offer (its own banner held back) and tells the strip", () => {
    const { host, fire } = fakeHost();
    const prompt = createInstallPrompt(host);
    const changed = vi.fn();
    prompt.subscribe(changed);
    const event = fire('beforeinstallprompt', installEvent());
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.state()).toBe('available');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("Install shows the browser's dialog once and answers what the student chose", async () => {
    const { host, fire } = fakeHost();
    const prompt = createInstallPrompt(host);
    const event = installEvent('dismissed');
    fire('beforeinstallprompt', event);
    await expect(prompt.install()).resolves.toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // The event is spent: nothing to offer until the browser offers again.
    expect(prompt.state()).toBe('unavailable');
    await expect(prompt.install()).resolves.toBe('unavailable');
    fire('beforeinstallprompt', installEvent());
    expect(prompt.state()).toBe('available');
  });

  it('offers nothing once installed', async () => {
    const { host, fire } = fakeHost();
    const prompt = createInstallPrompt(host);
    fire('beforeinstallprompt', installEvent());
    fire('appinstalled');
    expect(prompt.state()).toBe('installed');
    await expect(prompt.install()).resolves.toBe('unavailable');
  });

  it('offers nothing in the installed app (display-mode standalone), nor on iOS home screen', () => {
    expect(createInstallPrompt(fakeHost({ standalone: true }).host).state()).toBe('installed');
    const ios: InstallHost = { addEventListener: () => undefined, navigator: { standalone: true } };
    expect(createInstallPrompt(ios).state()).toBe('installed');
  });

  it('a listener unsubscribed hears no more', () => {
    const { host, fire } = fakeHost();
    const prompt = createInstallPrompt(host);
    const changed = vi.fn();
    prompt.subscribe(changed)();
    fire('beforeinstallprompt', installEvent());
    expect(changed).not.toHaveBeenCalled();
  });
});
