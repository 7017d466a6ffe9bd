import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const register = vi.fn(() => Promise.resolve({}));

beforeEach(() => {
  vi.resetModules(); // each test starts with a page that has registered nothing
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  register.mockClear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the service worker’s registration (issue 20: its install competed with a new phone’s first figure)', () => {
  it('waits for the screen and, signed in, for the first sync, then registers once', async () => {
    const worker = await import('./service-worker.ts');
    worker.firstDataArrived();
    await idle();
    expect(register).not.toHaveBeenCalled(); // the screen's code has not rendered yet
    worker.screenShown();
    worker.screenShown(); // a remount of the routes
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' }));
    await idle();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does not register for a screen whose data has not arrived', async () => {
    const worker = await import('./service-worker.ts');
    worker.screenShown();
    await idle();
    expect(register).not.toHaveBeenCalled();
  });
});
