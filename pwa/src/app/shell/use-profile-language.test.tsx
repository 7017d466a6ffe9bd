import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useUserDb } from '#pwa/db/current.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { useProfileLanguage } from './use-profile-language.ts';
import { aProfile } from '#pwa/test/factories.ts';

function Shell() {
  useProfileLanguage();
  return null;
}

let db: UserDb;
beforeEach(async () => {
  localStorage.clear();
  db = new UserDb(`language-${Math.random().toString(36).slice(2)}`);
  await db.open();
});
afterEach(async () => {
  cleanup();
  useUserDb.setState({ db: null });
  await db.delete();
});

describe('useProfileLanguage (issue 17: the language chosen on one device is every device’s)', () => {
  it('follows the profile when another device changes its language (a pull), keeping the language the device opened with until then', async () => {
    await db.profile.put(aProfile({ id: 'u1', name: 'Ana', preferredLanguage: 'pt-BR', profileHlcs: {} }));
    useLocaleStore.setState({ locale: 'es-AR', chosen: true }); // picked on the login page
    useUserDb.setState({ db });
    render(<Shell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useLocaleStore.getState().locale).toBe('es-AR');

    // As a pull writes the profile another device changed.
    await db.profile.update('u1', { preferredLanguage: 'en-US', profileHlcs: { preferredLanguage: '0000000000001-000000-other' } });
    await waitFor(() => expect(useLocaleStore.getState().locale).toBe('en-US'));
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('keeps a language picked on this device over the first profile a sign-in pulls, until the profile changes', async () => {
    useLocaleStore.setState({ locale: 'en-US', chosen: true });
    useUserDb.setState({ db });
    render(<Shell />);
    await db.profile.put(aProfile({ id: 'u1', name: 'Ana', preferredLanguage: 'pt-BR', profileHlcs: {} }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useLocaleStore.getState().locale).toBe('en-US');
    await db.profile.update('u1', { preferredLanguage: 'es-AR' });
    await waitFor(() => expect(useLocaleStore.getState().locale).toBe('es-AR'));
  });

  it('follows a change pulled before the screen first read the profile, after a reload (the device had seen the old one)', async () => {
    await db.profile.put(aProfile({ id: 'u1', name: 'Ana', preferredLanguage: 'pt-BR', profileHlcs: {} }));
    useLocaleStore.setState({ locale: 'pt-BR' });
    useUserDb.setState({ db });
    const first = render(<Shell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.unmount();

    // Reloaded: the start-up pull wrote the other device's change before the shell rendered.
    await db.profile.update('u1', { preferredLanguage: 'en-US' });
    render(<Shell />);
    await waitFor(() => expect(useLocaleStore.getState().locale).toBe('en-US'));
  });

  it('replaces a language the device only detected with the one the person chose in Settings, at sign-in (a new phone, the browser in another language)', async () => {
    useLocaleStore.setState({ locale: 'pt-BR', chosen: false });
    useUserDb.setState({ db });
    render(<Shell />);
    await db.profile.put(aProfile({ id: 'u1', name: 'Ana', preferredLanguage: 'es-AR', profileHlcs: { preferredLanguage: '2026-11-23T10:00:00.000Z-000000-web_other' } }));
    await waitFor(() => expect(useLocaleStore.getState().locale).toBe('es-AR'));
    expect(useLocaleStore.getState().chosen).toBe(false);
  });

  it('keeps the detected language when the account’s was never chosen (set at sign-up, or a demo account’s)', async () => {
    useLocaleStore.setState({ locale: 'en-US', chosen: false });
    useUserDb.setState({ db });
    render(<Shell />);
    await db.profile.put(aProfile({ id: 'u1', name: 'Ana', preferredLanguage: 'pt-BR', profileHlcs: {} }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useLocaleStore.getState().locale).toBe('en-US');
  });

  it('leaves the language alone while no profile is stored on the device yet', async () => {
    useLocaleStore.setState({ locale: 'en-US' });
    useUserDb.setState({ db });
    render(<Shell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useLocaleStore.getState().locale).toBe('en-US');
  });
});
