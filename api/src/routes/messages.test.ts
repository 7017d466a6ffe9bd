/** Messages through push and pull (issue 22): exactly once, in order, deletes within five minutes, read marks, the coach's side. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { outcomesOf as outcomes, pullFrom as pull, pushFrom as push, signIn, TestDevice } from '../../test/factories.ts';

const world = { now: Date.UTC(2026, 10, 28, 15, 0) };
let t: TestApp;
beforeAll(() => {
  t = createTestApp({ now: () => world.now });
});
afterAll(() => t.close());


async function signedInClient() {
  const c = t.client();
  const user = await signIn(c, t.deps);
  return { c, user, device: new TestDevice() };
}

const send = (device: TestDevice, body: string, createdAt = new Date(world.now).toISOString()) => device.mutation('message.send', { id: uuidv7(), createdAt, body });

describe('message.send', () => {
  it('stores a message once however often it is resent, stamped with the server’s receipt, and every device pulls the thread in order', async () => {
    const { c, device } = await signedInClient();
    const first = send(device, '  Bom dia! Posso trocar o arroz por batata?  ', '2026-11-28T14:55:00.000Z');
    const second = send(device, 'E o jantar de sábado?');
    expect(outcomes((await push(c, device, [first, second])).body)).toEqual(['applied', 'applied']);
    expect(outcomes((await push(c, device, [first, second])).body)).toEqual(['duplicate', 'duplicate']);
    const { changes } = await pull(c);
    expect(changes.messages).toEqual([
      { id: first.args.id, createdAt: '2026-11-28T14:55:00.000Z', sentAt: '2026-11-28T15:00:00.000Z', from: 'client', senderName: null, body: 'Bom dia! Posso trocar o arroz por batata?', deleted: false },
      { id: second.args.id, createdAt: '2026-11-28T15:00:00.000Z', sentAt: '2026-11-28T15:00:00.000Z', from: 'client', senderName: null, body: 'E o jantar de sábado?', deleted: false },
    ]);
  });

  it('refuses an empty message and one over 2,000 characters, and stores nothing', async () => {
    const { c, device } = await signedInClient();
    expect(outcomes((await push(c, device, [send(device, '   '), send(device, 'x'.repeat(2001))])).body)).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect((await pull(c)).changes.messages).toEqual([]);
  });

  it('never shows a message to another client, and refuses its id in another thread', async () => {
    const mine = await signedInClient();
    const theirs = await signedInClient();
    const message = send(mine.device, 'Só para o meu treinador');
    await push(mine.c, mine.device, [message]);
    expect((await pull(theirs.c)).changes.messages).toEqual([]);
    expect(outcomes((await push(theirs.c, theirs.device, [theirs.device.mutation('message.send', { ...message.args, body: 'Roubado' })])).body)).toEqual(['ID_CONFLICT']);
  });
});

describe('message.delete', () => {
  it('takes a message back within five minutes of its receipt, for both sides, and refuses after', async () => {
    const { c, device } = await signedInClient();
    const early = send(device, 'Mandei errado');
    const late = send(device, 'Esta fica');
    await push(c, device, [early, late]);
    world.now += 4 * 60 * 1000;
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id: early.args.id })])).body)).toEqual(['applied']);
    world.now += 2 * 60 * 1000;
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id: late.args.id })])).body)).toEqual(['MESSAGE_DELETE_EXPIRED']);
    const { changes } = await pull(c);
    expect(changes.messages.map((m) => [m.id, m.body, m.deleted]).sort()).toEqual([
      [early.args.id, '', true],
      [late.args.id, 'Esta fica', false],
    ]);
  });

  it('refuses the coach’s message: a client deletes only their own', async () => {
    const { c, user, device } = await signedInClient();
    const coach = await signIn(t.client(), t.deps, { role: 'teacher', name: 'Tiago Professor' });
    const written = t.deps.messages.fromCoach(user.id, { id: uuidv7(), body: 'Pode sim!', createdAt: world.now }, coach);
    expect(written.kind).toBe('stored');
    const id = written.kind === 'stored' ? written.message.id : '';
    expect(outcomes((await push(c, device, [device.mutation('message.delete', { id })])).body)).toEqual(['NOT_FOUND']);
  });
});

describe('the coach’s messages and the read marks', () => {
  it('brings the coach’s answer to the client’s devices under the coach’s name, once, and pages the thread newest first', async () => {
    const { c, user, device } = await signedInClient();
    const coach = await signIn(t.client(), t.deps, { role: 'teacher', name: 'Tiago Professor' });
    const question = send(device, 'Posso trocar?');
    await push(c, device, [question]);
    world.now += 1000;
    const id = uuidv7();
    expect(t.deps.messages.fromCoach(user.id, { id, body: 'Pode sim!', createdAt: world.now }, coach).kind).toBe('stored');
    expect(t.deps.messages.fromCoach(user.id, { id, body: 'Pode sim!', createdAt: world.now }, coach).kind).toBe('exists');
    expect((await pull(c)).changes.messages.map((m) => [m.from, m.senderName, m.body])).toEqual([
      ['client', null, 'Posso trocar?'],
      ['coach', 'Tiago Professor', 'Pode sim!'],
    ]);
    const first = t.deps.messages.page(user.id, 1, null);
    expect(first.messages.map((m) => m.body)).toEqual(['Pode sim!']);
    const second = t.deps.messages.page(user.id, 1, first.before);
    expect([second.messages.map((m) => m.body), second.before]).toEqual([['Posso trocar?'], null]);
  });

  it('moves each side’s read mark only forward, and the client’s devices pull the coach’s', async () => {
    const { c, user, device } = await signedInClient();
    expect(outcomes((await push(c, device, [device.mutation('messages.read', { upTo: '2026-11-28T15:00:00.000Z' })])).body)).toEqual(['applied']);
    expect(outcomes((await push(c, device, [device.mutation('messages.read', { upTo: '2026-11-28T14:00:00.000Z' })])).body)).toEqual(['applied']);
    t.deps.messageThreads.markCoachRead(user.id, '2026-11-28T14:30:00.000Z');
    t.deps.messageThreads.markCoachRead(user.id, '2026-11-28T14:10:00.000Z');
    expect((await pull(c)).changes.messageThreads).toEqual([{ id: 'thread', clientReadUpTo: '2026-11-28T15:00:00.000Z', coachReadUpTo: '2026-11-28T14:30:00.000Z' }]);
  });
});
