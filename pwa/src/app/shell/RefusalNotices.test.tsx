import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Mutation } from '#protocol/mutations/envelope.ts';
import { useUserDb } from '#pwa/db/current.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { RefusalNotices } from './RefusalNotices.tsx';

const messages = setUpScreenTests();

const envelope = { deviceId: 'web_refusals01', seq: 1, version: 1, hlc: '2026-11-23T15:00:00.000Z-000000-web_refusals01', localDate: '2026-11-23', timeZone: 'America/Sao_Paulo' };

afterEach(async () => {
  const db = useUserDb.getState().db;
  useUserDb.setState({ db: null });
  await db?.delete();
});

describe('RefusalNotices', () => {
  it('names each refused change and why, and a dismissal clears them', async () => {
    const db = new UserDb('refusal-notices');
    useUserDb.setState({ db });
    const refused = (id: string, mutation: Omit<Mutation, keyof typeof envelope | 'id'>, code: 'DAY_LOCKED' | 'NOT_FOUND') =>
      db.refusals.put({ id, mutation: { ...envelope, id, ...mutation } as Mutation, code, refusedAt: `2026-11-23T15:00:0${id.length % 10}.000Z` });
    await refused('0193a1b2-0000-7000-8000-000000000001', { name: 'progress.set', args: { field: 'mood', value: 2 } } as never, 'DAY_LOCKED');
    await refused('0193a1b2-0000-7000-8000-000000000002', { name: 'weight.update', args: { id: '0193a1b2-0000-7000-8000-0000000000aa', weight: 80.1 } } as never, 'NOT_FOUND');
    renderInApp(messages(), <RefusalNotices />);

    const notice = await screen.findByTestId('refusal-notice');
    expect(notice.textContent).toContain('2 alterações não foram salvas');
    expect(within(notice).getAllByTestId('refusal-line').map((line) => line.textContent)).toEqual([
      'Humor de 23 de nov.: Este dia já foi concluído e não pode mais ser alterado',
      'Correção de um registro de peso: Não encontrado',
    ]);
    within(notice).getByRole('button', { name: 'Entendi' }).click();
    await expect.poll(() => db.refusals.count()).toBe(0);
  });

  it('names refused measurements and photos with their day (issue 21)', async () => {
    const db = new UserDb('refusal-notices-progress');
    useUserDb.setState({ db });
    const refused = (id: string, mutation: Omit<Mutation, keyof typeof envelope | 'id'>, refusedAt: string) =>
      db.refusals.put({ id, mutation: { ...envelope, id, ...mutation } as Mutation, code: 'ID_CONFLICT', refusedAt });
    await refused('0193a1b2-0000-7000-8000-000000000003', { name: 'measurement.add', args: { id: '0193a1b2-0000-7000-8000-0000000000ab', createdAt: '2026-11-20T10:00:00.000Z', waist: 84.5 } } as never, '2026-11-23T15:00:01.000Z');
    await refused('0193a1b2-0000-7000-8000-000000000004', { name: 'photo.add', args: { id: '0193a1b2-0000-7000-8000-0000000000ac', createdAt: '2026-11-21T10:00:00.000Z' } } as never, '2026-11-23T15:00:02.000Z');
    renderInApp(messages(), <RefusalNotices />);
    const notice = await screen.findByTestId('refusal-notice');
    expect(within(notice).getAllByTestId('refusal-line').map((line) => line.textContent)).toEqual([
      'Medidas de 20 de nov.: Este registro pertence a outra conta',
      'Foto de 21 de nov.: Este registro pertence a outra conta',
    ]);
  });

  it('names a refused set by the time it was done and a refused exercise by its name, with the session’s reason (issue 48)', async () => {
    const db = new UserDb('refusal-notices-workout');
    useUserDb.setState({ db });
    const refused = (id: string, mutation: Omit<Mutation, keyof typeof envelope | 'id'>, code: 'WORKOUT_SESSION_DISCARDED' | 'WORKOUT_SESSION_FULL', refusedAt: string) =>
      db.refusals.put({ id, mutation: { ...envelope, id, ...mutation } as Mutation, code, refusedAt });
    const session = '0193a1b2-0000-7000-8000-0000000000b0';
    await refused('0193a1b2-0000-7000-8000-000000000005', { name: 'workoutSet.add', args: { id: '0193a1b2-0000-7000-8000-0000000000b1', sessionId: session, exerciseId: '0193a1b2-0000-7000-8000-0000000000b2', position: 0, reps: 10, loadKg: 40, seconds: null, doneAt: '2026-11-23T10:12:00.000Z' } } as never, 'WORKOUT_SESSION_DISCARDED', '2026-11-23T15:00:01.000Z');
    await refused('0193a1b2-0000-7000-8000-000000000006', { name: 'workoutExercise.add', args: { id: '0193a1b2-0000-7000-8000-0000000000b3', sessionId: session, exerciseKey: 'supino reto', name: 'Supino reto', kind: 'load', position: 60 } } as never, 'WORKOUT_SESSION_FULL', '2026-11-23T15:00:02.000Z');
    renderInApp(messages(), <RefusalNotices />);
    const notice = await screen.findByTestId('refusal-notice');
    expect(within(notice).getAllByTestId('refusal-line').map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^Série feita às \d{2}:\d{2}: Este treino foi descartado em outro aparelho\.$/),
      'Adicionar Supino reto ao treino: Este treino já tem o máximo de exercícios (60) ou de séries (500).',
    ]);
  });

  it('keeps naming the dismissed change while it slides away, never “0 alterações”', async () => {
    const db = new UserDb('refusal-notices-closing');
    useUserDb.setState({ db });
    await db.refusals.put({ id: '0193a1b2-0000-7000-8000-000000000003', mutation: { ...envelope, id: '0193a1b2-0000-7000-8000-000000000003', name: 'progress.set', args: { field: 'mood', value: 2 } } as Mutation, code: 'DAY_LOCKED', refusedAt: '2026-11-23T15:00:03.000Z' });
    renderInApp(messages(), <RefusalNotices />);
    const notice = await screen.findByTestId('refusal-notice');
    within(notice).getByRole('button', { name: 'Entendi' }).click();
    await expect.poll(() => db.refusals.count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30)); // the list read again, the notice still closing
    expect(notice.isConnected).toBe(true);
    expect(notice.textContent).toContain('Uma alteração não foi salva');
    expect(notice.textContent).toContain('Humor de 23 de nov.');
  });
});
