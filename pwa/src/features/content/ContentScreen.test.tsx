import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { ContentScreen } from './ContentScreen.tsx';

const messages = setUpScreenTests();
const userDb = setUpUserDb();

const notification = (read: boolean): NotificationDto => ({ id: 'n1', type: 'other', title: 'Aviso', message: 'Oi', read, createdAt: '2026-11-28T10:00:00.000Z' });

describe('ContentScreen', () => {
  it('drops the unread count from the notifications tab once all are read, rather than hiding it there', async () => {
    await userDb().notifications.put(notification(false));
    renderInApp(messages(), <MemoryRouter><ContentScreen /></MemoryRouter>);
    const tab = await screen.findByTestId('tab-notifications');
    await waitFor(() => expect(tab.textContent).toBe('1Notificações'));
    await userDb().notifications.put(notification(true));
    // A hidden badge keeps its last count as text, and the tab is named by its content.
    await waitFor(() => expect(tab.textContent).toBe('Notificações'));
  });
});
