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

describe('Settings: notifications (issue 50)', () => {
  const section = async () => screen.findByTestId('notices-section', {}, { timeout: 10_000 });

  it('lists the client’s notices with a push and an e-mail switch each, at their defaults, and no inert “tips”', async () => {
    renderSettings(messages());
    const notices = await section();
    expect((within(notices).getByRole('switch', { name: 'Lembrete de pesagem: Push' }) as HTMLInputElement).checked).toBe(true);
    expect((within(notices).getByRole('switch', { name: 'Lembrete de pesagem: E-mail' }) as HTMLInputElement).checked).toBe(false);
    expect((within(notices).getByRole('switch', { name: 'Pagamento confirmado ou estornado: E-mail' }) as HTMLInputElement).checked).toBe(true);
    expect(within(notices).getAllByRole('listitem')).toHaveLength(8);
    expect(within(notices).queryByText(/dicas/i)).toBeNull();
    expect(within(notices).queryByText('Mensagem de um aluno')).toBeNull();
  });

  it('saves a switch and a weigh-in day to the profile through sync, and shows what was saved', async () => {
    renderSettings(messages());
    const notices = await section();
    within(notices).getByRole('switch', { name: 'Lembrete de pesagem: Push' }).click();
    await waitFor(() => expect((within(notices).getByRole('switch', { name: 'Lembrete de pesagem: Push' }) as HTMLInputElement).checked).toBe(false));
    (await within(notices).findByTestId('weigh-in-day-0')).click();
    await waitFor(async () => expect((await userDb().profile.get('u1'))?.weighInDays).toEqual([1, 2, 3, 4, 5, 6]));
    const outbox = (await userDb().outbox.toArray()).map((m) => m.args);
    expect(outbox).toEqual([{ fields: { notices: { weighIn: { push: false } } } }, { fields: { weighInDays: [1, 2, 3, 4, 5, 6] } }]);
    expect((await userDb().profile.get('u1'))?.notices).toEqual({ weighIn: { push: false } });
  });
});

describe('Settings: e-mail notices on a server with no SMTP (issue 50)', () => {
  it('shows the e-mail switches unavailable, and says why', async () => {
    stubApi({ 'GET /clients/me/sessions': () => json({ sessions: [] }), 'GET /notices/channels': () => json({ email: false }) });
    renderSettings(messages());
    const notices = await screen.findByTestId('notices-section', {}, { timeout: 10_000 });
    expect(await within(notices).findByTestId('email-unavailable')).toHaveProperty('textContent', 'O e-mail não está configurado neste servidor: os avisos chegam só aos seus aparelhos.');
    expect((within(notices).getByRole('switch', { name: 'Pagamento confirmado ou estornado: E-mail' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(notices).getByRole('switch', { name: 'Pagamento confirmado ou estornado: Push' }) as HTMLInputElement).disabled).toBe(false);
  });
});
