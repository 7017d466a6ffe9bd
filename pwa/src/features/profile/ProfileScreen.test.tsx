import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useUserDb } from '#pwa/db/current.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';

setUpScreenTests();

let db: UserDb;
beforeEach(async () => {
  db = new UserDb(`profile-${Math.random().toString(36).slice(2)}`);
  await db.open();
  await db.profile.put({ id: 'u1', name: 'Pedro Perfil', email: 'pedro@example.com', height: 180.5, currentWeight: 95.4, targetWeight: 85, profileHlcs: {} });
  useUserDb.setState({ db });
});
afterEach(async () => {
  useUserDb.setState({ db: null });
  await db.delete();
});

const input = (name: string) => document.getElementById(`profile-${name}`) as HTMLInputElement;

describe('ProfileScreen numbers in the locale (issue 16, 5a)', () => {
  it.each([
    ['pt-BR', '95,4', '180,5'],
    ['es-AR', '95,4', '180,5'],
    ['en-US', '95.4', '180.5'],
  ] as const)('%s: shows %s kg back in the edit field, as text with the decimal keyboard', async (locale, weight, height) => {
    renderInApp(await loadMessages(locale), <ProfileScreen />, locale);
    fireEvent.click(await screen.findByTestId('profile-edit'));
    expect(input('currentWeight').value).toBe(weight);
    expect(input('height').value).toBe(height);
    expect(input('currentWeight').type).toBe('text');
    expect(input('currentWeight').getAttribute('inputmode')).toBe('decimal');
  });

  it('pt-BR: a weight typed with a comma is saved as that weight (a weigh-in, ADR 018)', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.change(input('currentWeight'), { target: { value: '94,8' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect((await db.outbox.toArray()).map((m) => [m.name, (m.args as { weight?: number }).weight])).toEqual([['weight.add', 94.8]]));
  });
});

describe('ProfileScreen: the current weight is the latest record’s (issue 17, 3)', () => {
  beforeEach(async () => {
    // The replica's profile was pulled before the weigh-in: its currentWeight lags.
    await db.profile.put({ id: 'u1', name: 'Pedro Perfil', email: 'pedro@example.com', height: 180, currentWeight: 78.4, startingWeight: 78.4, targetWeight: 70, profileHlcs: {} });
    await db.weightRecords.put({ id: '0190a0b0-0000-7000-8000-000000000009', weight: 77.2, notes: null, createdAt: '2026-03-03T09:00:00.000Z', deleted: false, hlcs: {} });
  });

  it('shows 77,2 kg after the client logs 77,2, in the read view and the edit field', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    await waitFor(() => expect(screen.getByTestId('profile-view').textContent).toContain('77,2 kg'));
    expect(screen.getByTestId('profile-view').textContent).not.toContain('78,4');
    fireEvent.click(screen.getByTestId('profile-edit'));
    expect(input('currentWeight').value).toBe('77,2');
  });

  it('saving other fields writes no weight: the newer record stays the current weight', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    await waitFor(() => expect(screen.getByTestId('profile-view').textContent).toContain('77,2 kg'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(input('name'), { target: { value: 'Pedro P. Perfil' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect((await db.outbox.toArray()).map((m) => [m.name, m.args])).toEqual([['profile.update', { fields: { name: 'Pedro P. Perfil' } }]]));
  });
});
