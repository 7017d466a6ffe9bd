import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useToastStore } from './toast.ts';
import { useOnDemand } from './use-on-demand.ts';

afterEach(() => {
  cleanup();
  useToastStore.setState({ current: null });
  vi.restoreAllMocks();
});

const Loaded = () => null;

describe('useOnDemand', () => {
  it('opens what it loaded, then runs what the tap asked for', async () => {
    const { result } = renderHook(() => useOnDemand(() => Promise.resolve(Loaded), 'plan-form'));
    const then = vi.fn();
    act(() => result.current.open(then));
    await waitFor(() => expect(then).toHaveBeenCalledTimes(1));
    expect(result.current.Component).toBe(Loaded);
  });

  it('a load that fails (offline before the app was cached, a deploy in between) tells the person instead of doing nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useOnDemand(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'plan-form'));
    const then = vi.fn();
    act(() => result.current.open(then));
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ severity: 'error', title: { id: 'errors.loadFailedTitle' }, description: { id: 'errors.loadFailed' } }));
    expect(then).not.toHaveBeenCalled();
    expect(result.current.Component).toBeNull();
  });
});
