import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { NotificationsButton } from './NotificationsButton.tsx';

const messages = setUpScreenTests();
const userDb = setUpUserDb();

const notification = (id: string, read: boolean): NotificationDto => ({ id, type: 'other', title: 'Aviso', message: 'Oi', read, createdAt: '2026-11-28T10:00:00.000Z' });

describe('NotificationsButton', () => {
  it('names the unread count it shows, and holds no count in its content once all are read (WCAG 2.5.3)', async () => {
    await userDb().notifications.bulkPut([notification('n1', false), notification('n2', false), notification('n3', true)]);
    renderInApp(messages(), <NotificationsButton />);
    const button = screen.getByTestId('notifications-button');
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Notificações, 2 não lidas'));
    expect(button.textContent).toBe('2');

    await userDb().notifications.bulkPut([notification('n1', true), notification('n2', true)]);
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Notificações'));
    // Not even the last count, which MUI's badge keeps (hidden) while it fades out.
    expect(button.textContent).toBe('');
  });
});
