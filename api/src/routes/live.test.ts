import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { TestDevice, buildDietInput, signIn } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An open page's EventSource: the server-sent events as they arrive, and a way to leave. */
async function openEvents(c: TestClient) {
  const response = await c.fetch('/api/sync/events', { headers: { accept: 'text/event-stream' } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  let ended = false;
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field('event');
        if (event) events.push({ event, data: field('data') ?? '' });
      }
    }
    ended = true;
  })();
  /** Waits until `count` events arrived (the stream answers within the same process, so 2 s is plenty). */
  const until = async (count: number) => {
    for (let i = 0; i < 200 && events.length < count && !ended; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return events;
  };
  return { response, events, until, ended: () => ended, reading, leave: () => reader.cancel() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('GET /api/sync/events (live updates, ADR 023)', () => {
  it('is for a signed-in user only', async () => {
    const response = await t.client().get('/api/sync/events');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('opens with the current version, then pokes when another device of the user pushes, never for someone else’s change', async () => {
    const phone = t.client();
    await signIn(phone, t.deps);
    const laptop = t.client();
    laptop.cookies.set(...([...phone.cookies][0] as [string, string]));
    const stream = await openEvents(laptop);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no'); // behind nginx, pokes are not held back
    const [opened] = await stream.until(1);
    expect(opened).toEqual({ event: 'poke', data: String(await t.deps.live.version()) });

    const other = t.client();
    await signIn(other, t.deps);
    const stranger = new TestDevice();
    await other.post('/api/sync/push', { deviceId: stranger.deviceId, mutations: [stranger.addWeight(70)] });
    await settle();
    expect(stream.events).toHaveLength(1);

    const device = new TestDevice();
    await phone.post('/api/sync/push', { deviceId: device.deviceId, mutations: [device.addWeight(81.4)] });
    const [, poked] = await stream.until(2);
    expect(poked).toEqual({ event: 'poke', data: String(await t.deps.live.version()) });
    const pull = await laptop.get<{ changes: { weightRecords: { weight: number }[] } }>(`/api/sync/pull?cursor=${opened!.data}`);
    expect(pull.body.changes.weightRecords.map((r) => r.weight)).toEqual([81.4]);
    await stream.leave();
  });

  it('pokes the client when staff publish a diet for them', async () => {
    const client = t.client();
    const user = await signIn(client, t.deps);
    const staff = t.client();
    await signIn(staff, t.deps, { role: 'admin' });
    const stream = await openEvents(client);
    await stream.until(1);
    const created = await staff.post<{ diet: { id: string } }>(`/api/admin/users/${user.id}/diet`, buildDietInput());
    expect(created.status).toBe(201);
    await stream.until(2);
    await staff.post(`/api/teacher-admin/diet/${created.body.diet.id}/publish`);
    // The publish pokes; the plan's translation, stored after it, may poke once more.
    const events = await stream.until(3);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['poke']));
    await stream.leave();
  });

  it('forgets a page that left, and ends every stream when the server stops', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const before = t.deps.live.connections();
    const leaving = await openEvents(c);
    await leaving.until(1);
    const staying = await openEvents(c);
    await staying.until(1);
    expect(t.deps.live.connections()).toBe(before + 2);
    await leaving.leave();
    await settle();
    expect(t.deps.live.connections()).toBe(before + 1);
    t.deps.live.closeAll();
    await staying.reading;
    expect(staying.ended()).toBe(true);
    await settle();
    expect(t.deps.live.connections()).toBe(before);
  });
});
