import { it } from 'vitest';
import { createTestApp } from '../api/test/harness.ts';
import { TestDevice, createUser } from '../api/test/factories.ts';
import { parseMutation, type Mutation } from '#protocol/mutations/index.ts';
import { runMutatorAsync } from '#protocol/mutations/mutator.ts';
import { weightAdd } from '#protocol/mutations/weight-add.ts';

it('push parts', async () => {
  const t = await createTestApp();
  const { user } = await createUser(t.deps);
  const device = new TestDevice();
  for (let round = 0; round < 6; round++) {
    const batch = Array.from({ length: 1000 }, (_, i) => device.addWeight(60 + (i % 400) / 10));
    let t0 = performance.now();
    const parsed = batch.map((m) => parseMutation(m));
    const parse = performance.now() - t0;
    const storage = t.deps.mutations.storageFor(user.id);
    t0 = performance.now();
    await t.database.sql.transaction(() =>
      t.deps.versions.inUnitOfWork(async () => {
        for (const p of parsed) if (p.ok) await runMutatorAsync(weightAdd.apply((p.mutation as Extract<Mutation, { name: 'weight.add' }>).args, { hlc: t.deps.clock.stamp(p.mutation.hlc), localDate: p.mutation.localDate, now: Date.now() }), storage);
      }),
    );
    const apply = performance.now() - t0;
    const batch2 = Array.from({ length: 1000 }, (_, i) => device.addWeight(60 + (i % 400) / 10));
    t0 = performance.now();
    await t.deps.sync.push(user.id, device.deviceId, [...batch, ...batch2].slice(1000));
    const push = performance.now() - t0;
    console.log('parse', parse.toFixed(1), 'apply', apply.toFixed(1), 'push', push.toFixed(1));
  }
  await t.close();
});
