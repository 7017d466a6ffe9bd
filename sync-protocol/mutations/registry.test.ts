import { beforeEach, describe, expect, it, vi } from 'vitest';

// The registry keeps what it loaded in module state: each test starts from a fresh copy.
async function freshRegistry() {
  vi.resetModules();
  const registry = await import('./registry.ts');
  const { LATER_MUTATORS } = await import('./later-mutators.ts');
  return { ...registry, LATER_MUTATORS };
}

describe('loadMutators', () => {
  beforeEach(() => vi.resetModules());

  it('knows only the core mutators until the others are loaded', async () => {
    const { mutatorNamed, provideMutators, LATER_MUTATORS } = await freshRegistry();
    provideMutators(async () => LATER_MUTATORS);
    expect(mutatorNamed('weight.add')?.name).toBe('weight.add');
    expect(mutatorNamed('workoutSet.add')).toBeUndefined();
  });

  it('loads once when any name is unknown, and not at all when every name is known', async () => {
    const { loadMutators, mutatorNamed, provideMutators, LATER_MUTATORS } = await freshRegistry();
    const source = vi.fn(async () => LATER_MUTATORS);
    provideMutators(source);
    await loadMutators(['weight.add', 'progress.set']);
    expect(source).not.toHaveBeenCalled();
    await Promise.all([loadMutators(['weight.add', 'workoutSet.add']), loadMutators(['workout.start'])]);
    expect(source).toHaveBeenCalledTimes(1);
    expect(mutatorNamed('workoutSet.add')?.name).toBe('workoutSet.add');
    expect(mutatorNamed('weight.add')?.name).toBe('weight.add');
    await loadMutators(['workout.finish']);
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const { loadMutators, mutatorNamed, provideMutators, LATER_MUTATORS } = await freshRegistry();
    const source = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(LATER_MUTATORS);
    provideMutators(source);
    await expect(loadMutators(['workoutSet.add'])).rejects.toThrow('offline');
    expect(mutatorNamed('workoutSet.add')).toBeUndefined();
    await loadMutators(['workoutSet.add']);
    expect(source).toHaveBeenCalledTimes(2);
    expect(mutatorNamed('workoutSet.add')?.name).toBe('workoutSet.add');
  });

  it('leaves a name no build knows unknown, without failing', async () => {
    const { loadMutators, mutatorNamed, provideMutators, LATER_MUTATORS } = await freshRegistry();
    provideMutators(async () => LATER_MUTATORS);
    await loadMutators(['weight.teleport']);
    expect(mutatorNamed('weight.teleport')).toBeUndefined();
  });
});
