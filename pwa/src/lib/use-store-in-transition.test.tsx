import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { create } from 'zustand';
import { useStoreInTransition } from './use-store-in-transition.ts';

afterEach(cleanup);

const statusStore = () => create<{ online: boolean; syncing: boolean; other: number }>(() => ({ online: true, syncing: false, other: 0 }));
const shownFields = ({ online, syncing }: { online: boolean; syncing: boolean }) => ({ online, syncing });

describe('useStoreInTransition', () => {
  it('shows the store’s fields and follows each change of them', async () => {
    const store = statusStore();
    const { result } = renderHook(() => useStoreInTransition(store, shownFields));
    expect(result.current).toEqual({ online: true, syncing: false });
    await act(async () => store.setState({ syncing: true }));
    expect(result.current).toEqual({ online: true, syncing: true });
    await act(async () => store.setState({ online: false, syncing: false }));
    expect(result.current).toEqual({ online: false, syncing: false });
  });

  it('a change of a field it does not show keeps the shown object, so nothing renders again for it', async () => {
    const store = statusStore();
    const { result } = renderHook(() => useStoreInTransition(store, shownFields));
    const shown = result.current;
    await act(async () => store.setState({ other: 5 }));
    expect(result.current).toBe(shown);
  });
});
