/** Body measurements through push and pull (issue 21): exactly once, corrections, tombstones, scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '#protocol/clock/hlc.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outcomesOf as outcomes, pullFrom as pull, pushFrom as push, signIn, TestDevice } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


async function signedInDevice() {
  const c = t.client();
  await signIn(c, t.deps);
  return { c, device: new TestDevice() };
}

const addMeasurement = (device: TestDevice, values: Record<string, unknown>, createdAt = new Date().toISOString()) =>
  device.mutation('measurement.add', { id: uuidv7(), createdAt, ...values });

describe('measurement.add', () => {
  it('stores the sites measured once, however often the batch is resent, and every device pulls them', async () => {
    const { c, device } = await signedInDevice();
    const add = addMeasurement(device, { waist: 84.5, hip: 101, neck: 36.2, bodyFat: 27.4 }, '2026-11-20T07:10:00.000Z');
    expect(outcomes((await push(c, device, [add])).body)).toEqual(['applied']);
    expect(outcomes((await push(c, device, [add])).body)).toEqual(['duplicate']);
    const { changes } = await pull(c);
    expect(changes.bodyMeasurements).toEqual([
      { id: add.args.id, createdAt: '2026-11-20T07:10:00.000Z', waist: 84.5, hip: 101, chest: null, arm: null, thigh: null, neck: 36.2, bodyFat: 27.4, deleted: false, hlcs: {} },
    ]);
  });

  it('keeps a length typed to 0.1 in as the cm it is (0.01 cm), and refuses what nobody typed', async () => {
    const { c, device } = await signedInDevice();
    const results = await push(c, device, [
      addMeasurement(device, { waist: 86.36 }), // 34.0 in
      addMeasurement(device, { waist: 86.365 }),
      addMeasurement(device, { waist: 9.9 }),
      addMeasurement(device, { arm: 301 }),
      addMeasurement(device, { bodyFat: 80 }),
      addMeasurement(device, { bodyFat: 22.45 }),
      addMeasurement(device, { waist: '0x40' }),
      addMeasurement(device, {}),
      addMeasurement(device, { waist: null, hip: null }),
    ]);
    expect(outcomes(results.body)).toEqual(['applied', ...Array(8).fill('VALIDATION_FAILED')]);
    expect((await pull(c)).changes.bodyMeasurements.map((row) => row.waist)).toEqual([86.36]);
  });

  it('refuses an id another user already holds, and never shows their rows', async () => {
    const mine = await signedInDevice();
    const theirs = await signedInDevice();
    const their = addMeasurement(theirs.device, { waist: 70 });
    await push(theirs.c, theirs.device, [their]);
    const copy = mine.device.mutation('measurement.add', { ...their.args, waist: 90 });
    expect(outcomes((await push(mine.c, mine.device, [copy])).body)).toEqual(['ID_CONFLICT']);
    expect((await pull(mine.c)).changes.bodyMeasurements).toEqual([]);
    expect((await pull(theirs.c)).changes.bodyMeasurements).toEqual([expect.objectContaining({ waist: 70 })]);
  });
});

describe('measurement.update and measurement.delete', () => {
  it('corrects a site and takes another away; the other devices pull the correction', async () => {
    const { c, device } = await signedInDevice();
    const add = addMeasurement(device, { waist: 48.5, hip: 101 }); // the digits swapped
    await push(c, device, [add]);
    const { cursor } = await pull(c);
    expect(outcomes((await push(c, device, [device.mutation('measurement.update', { id: add.args.id, waist: 84.5, hip: null })])).body)).toEqual(['applied']);
    expect((await pull(c, cursor)).changes.bodyMeasurements).toEqual([expect.objectContaining({ id: add.args.id, waist: 84.5, hip: null, hlcs: { waist: expect.any(String), hip: expect.any(String) } })]);
  });

  it('two devices correct the same site offline: the later write wins whatever arrives first', async () => {
    const { c, device: phone } = await signedInDevice();
    const laptop = new TestDevice();
    const add = addMeasurement(phone, { waist: 90, chest: 100 });
    await push(c, phone, [add]);
    const at = (millis: number, node: string) => ({ hlc: formatHlc({ millis, counter: 0, node }) });
    const earlier = phone.mutation('measurement.update', { id: add.args.id, waist: 89, chest: 99 }, at(Date.now() - 60_000, phone.deviceId));
    const later = laptop.mutation('measurement.update', { id: add.args.id, waist: 88.5 }, at(Date.now() - 30_000, laptop.deviceId));
    await push(c, laptop, [later]);
    await push(c, phone, [earlier]);
    expect((await pull(c)).changes.bodyMeasurements).toEqual([expect.objectContaining({ waist: 88.5, chest: 99 })]);
  });

  it('a delete is a tombstone that later corrections do not undo, sent to the other devices', async () => {
    const { c, device } = await signedInDevice();
    const add = addMeasurement(device, { thigh: 58 });
    await push(c, device, [add, device.mutation('measurement.delete', { id: add.args.id })]);
    const { cursor, changes } = await pull(c);
    expect(changes.bodyMeasurements).toEqual([expect.objectContaining({ id: add.args.id, deleted: true })]);
    expect(outcomes((await push(c, device, [device.mutation('measurement.update', { id: add.args.id, thigh: 57 })])).body)).toEqual(['applied']);
    expect((await pull(c, cursor)).changes.bodyMeasurements).toEqual([]);
  });

  it('refuses a correction of an unknown or another user’s record, and an empty one', async () => {
    const mine = await signedInDevice();
    const theirs = await signedInDevice();
    const their = addMeasurement(theirs.device, { arm: 30 });
    await push(theirs.c, theirs.device, [their]);
    const results = await push(mine.c, mine.device, [
      mine.device.mutation('measurement.update', { id: their.args.id, arm: 31 }),
      mine.device.mutation('measurement.delete', { id: their.args.id }),
      mine.device.mutation('measurement.update', { id: uuidv7(), arm: 31 }),
      mine.device.mutation('measurement.update', { id: their.args.id }),
    ]);
    expect(outcomes(results.body)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED']);
    expect((await pull(theirs.c)).changes.bodyMeasurements).toEqual([expect.objectContaining({ arm: 30, deleted: false })]);
  });
});
