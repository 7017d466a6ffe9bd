/** Weekly check-ins through push and pull (issue 22, part 2): once, in the client's week, never another client's. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInSubmitArgs } from '#protocol/mutations/checkin-submit.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { aCheckIn, outcomesOf as outcomes, pullFrom, pushFrom as push, signIn, TestDevice } from '../../test/factories.ts';

// Saturday 28 November 2026, 15:00 UTC: 12:00 in São Paulo, the device's zone.
const world = { now: Date.UTC(2026, 10, 28, 15, 0) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
});
afterAll(() => t.close());

const pull = (c: TestClient) => pullFrom(c);

async function signedInClient() {
  const c = t.client();
  const user = await signIn(c, t.deps);
  return { c, user, device: new TestDevice(undefined, () => world.now) };
}

const aWeeksCheckIn = (overrides: Partial<CheckInSubmitArgs> = {}): CheckInSubmitArgs =>
  aCheckIn({
    createdAt: new Date(world.now).toISOString(),
    weight: 81.4,
    dietAdherence: 4,
    hunger: 2,
    sleep: 4,
    energy: 4,
    note: '  Semana corrida, mas segui a dieta.  ',
    answers: [
      { question: 'Quantos litros de água por dia?', answer: ' 2 ' },
      { question: 'Alguma dor?', answer: '   ' },
    ],
    ...overrides,
  });

describe('checkin.submit', () => {
  it('stores the week’s check-in once however often it is resent, and every device pulls it as written', async () => {
    const { c, device } = await signedInClient();
    const checkIn = device.mutation('checkin.submit', aWeeksCheckIn());
    expect(outcomes((await push(c, device, [checkIn])).body)).toEqual(['applied']);
    expect(outcomes((await push(c, device, [checkIn])).body)).toEqual(['duplicate']);
    expect((await pull(c)).changes.checkIns).toEqual([
      {
        id: checkIn.args.id,
        week: '2026-11-23',
        createdAt: '2026-11-28T15:00:00.000Z',
        weight: 81.4,
        dietAdherence: 4,
        workoutAdherence: 3,
        hunger: 2,
        sleep: 4,
        stress: 3,
        energy: 4,
        note: 'Semana corrida, mas segui a dieta.',
        // An answer left empty is not an answer.
        answers: [{ question: 'Quantos litros de água por dia?', answer: '2' }],
        reviewedAt: null,
      },
    ]);
  });

  it('keeps a check-in whose weight was left empty (the form sends null), without a weight', async () => {
    const { c, device } = await signedInClient();
    const checkIn = device.mutation('checkin.submit', aWeeksCheckIn({ weight: null }));
    expect(outcomes((await push(c, device, [checkIn])).body)).toEqual(['applied']);
    expect((await pull(c)).changes.checkIns).toEqual([expect.objectContaining({ id: checkIn.args.id, weight: null })]);
  });

  it('refuses a week that has not begun or ended more than six days ago on the device’s calendar, a score out of 1 to 5, and stores nothing', async () => {
    const { c, device } = await signedInClient();
    const results = await push(c, device, [
      device.mutation('checkin.submit', aWeeksCheckIn({ week: '2026-11-29' })),
      device.mutation('checkin.submit', aWeeksCheckIn({ week: '2026-11-21' })),
      device.mutation('checkin.submit', aWeeksCheckIn({ hunger: 6 })),
      device.mutation('checkin.submit', aWeeksCheckIn({ sleep: 2.5 })),
    ]);
    expect(outcomes(results.body)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect((await pull(c)).changes.checkIns).toEqual([]);
  });

  it('takes the week from the device’s own calendar: late on Sunday in São Paulo is still the week that began on Monday the 23rd', async () => {
    const { c, device } = await signedInClient();
    // Monday 30 November 02:30 UTC is Sunday 29th 23:30 in São Paulo.
    world.now = Date.UTC(2026, 10, 30, 2, 30);
    try {
      expect(outcomes((await push(c, device, [device.mutation('checkin.submit', aWeeksCheckIn({ createdAt: new Date(world.now).toISOString() }))])).body)).toEqual(['applied']);
    } finally {
      world.now = Date.UTC(2026, 10, 28, 15, 0);
    }
  });

  it('never shows a check-in to another client, and refuses its id for them', async () => {
    const mine = await signedInClient();
    const theirs = await signedInClient();
    const checkIn = mine.device.mutation('checkin.submit', aWeeksCheckIn());
    await push(mine.c, mine.device, [checkIn]);
    expect((await pull(theirs.c)).changes.checkIns).toEqual([]);
    expect(outcomes((await push(theirs.c, theirs.device, [theirs.device.mutation('checkin.submit', checkIn.args)])).body)).toEqual(['ID_CONFLICT']);
  });
});
