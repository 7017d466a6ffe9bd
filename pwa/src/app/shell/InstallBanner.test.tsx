import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Mutation } from '#protocol/mutations/envelope.ts';
import { noteChangeSaved, useInstallPrompt } from '#pwa/lib/install-prompt.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { InstallBanner } from './InstallBanner.tsx';
import { RefusalNotices } from './RefusalNotices.tsx';

const messages = setUpScreenTests();
const userDb = setUpUserDb();

afterEach(() => {
  useInstallPrompt.setState({ event: null, dismissed: false, engaged: false });
  localStorage.clear();
});

/** The browser offered its install prompt (Chromium's beforeinstallprompt). */
const offerInstall = () =>
  useInstallPrompt.setState({ event: Object.assign(new Event('beforeinstallprompt'), { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'accepted' as const }) }) });

const refusedMood = {
  id: '0193a1b2-0000-7000-8000-000000000001',
  mutation: { deviceId: 'web_install01', seq: 1, version: 1, hlc: '2026-11-23T15:00:00.000Z-000000-web_install01', localDate: '2026-11-23', timeZone: 'America/Sao_Paulo', id: '0193a1b2-0000-7000-8000-000000000001', name: 'progress.set', args: { field: 'mood', value: 2 } } as Mutation,
  code: 'DAY_LOCKED' as const,
  refusedAt: '2026-11-23T15:00:01.000Z',
};

describe('InstallBanner and the refusal notice, both at the bottom of the screen', () => {
  it('gives its place to a refused change’s notice, and comes back once that is dismissed', async () => {
    await userDb().refusals.put(refusedMood);
    useInstallPrompt.setState({ engaged: true });
    offerInstall();
    renderInApp(
      messages(),
      <>
        <RefusalNotices />
        <InstallBanner bottomOffset={0} />
      </>,
    );
    await screen.findByTestId('refusal-notice');
    expect(screen.queryByTestId('install-banner')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    await screen.findByTestId('install-banner');
    await waitFor(() => expect(screen.queryByTestId('refusal-notice')).toBeNull());
  });
});

describe('InstallBanner: offered to a client who has used the app, not in the middle of a first look', () => {
  it('waits, on the first day on this device, until the client has saved something; then it is offered, and the device remembers it', async () => {
    offerInstall();
    renderInApp(messages(), <InstallBanner bottomOffset={0} />);
    expect(screen.queryByTestId('install-banner')).toBeNull();

    noteChangeSaved();
    expect(await screen.findByTestId('install-banner')).toBeTruthy();
    expect(localStorage.getItem('leve.changeSaved')).toBe('1');
  });
});
