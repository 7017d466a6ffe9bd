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

  it('pt-BR: a weight typed with a comma is saved as that weight (a profile.update)', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.change(input('currentWeight'), { target: { value: '94,8' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect((await db.outbox.toArray()).map((m) => m.args)).toEqual([{ fields: { currentWeight: 94.8 } }]));
  });
});
