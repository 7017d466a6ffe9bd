import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { chooseOption, chosenOption, json, setUpScreenTests, stubApi, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { renderSettings } from '#pwa/test/render-settings.tsx';
import { aProfile } from '#pwa/test/factories.ts';

const messages = setUpScreenTests();

const userDb = setUpUserDb((db) => db.profile.put(aProfile({ id: 'u1', name: 'Pedro Perfil', email: 'pedro@example.com', preferredLanguage: 'pt-BR', profileHlcs: {} })));
beforeEach(() => {
  useLocaleStore.setState({ locale: 'pt-BR' });
  stubApi({ 'GET /clients/me/sessions': () => json({ sessions: [] }) });
});

const languageSelect = async () => within(await screen.findByTestId('settings-language', {}, { timeout: 10_000 })).getByRole('combobox');

const choose = async (name: string) => chooseOption(await languageSelect(), name);

describe('Settings: the language (issue 17)', () => {
  it('offers the three languages of the app and shows exactly the one chosen', async () => {
    renderSettings(messages());
    const options = within(await languageSelect()).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Português (BR)', 'Español (AR)', 'English (US)']);
    for (const name of options) {
      await choose(name ?? '');
      await waitFor(async () => expect(chosenOption(await languageSelect())).toBe(name));
    }
  });

  it('saves the choice to the profile through sync (a profile.update), so the server and other devices follow', async () => {
    renderSettings(messages());
    await choose('English (US)');
    await waitFor(async () => expect((await userDb().outbox.toArray()).map((m) => [m.name, m.args])).toEqual([['profile.update', { fields: { preferredLanguage: 'en-US' } }]]));
    expect((await userDb().profile.get('u1'))?.preferredLanguage).toBe('en-US');
    expect(useLocaleStore.getState().locale).toBe('en-US');
  });
});
