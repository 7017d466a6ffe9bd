import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Message } from '#protocol/conflict/rules.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import BottomNavigation from '@mui/material/BottomNavigation';
import { MessagesButton, MessagesTab } from './MessagesButton.tsx';

const messages = setUpScreenTests();
const userDb = setUpUserDb();

const fromCoach = (id: string, sentAt: string): Message => ({ id, createdAt: sentAt, sentAt, from: 'coach', senderName: 'Tiago', body: 'Oi', photoId: null, deleted: false });

describe('MessagesButton (issue 22)', () => {
  it('counts the coach’s messages after the client’s read mark, and names the count to a screen reader', async () => {
    await userDb().synced('messages').bulkPut([
      fromCoach('01a20000-0000-7000-8000-0000000000d1', '2026-11-28T10:00:00.000Z'),
      fromCoach('01a20000-0000-7000-8000-0000000000d2', '2026-11-28T12:00:00.000Z'),
      fromCoach('01a20000-0000-7000-8000-0000000000d3', '2026-11-28T13:00:00.000Z'),
    ]);
    await userDb().synced('messageThreads').put({ id: 'thread', clientReadUpTo: '2026-11-28T11:00:00.000Z', coachReadUpTo: null });
    renderInApp(messages(), <MemoryRouter><MessagesButton /></MemoryRouter>);
    await waitFor(() => expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('2 mensagens não lidas'));
    expect(screen.getByTestId('messages-button').getAttribute('href')).toBe('/messages');
    await userDb().synced('messageThreads').put({ id: 'thread', clientReadUpTo: '2026-11-28T13:00:00.000Z', coachReadUpTo: null });
    await waitFor(() => expect(screen.getByTestId('messages-button').getAttribute('aria-label')).toBe('Mensagens'));
  });

  it('shows the same count on the bottom bar’s messages tab, named with it, leading to /messages', async () => {
    await userDb().synced('messages').bulkPut([fromCoach('01a20000-0000-7000-8000-0000000000e1', '2026-11-28T12:00:00.000Z')]);
    renderInApp(
      messages(),
      <MemoryRouter>
        <BottomNavigation showLabels value="messages">
          <MessagesTab value="messages" />
        </BottomNavigation>
      </MemoryRouter>,
    );
    const tab = screen.getByTestId('bottom-nav-messages');
    await waitFor(() => expect(tab.getAttribute('aria-label')).toBe('Mensagens, 1 mensagem não lida'));
    expect(screen.getByTestId('bottom-nav-messages-badge').textContent).toContain('1');
    expect(tab.getAttribute('href')).toBe('/messages');
    expect(tab.className).toContain('Mui-selected');
  });
});
