import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAnotherInstance, type TestApp } from '../../test/harness.ts';
import { signedIn, TestDevice } from '../../test/factories.ts';
import type { TestPushService } from '../../test/push-service.ts';
import { startPushTestApp, type PushTestApp } from '../../test/push-test-app.ts';
import { nextReminder } from './reminders.ts';

/**
 * Issue 50, part 5 (ADR 032): reminders kept one occurrence ahead as rows, sent at the client's
 * own time in their zone through daylight-saving changes, once however many instances claim, late
 * only while still useful, and not at all once the thing is done.
 */
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const world = { now: at('2026-12-01T09:00:00Z') };
let app: PushTestApp | undefined, t: TestApp, service: TestPushService;
beforeAll(async () => void ({ t, service } = app = await startPushTestApp(() => world.now)));
afterAll(() => app?.close());
beforeEach(() => {
  world.now = at('2026-12-01T09:00:00Z'); // 06:00 in São Paulo
});

/** A client with a subscribed phone; what reached that phone, decrypted. */
async function clientWithPhone(overrides: Record<string, unknown> = {}) {
  const client = await signedIn(t, { name: 'Rita Lembrete', ...overrides });
  const phone = service.subscribe();
  expect((await client.c.put('/api/push/subscription', { ...phone, deviceId: `device-${client.user.id.slice(-12)}` })).status).toBe(204);
  const id = phone.endpoint.split('/').at(-1);
  const shown = () => service.delivered.filter((push) => push.subscription === id).map((push) => JSON.parse(push.payload) as { kind: string; title: string; url: string });
  return { ...client, shown };
}

const waiting = (userId: string, kind: string) =>
  t.database.sql.all<{ key: string; due_at: number; not_after: number | null }>('SELECT key, due_at, not_after FROM notices WHERE user_id = ? AND kind = ? AND done_at IS NULL', [userId, kind]);
const handled = (userId: string, kind: string) => t.database.sql.all<{ key: string; skipped: number }>('SELECT key, skipped FROM notices WHERE user_id = ? AND kind = ? AND done_at IS NOT NULL ORDER BY due_at', [userId, kind]);

describe('the pass that gives clients their next reminders', () => {
  it('looks at every client a chunk at a time, the scheduler served between chunks, and a shutdown ends it early', async () => {
    for (let i = 0; i < 3; i++) await clientWithPhone();
    const clients = (await t.database.sql.all<{ id: string }>("SELECT id FROM users WHERE role = 'user' ORDER BY id")).map((row) => row.id);
    await t.database.sql.run("DELETE FROM notices WHERE kind = 'weighIn'");
    let pauses = 0;
    await t.deps.reminders.scheduleAllMissing(2, async () => void pauses++, () => pauses === 1);
    expect(pauses).toBe(1);
    const given = async () => (await t.database.sql.all<{ user_id: string }>("SELECT user_id FROM notices WHERE kind = 'weighIn' AND done_at IS NULL ORDER BY user_id")).map((row) => row.user_id);
    expect(await given()).toEqual(clients.slice(0, 2));
    await t.deps.reminders.scheduleAllMissing(2, async () => void pauses++);
    expect(pauses).toBe(1 + Math.ceil(clients.length / 2));
    expect(await given()).toEqual(clients);
  });

  it('is made by one instance a minute, however many look at once', async () => {
    await t.database.sql.run('DELETE FROM scheduled_runs');
    const other = openAnotherInstance(t);
    const turns = () => Promise.all([t, other, t, other].map((instance) => instance.deps.reminders.takePassTurn(60_000)));
    try {
      expect((await turns()).filter(Boolean)).toHaveLength(1);
      world.now += 59_000;
      expect((await turns()).filter(Boolean)).toHaveLength(0);
      world.now += 1_000;
      expect((await turns()).filter(Boolean)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('the weigh-in reminder', () => {
  it('comes at 07:30 in São Paulo, in Portuguese, opening the dashboard, and the next one is made for tomorrow', async () => {
    const rita = await clientWithPhone();
    await t.deps.reminders.scheduleAllMissing(500);
    expect(await waiting(rita.user.id, 'weighIn')).toEqual([{ key: '2026-12-01', due_at: at('2026-12-01T10:30:00Z'), not_after: at('2026-12-01T12:30:00Z') }]);
    world.now = at('2026-12-01T10:29:00Z');
    await t.deps.noticeDispatcher.tick();
    expect(rita.shown()).toEqual([]);
    world.now = at('2026-12-01T10:30:00Z');
    await t.deps.noticeDispatcher.tick();
    expect(rita.shown()).toEqual([expect.objectContaining({ kind: 'weighIn', title: 'Hora de se pesar', url: '/dashboard' })]);
    await t.deps.reminders.scheduleAllMissing(500);
    expect((await waiting(rita.user.id, 'weighIn')).map((row) => row.key)).toEqual(['2026-12-02']);
  });

  it('follows New York’s clocks: 07:30 EST the day before the spring change, 07:30 EDT on it, and 07:30 EST again after the autumn one', () => {
    const person = { id: 'u', countryCode: 'US', timeZone: 'America/New_York', weighInTime: null, weighInDays: null, checkInDay: null, createdAt: at('2027-01-01T12:00:00Z') };
    expect(nextReminder('weighIn', person, at('2027-03-13T12:00:00Z'))?.dueAt).toBe(at('2027-03-13T12:30:00Z'));
    expect(nextReminder('weighIn', person, at('2027-03-13T12:30:00Z'))?.dueAt).toBe(at('2027-03-14T11:30:00Z'));
    // The autumn change: 25 hours from 07:30 EDT to 07:30 EST.
    expect(nextReminder('weighIn', person, at('2027-11-06T12:00:00Z'))?.dueAt).toBe(at('2027-11-06T11:30:00Z') + 25 * HOUR);
  });

  it('found three hours late after the server was down is skipped, not sent, and tomorrow’s is made', async () => {
    const rita = await clientWithPhone();
    await t.deps.reminders.scheduleAllMissing(500);
    world.now = at('2026-12-01T13:30:00Z');
    await t.deps.noticeDispatcher.tick();
    expect(rita.shown()).toEqual([]);
    expect(await handled(rita.user.id, 'weighIn')).toEqual([{ key: '2026-12-01', skipped: 1 }]);
    await t.deps.reminders.scheduleAllMissing(500);
    expect((await waiting(rita.user.id, 'weighIn')).map((row) => row.key)).toEqual(['2026-12-02']);
  });

  it('is sent once when two instances claim at the same moment', async () => {
    const rita = await clientWithPhone();
    await t.deps.reminders.scheduleAllMissing(500);
    const other = openAnotherInstance(t);
    try {
      world.now = at('2026-12-01T10:30:00Z');
      await Promise.all([t.deps.noticeDispatcher.tick(), other.deps.noticeDispatcher.tick(), t.deps.noticeDispatcher.tick(), other.deps.noticeDispatcher.tick()]);
      expect(rita.shown().filter((notice) => notice.kind === 'weighIn')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('moves when the client changes its time offline and syncs, and stops on a day no longer chosen', async () => {
    const rita = await clientWithPhone();
    await t.deps.reminders.scheduleAllMissing(500);
    const phone = new TestDevice(undefined, () => world.now);
    const push = await rita.c.post<{ results: { status: string }[] }>('/api/sync/push', {
      deviceId: phone.deviceId,
      mutations: [phone.mutation('profile.update', { fields: { weighInTime: '06:15', weighInDays: [2, 4] } })],
    });
    expect(push.body.results[0]?.status).toBe('applied');
    expect(await waiting(rita.user.id, 'weighIn')).toEqual([]);
    await t.deps.reminders.scheduleAllMissing(500);
    // 2026-12-01 is a Tuesday (2): 06:15 there is 09:15 UTC.
    expect((await waiting(rita.user.id, 'weighIn')).map((row) => [row.key, row.due_at])).toEqual([['2026-12-01', at('2026-12-01T09:15:00Z')]]);
  });

  it('is not sent to a client who turned it off, nor kept from the other reminders', async () => {
    const rita = await clientWithPhone();
    expect((await rita.c.put('/api/clients/profile', { notices: { weighIn: { push: false } } })).status).toBe(200);
    await t.deps.reminders.scheduleAllMissing(500);
    world.now = at('2026-12-01T10:30:00Z');
    await t.deps.noticeDispatcher.tick();
    expect(rita.shown()).toEqual([]);
    expect(await handled(rita.user.id, 'weighIn')).toEqual([{ key: '2026-12-01', skipped: 1 }]);
  });
});

describe('the evening reminder', () => {
  it('comes at 20:00 only when today’s tracking is not done', async () => {
    const done = await clientWithPhone();
    const open = await clientWithPhone({ countryCode: 'AR', preferredLanguage: 'es-AR' });
    const phone = new TestDevice(undefined, () => world.now);
    const mutations = [phone.mutation('progress.set', { field: 'dietFollowed', value: true }), phone.mutation('progress.set', { field: 'workoutCompleted', value: true }), phone.mutation('progress.set', { field: 'mood', value: 4 }), phone.mutation('progress.complete', {})];
    const push = await done.c.post<{ results: { status: string; code?: string }[] }>('/api/sync/push', { deviceId: phone.deviceId, mutations });
    expect(push.body.results.map((r) => r.code ?? r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    await t.deps.reminders.scheduleAllMissing(500);
    world.now = at('2026-12-01T23:00:00Z'); // 20:00 in São Paulo and Buenos Aires
    await t.deps.noticeDispatcher.tick();
    expect(done.shown().filter((n) => n.kind === 'trackingEvening')).toEqual([]);
    expect(open.shown().filter((n) => n.kind === 'trackingEvening')).toEqual([expect.objectContaining({ title: '¿Cómo te fue hoy?' })]);
  });
});
