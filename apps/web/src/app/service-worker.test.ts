import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

const page = (readyState: DocumentReadyState) => {
  const listeners: (() => void)[] = [];
  return {
    listeners,
    window: {
      document: { readyState },
      addEventListener: vi.fn((_type: string, listener: () => void) => listeners.push(listener)),
    },
  };
};

describe('registerServiceWorker (docs/decisions/0024)', () => {
  it('registers /sw.js for the whole panel once the page has loaded', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const loading = page('interactive');
    registerServiceWorker({ serviceWorker: { register } }, loading.window);
    expect(register).not.toHaveBeenCalled();
    expect(loading.window.addEventListener).toHaveBeenCalledWith('load', expect.any(Function), {
      once: true,
    });
    loading.listeners.forEach((listener) => listener());
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers at once on a page already loaded', () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    registerServiceWorker({ serviceWorker: { register } }, page('complete').window);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('leaves a browser without service workers, and a refused registration, as they were', async () => {
    expect(() => registerServiceWorker({}, page('complete').window)).not.toThrow();
    const register = vi.fn(() => Promise.reject(new Error('insecure origin')));
    registerServiceWorker({ serviceWorker: { register } }, page('complete').window);
    await expect(register.mock.results[0]?.value).rejects.toThrow('insecure origin');
  });
});
