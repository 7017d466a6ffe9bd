import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedLiveQuery } from './live-data.ts';

afterEach(() => vi.restoreAllMocks());

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('sharedLiveQuery', () => {
  it('starts again for the next follower after a read failed, instead of keeping the dead query', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reads = 0;
    const profile = sharedLiveQuery(async () => {
      reads += 1;
      if (reads === 1) throw new Error('IndexedDB read failed');
      return { name: 'Carla' };
    });
    const first = vi.fn();
    profile.subscribe(first);
    await settled();
    expect(first).not.toHaveBeenCalled();

    const next = vi.fn();
    profile.subscribe(next);
    await settled();
    expect(next).toHaveBeenCalledWith({ name: 'Carla' });
    expect(reads).toBe(2);
  });
});
