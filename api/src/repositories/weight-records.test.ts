import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '#protocol/contract/sync.ts';
import type { WeightRecord } from '#protocol/contract/tracking.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { signIn, TestDevice } from '../../test/factories.ts';

/**
 * Weigh-ins kept by a group commit's optimistic attempt and stored at its end (ADR 031): whatever
 * reads them in the meantime sees them, and an id found taken only when storing is answered as if
 * each had been inserted at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(): Promise<{ client: TestClient; device: TestDevice }> {
  const client = t.client();
  await signIn(client, t.deps);
  return { client, device: new TestDevice() };
}

const push = async (client: TestClient, device: TestDevice, mutations: unknown[]) =>
  (await client.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations })).body;
const statuses = (result: PushResult) => result.results.map((r) => (r.status === 'rejected' ? r.code : r.status));
const records = async (client: TestClient) => (await client.get<{ weightRecords: WeightRecord[] }>('/api/weight-records')).body.weightRecords;

describe('weigh-ins stored at the end of a group commit', () => {
  it('are read by a correction, a deletion and a second add of the same id later in the push', async () => {
    const { client, device } = await signedIn();
    const corrected = device.addWeight(80.1);
    const deleted = device.addWeight(79.9);
    const result = await push(client, device, [
      corrected,
      deleted,
      device.mutation('weight.update', { id: corrected.args.id, weight: 80.4 }),
      device.mutation('weight.delete', { id: deleted.args.id }),
      device.mutation('weight.add', corrected.args),
    ]);
    expect(statuses(result)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect((await records(client)).map((r) => [r.id, r.weight])).toEqual([[corrected.args.id, 80.4]]);
  });

  it('are read by a profile save with a weight: the weight already recorded adds no second weigh-in', async () => {
    const { client, device } = await signedIn();
    const added = device.addWeight(77.3);
    const result = await push(client, device, [added, device.mutation('profile.update', { fields: { currentWeight: 77.3 } })]);
    expect(statuses(result)).toEqual(['applied', 'applied']);
    expect((await records(client)).map((r) => r.weight)).toEqual([77.3]);
  });

  it('refuse an id another person holds, and the other writes of the group commit are stored once', async () => {
    const owner = await signedIn();
    const taken = owner.device.addWeight(70);
    await push(owner.client, owner.device, [taken]);

    const other = await signedIn();
    const pushes = await Promise.all([
      push(other.client, other.device, [other.device.addWeight(90), other.device.mutation('weight.add', { ...taken.args, weight: 91 }), other.device.addWeight(92)]),
      push(owner.client, owner.device, [owner.device.addWeight(71)]),
    ]);
    expect(statuses(pushes[0])).toEqual(['applied', 'ID_CONFLICT', 'applied']);
    expect(statuses(pushes[1])).toEqual(['applied']);
    expect((await records(other.client)).map((r) => r.weight).sort()).toEqual([90, 92]);
    expect((await records(owner.client)).map((r) => r.weight).sort()).toEqual([70, 71]);
  });
});
