import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WeightRecord } from '#protocol/conflict/rules.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { ProgressScreen } from './ProgressScreen.tsx';
import { aProfile } from '#pwa/test/factories.ts';
import { useUserDb } from '#pwa/db/current.ts';
import type { ProfileDto } from '#protocol/contract/clients.ts';

setUpScreenTests();

const OLDER: WeightRecord = { id: '0190a0b0-0000-7000-8000-000000000001', weight: 45.6, notes: null, createdAt: '2026-03-01T09:00:00.000Z', deleted: false, hlcs: {} };
const TYPO: WeightRecord = { id: '0190a0b0-0000-7000-8000-000000000002', weight: 452, notes: 'em jejum', createdAt: '2026-03-02T09:00:00.000Z', deleted: false, hlcs: {} };

const userDb = setUpUserDb((db) => db.weightRecords.bulkPut([OLDER, TYPO]));

const live = async () => (await userDb().weightRecords.toArray()).filter((r) => !r.deleted);
const outbox = async () => (await userDb().outbox.toArray()).map((m) => [m.name, m.args]);
const row = (id: string) => screen.getByTestId(`weight-row-${id}`);

async function renderProgress(locale: 'pt-BR' | 'es-AR' | 'en-US' = 'pt-BR') {
  renderInApp(await loadMessages(locale), <ProgressScreen />, locale);
  await screen.findByTestId('weight-history');
}

describe('ProgressScreen: correcting the history (issue 16, 5c)', () => {
  it('shows each record’s note in the history', async () => {
    await renderProgress();
    expect(row(TYPO.id).textContent).toContain('452 kg');
    expect(row(TYPO.id).textContent).toContain('em jejum');
  });

  it('edits a record offline (a weight.update in the outbox) and Desfazer writes the previous values back', async () => {
    await renderProgress();
    fireEvent.click(within(row(TYPO.id)).getByTestId('weight-edit'));
    const input = (await screen.findByTestId('weight-input')) as HTMLInputElement;
    expect(input.value).toBe('452'); // shown back as the locale writes it
    fireEvent.change(input, { target: { value: '45,2' } });
    fireEvent.click(screen.getByTestId('weight-save'));
    await waitFor(async () => expect((await live()).find((r) => r.id === TYPO.id)?.weight).toBe(45.2));
    expect(await outbox()).toEqual([['weight.update', { id: TYPO.id, weight: 45.2 }]]);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('45,2 kg');
    await waitFor(() => expect(row(TYPO.id).textContent).toContain('45,2 kg'));

    fireEvent.click(within(toast).getByTestId('toast-action'));
    await waitFor(async () => expect((await live()).find((r) => r.id === TYPO.id)?.weight).toBe(452));
    expect((await outbox()).at(-1)).toEqual(['weight.update', { id: TYPO.id, weight: 452 }]);
  });

  it('shows the weight of the record being edited in the locale: "45,6" in pt-BR, "45.6" in en-US', async () => {
    await renderProgress('en-US');
    fireEvent.click(within(row(OLDER.id)).getByTestId('weight-edit'));
    expect(((await screen.findByTestId('weight-input')) as HTMLInputElement).value).toBe('45.6');
  });

  it('deletes a record (a weight.delete) and Desfazer adds a copy with a new id and the same date, weight and note', async () => {
    await renderProgress();
    fireEvent.click(within(row(TYPO.id)).getByTestId('weight-delete'));
    await waitFor(async () => expect((await live()).map((r) => r.id)).toEqual([OLDER.id]));
    expect(await outbox()).toEqual([['weight.delete', { id: TYPO.id }]]);
    await waitFor(() => expect(screen.queryByTestId(`weight-row-${TYPO.id}`)).toBeNull());

    fireEvent.click(within(await screen.findByTestId('toast')).getByTestId('toast-action'));
    await waitFor(async () => expect(await live()).toHaveLength(2));
    const copy = (await live()).find((r) => r.id !== OLDER.id) as WeightRecord;
    expect(copy.id).not.toBe(TYPO.id);
    expect(copy).toMatchObject({ weight: 452, notes: 'em jejum', createdAt: TYPO.createdAt });
    expect((await userDb().weightRecords.get(TYPO.id))?.deleted).toBe(true); // the tombstone stays
    expect((await outbox()).at(-1)).toEqual(['weight.add', { id: copy.id, weight: 452, notes: 'em jejum', createdAt: TYPO.createdAt }]);
  });
});

describe('ProgressScreen: the registration weight is the starting point (issue 17, 3)', () => {
  const LOGGED: WeightRecord = { id: '0190a0b0-0000-7000-8000-000000000003', weight: 90.5, notes: null, createdAt: '2026-03-03T09:00:00.000Z', deleted: false, hlcs: {} };

  async function registeredAt91(profile: Partial<ProfileDto>, { pulledBeforeStartingWeight = false } = {}) {
    await userDb().weightRecords.clear();
    await userDb().weightRecords.put(LOGGED);
    const stored: Partial<ProfileDto> = aProfile({ id: 'u1', targetWeight: 76, ...profile });
    if (pulledBeforeStartingWeight) delete stored.startingWeight;
    await userDb().profile.put(stored as ProfileDto);
    await renderProgress();
  }

  it('a client registered at 91 kg who logs 90,5 has lost 0,5 kg from a start of 91 kg, and the one record is not called "none"', async () => {
    await registeredAt91({ startingWeight: 91, currentWeight: 90.5 });
    expect(screen.getByTestId('stat-weight-lost').textContent).toContain('0,5 kg');
    expect(screen.getByTestId('stat-goal-percent').textContent).toContain('3%'); // 0,5 of the 15 kg to 76
    expect(screen.getByTestId('initial-weight').textContent).toContain('91 kg');
    expect(screen.queryByText('Você ainda não registrou nenhum peso.')).toBeNull();
    expect(screen.getByTestId('weight-chart-empty').textContent).toBe('O gráfico aparece a partir do segundo registro.');
  });

  it('a replica pulled before startingWeight existed reads the registration weight from currentWeight', async () => {
    await registeredAt91({ currentWeight: 91 }, { pulledBeforeStartingWeight: true });
    expect(screen.getByTestId('stat-weight-lost').textContent).toContain('0,5 kg');
  });
});

describe('ProgressScreen: a trend that tells the truth (issue 21, part 4)', () => {
  const DAY = 86_400_000;
  /** Daily weigh-ins over four weeks, from 82 kg down 0.5 kg a week, with the scale's ±0.4 kg swings. */
  async function losingHalfAKiloAWeek(targetWeight: number) {
    await userDb().weightRecords.clear();
    const now = Date.now();
    const swing = [0.4, -0.3, 0.1, -0.4, 0.3, 0, -0.2];
    await userDb().weightRecords.bulkPut(
      Array.from({ length: 29 }, (_, day) => ({
        id: `0190a0b0-0000-7000-8000-${String(day).padStart(12, '0')}`,
        weight: Math.round((82 - (0.5 * day) / 7 + (swing[day % 7] as number)) * 10) / 10,
        notes: null,
        createdAt: new Date(now - (28 - day) * DAY).toISOString(),
        deleted: false,
        hlcs: {},
      })),
    );
    await userDb().profile.put(aProfile({ id: 'u1', startingWeight: 82, targetWeight }));
  }

  it('draws the weigh-ins as dots under the smoothed trend, says its weekly rate and the date it reaches the goal', async () => {
    await losingHalfAKiloAWeek(78);
    await renderProgress('pt-BR');
    await waitFor(() => expect(screen.getByTestId('trend').textContent).toMatch(/Em queda \(-0,[3-6]\s?kg por semana\)/));
    expect(screen.getByTestId('weight-chart-trend')).toBeTruthy();
    expect(screen.getByTestId('goal-projection').textContent).toMatch(/^No ritmo das últimas semanas, sua tendência chega à meta por volta de \d{1,2} de \S+ de \d{4}\.$/);
    // The chart's table for screen readers is drawn just after it (ADR 030).
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('Tendência'));
  });

  it('says plainly when the trend moves away from the goal, and when it has reached it', async () => {
    await losingHalfAKiloAWeek(90); // a goal to gain, while the trend goes down
    await renderProgress('en-US');
    await waitFor(() => expect(screen.getByTestId('goal-projection').textContent).toBe('At the pace of the last weeks, your trend does not reach your goal.'));
  });

  it('says the goal is reached once the trend has reached it', async () => {
    await losingHalfAKiloAWeek(81); // the trend lags the weigh-ins by about nine days: about 80.6 kg now
    await renderProgress('es-AR');
    await waitFor(() => expect(screen.getByTestId('goal-projection').textContent).toBe('Tu tendencia ya llegó a la meta.'));
  });
});

describe('ProgressScreen: while it loads', () => {
  it('names its placeholder through a role that may be named (aria-prohibited-attr on a bare div, issue 46)', async () => {
    useUserDb.setState({ db: null }); // no account's data yet: the placeholder stays
    renderInApp(await loadMessages('pt-BR'), <ProgressScreen />);
    expect((await screen.findByRole('status', { name: 'Carregando seu progresso…' })).getAttribute('aria-busy')).toBe('true');
  });
});
