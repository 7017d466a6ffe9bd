import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { useSession } from '#pwa/lib/session.ts';
import { json, setUpScreenTests, setUpUserDb, stubApi } from '#pwa/test/screen-harness.tsx';
import { aClient, aProfile } from '#pwa/test/factories.ts';
import { renderSettings } from '#pwa/test/render-settings.tsx';

const messages = setUpScreenTests();
const GIVEN = '2026-11-20T13:00:00.000Z';
const userDb = setUpUserDb((db) => db.profile.put(aProfile({ id: 'u1', role: 'user', healthConsentAt: GIVEN })));

beforeEach(() => useLocaleStore.setState({ locale: 'pt-BR' }));


describe('Settings: the consent for health data (issue 22, part 4)', () => {
  it('says when it was given, and withdraws it only after saying what is erased, once on a double tap; the answer is the server’s', async () => {
    useSession.setState({ status: 'authenticated', client: aClient({ id: 'u1', role: 'user', healthConsentAt: GIVEN }) });
    const calls = stubApi({ 'GET /clients/me/sessions': () => json({ sessions: [] }), 'DELETE /clients/me/health-consent': () => json({ client: aClient({ id: 'u1', role: 'user', healthConsentAt: null }) }) });
    renderSettings(messages());
    expect((await screen.findByTestId('health-consent-state', {}, { timeout: 10_000 })).textContent).toBe('Consentimento dado em 20 de novembro de 2026.');
    expect((await screen.findByTestId('health-consent-text', {}, { timeout: 10_000 })).textContent).toContain('fotos de progresso');

    fireEvent.click(screen.getByTestId('health-consent-withdraw'));
    expect((await screen.findByRole('dialog')).textContent).toContain('serão apagados agora');
    expect(calls.some((c) => c.key === 'DELETE /clients/me/health-consent')).toBe(false);
    // A double tap on "Retirar e apagar": one erasure asked of the server.
    const confirm = screen.getByTestId('health-consent-withdraw-confirm');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('health-consent-section').dataset.consent).toBe('none'));
    expect(calls.filter((c) => c.key === 'DELETE /clients/me/health-consent')).toHaveLength(1);
    expect(screen.getByTestId('health-consent-state').textContent).toBe('Você não deu consentimento para o uso dos seus dados de saúde.');
    expect(useSession.getState().client?.healthConsentAt).toBeNull();
  });

  it('gives it again with one tap, naming the interface’s language it was read in, and a refusal from the server (offline) is told and changes nothing', async () => {
    useSession.setState({ status: 'authenticated', client: aClient({ id: 'u1', role: 'user', healthConsentAt: null, preferredLanguage: 'es-AR' }) });
    await userDb().profile.update('u1', { healthConsentAt: null });
    let online = false;
    const calls = stubApi({
      'GET /clients/me/sessions': () => json({ sessions: [] }),
      'PUT /clients/me/health-consent': () => (online ? json({ client: aClient({ id: 'u1', role: 'user', healthConsentAt: GIVEN }) }) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    renderSettings(messages());
    fireEvent.click(await screen.findByTestId('health-consent-give', {}, { timeout: 10_000 }));
    expect(await screen.findByText('Não foi possível mudar o consentimento.')).toBeTruthy();
    expect(screen.getByTestId('health-consent-section').dataset.consent).toBe('none');
    online = true;
    fireEvent.click(screen.getByTestId('health-consent-give'));
    await waitFor(() => expect(screen.getByTestId('health-consent-section').dataset.consent).toBe('given'));
    expect(calls.filter((c) => c.key === 'PUT /clients/me/health-consent').map((c) => c.body)).toEqual([{ locale: 'pt-BR' }, { locale: 'pt-BR' }]);
  });

  it('shows the consent as this device last pulled it: withdrawn on another phone, it reads withdrawn here too', async () => {
    useSession.setState({ status: 'authenticated', client: aClient({ id: 'u1', role: 'user', healthConsentAt: GIVEN }) });
    await userDb().profile.update('u1', { healthConsentAt: null });
    stubApi({ 'GET /clients/me/sessions': () => json({ sessions: [] }) });
    renderSettings(messages());
    await waitFor(() => expect(screen.getByTestId('health-consent-section').dataset.consent).toBe('none'), { timeout: 10_000 });
    expect(screen.getByTestId('health-consent-give')).toBeTruthy();
  });
});
