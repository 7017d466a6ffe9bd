import { it } from 'vitest';
import { createTestApp } from '../api/test/harness.ts';
import { TestDevice, createUser } from '../api/test/factories.ts';
import { parseMutation, type Mutation } from '#protocol/mutations/index.ts';
import { runMutator } from '#protocol/mutations/mutator.ts';
import { weightAdd } from '#protocol/mutations/weight-add.ts';

it('push parts', async () => {
  const t = createTestApp();
  const { user } = await createUser(t.deps);
  const device = new TestDevice();
  for (let round = 0; round < 6; round++) {
    const batch = Array.from({ length: 1000 }, (_, i) => device.addWeight(60 + (i % 400) / 10));
    let t0 = performance.now();
    const parsed = batch.map((m) => parseMutation(m));
    const parse = performance.now() - t0;
    const storage = t.deps.mutations.storageFor(user.id);
    t0 = performance.now();
    t.database.sqlite.transaction(() => t.deps.versions.inUnitOfWork(() => {
      for (const p of parsed) if (p.ok) runMutator(weightAdd.apply((p.mutation as Extract<Mutation, { name: 'weight.add' }>).args, { id: p.mutation.id, hlc: t.deps.clock.stamp(p.mutation.hlc), localDate: p.mutation.localDate, now: Date.now() }), storage);
    }))();
    const apply = performance.now() - t0;
    const batch2 = Array.from({ length: 1000 }, (_, i) => device.addWeight(60 + (i % 400) / 10));
    t0 = performance.now();
    t.deps.sync.push(user.id, device.deviceId, [...batch, ...batch2].slice(1000));
    const push = performance.now() - t0;
    console.log('parse', parse.toFixed(1), 'apply', apply.toFixed(1), 'push', push.toFixed(1));
  }
  t.close();
});
