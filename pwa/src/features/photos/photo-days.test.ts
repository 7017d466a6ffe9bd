import { describe, expect, it } from 'vitest';
import type { BodyMeasurement, ProgressPhoto, WeightRecord } from '#protocol/conflict/rules.ts';
import { photoDays, standingOn } from './photo-days.ts';

// São Paulo's day: 02:00Z on the 2nd is still the 1st there.
const dayOf = (instant: string) => new Date(Date.parse(instant) - 3 * 3600_000).toISOString().slice(0, 10);

const photo = (overrides: Partial<ProgressPhoto>): ProgressPhoto => ({
  id: overrides.id ?? crypto.randomUUID(),
  createdAt: '2026-11-01T12:00:00.000Z',
  pose: 'front',
  contentType: 'image/webp',
  bytes: 1000,
  thumbnailBytes: 100,
  width: 1200,
  height: 1600,
  stored: true,
  kind: 'progress',
  deleted: false,
  ...overrides,
});
const weight = (createdAt: string, value: number, deleted = false): WeightRecord => ({ id: createdAt, createdAt, weight: value, notes: null, deleted }) as WeightRecord;
const measurement = (createdAt: string, values: Partial<BodyMeasurement>): BodyMeasurement =>
  ({ id: createdAt, createdAt, waist: null, hip: null, chest: null, arm: null, thigh: null, neck: null, bodyFat: null, deleted: false, ...values }) as BodyMeasurement;

describe('photoDays', () => {
  it('groups photos by the device’s day, newest day first, keeping the newest photo of each pose', () => {
    const days = photoDays(
      [
        photo({ id: 'a', createdAt: '2026-11-01T12:00:00.000Z', pose: 'front' }),
        photo({ id: 'b', createdAt: '2026-11-02T01:00:00.000Z', pose: 'front' }), // still Nov 1st in São Paulo
        photo({ id: 'c', createdAt: '2026-11-01T13:00:00.000Z', pose: 'side' }),
        photo({ id: 'd', createdAt: '2026-11-20T12:00:00.000Z', pose: 'back' }),
        photo({ id: 'e', createdAt: '2026-11-21T12:00:00.000Z', pose: 'back', deleted: true }),
      ],
      dayOf,
    );
    expect(days.map((d) => [d.day, Object.fromEntries(Object.entries(d.poses).map(([pose, p]) => [pose, p.id]))])).toEqual([
      ['2026-11-20', { back: 'd' }],
      ['2026-11-01', { front: 'b', side: 'c' }],
    ]);
  });
});

describe('standingOn', () => {
  const weights = [weight('2026-10-30T12:00:00.000Z', 82), weight('2026-11-01T23:30:00.000Z', 81.4), weight('2026-11-10T12:00:00.000Z', 79, true), weight('2026-11-19T12:00:00.000Z', 78.6)];
  const measurements = [measurement('2026-10-28T12:00:00.000Z', { waist: 92, neck: 34 }), measurement('2026-11-01T12:00:00.000Z', { waist: 91 }), measurement('2026-11-25T12:00:00.000Z', { waist: 86 })];

  it('takes the newest weight and each site’s newest value up to the end of the day', () => {
    expect(standingOn('2026-11-01', dayOf, weights, measurements)).toMatchObject({ weight: 81.4, waist: 91, neck: 34, hip: null });
  });

  it('ignores deleted records and anything after the day', () => {
    expect(standingOn('2026-11-20', dayOf, weights, measurements)).toMatchObject({ weight: 78.6, waist: 91 });
  });

  it('has nothing for a day before every record', () => {
    expect(standingOn('2026-10-01', dayOf, weights, measurements)).toMatchObject({ weight: null, waist: null, neck: null });
  });
});
