import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import type { Message } from '#protocol/conflict/rules.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import BottomNavigation from '@mui/material/BottomNavigation';
import { MessagesButton, MessagesTab } from './MessagesButton.tsx';

const messages = setUpScreenTests();
const userDb = setUpUserDb();

/**
 * WCAG 2.5.3 (Label in Name), as axe's `label-content-name-mismatch` checks it: every word the
 * control's content holds is, in the same order, in its accessible name.
 */
function expectLabelInName(control: HTMLElement) {
  const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const name = words(control.getAttribute('aria-label') ?? '').join(' ');
  expect(` ${name} `, `the content "${control.textContent}" is part of the name`).toContain(` ${words(control.textContent ?? '').join(' ')} `);
}

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
    const button = screen.getByTestId('messages-button');
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Mensagens, 2 não lidas'));
    expect(button.textContent).toBe('2');
    expectLabelInName(button);
    expect(button.getAttribute('href')).toBe('/messages');
    await userDb().synced('messageThreads').put({ id: 'thread', clientReadUpTo: '2026-11-28T13:00:00.000Z', coachReadUpTo: null });
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Mensagens'));
    // No count left behind in the content, not even a hidden one (MUI keeps the last one while it fades).
    expect(button.textContent).toBe('');
  });

  it('holds no hidden "0" in its content when nothing is unread', async () => {
    await userDb().synced('messageThreads').put({ id: 'thread', clientReadUpTo: null, coachReadUpTo: null });
    const ui = () => (
      <IntlProvider locale="pt-BR" messages={messages()}>
        <MemoryRouter>
          <MessagesButton />
        </MemoryRouter>
      </IntlProvider>
    );
    const { rerender } = render(ui());
    const button = screen.getByTestId('messages-button');
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Mensagens'));
    rerender(ui()); // as any change above the header does
    expect(button.textContent).toBe('');
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });

  it('says more than 99 when the badge shows 99+', async () => {
    await userDb().synced('messages').bulkPut(
      Array.from({ length: 100 }, (_, i) => fromCoach(`01a20000-0000-7000-8000-${String(i).padStart(12, '0')}`, `2026-11-28T12:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`)),
    );
    renderInApp(messages(), <MemoryRouter><MessagesButton /></MemoryRouter>);
    const button = screen.getByTestId('messages-button');
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Mensagens, mais de 99 não lidas'));
    expect(button.textContent).toBe('99+');
    expectLabelInName(button);
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
    await waitFor(() => expect(screen.getByRole('link', { name: 'Mensagens, 1 não lida' })).toBe(tab));
    expect(screen.getByTestId('bottom-nav-messages-badge').textContent).toContain('1');
    // Named by its content, so no aria-label for what is on screen to be missing from.
    expect(tab.hasAttribute('aria-label')).toBe(false);
    expect(tab.getAttribute('href')).toBe('/messages');
    expect(tab.className).toContain('Mui-selected');
  });
});
