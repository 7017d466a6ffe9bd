import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPayout } from '#protocol/contract/teacher.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { AdminScreen } from './AdminScreen.tsx';
import { json, renderInApp, setUpScreenTests, stubStaffApi as stubApi } from '#pwa/test/screen-harness.tsx';

const payout = (over: Partial<AdminPayout>): AdminPayout => ({
  id: 'p',
  amount: 8330,
  currency: 'BRL',
  status: 'pending',
  requestedAt: '2026-11-20T13:00:00.000Z',
  processedAt: null,
  teacherId: 't1',
  teacherName: 'Tiago Professor',
  teacherEmail: 'teacher@example.com',
  ...over,
});

const messages = setUpScreenTests();

function renderAdmin(role: 'admin' | 'teacher') {
  useSession.setState({ status: 'authenticated', client: { id: 'me', name: 'Ana Admin', email: 'admin@example.com', role } as Client });
  return renderInApp(messages(), <AdminScreen />);
}

const row = (teacher: string) => screen.getAllByTestId('admin-payout-row').find((r) => r.textContent?.includes(teacher)) as HTMLElement;
const moves = (element: HTMLElement) => within(element).queryAllByRole('button').map((b) => b.getAttribute('data-testid'));

describe('PayoutsSection in the admin panel', () => {
  it('lists the payouts with only the moves each state allows', async () => {
    stubApi({
      'GET /teacher-admin/users': () => json({ users: [] }),
      'GET /admin/payouts': () =>
        json({
          payouts: [
            payout({ id: 'p1', teacherName: 'Paula Pendente', status: 'pending' }),
            payout({ id: 'p2', teacherName: 'Pedro Processando', status: 'processing', amount: 699, currency: 'USD' }),
            payout({ id: 'p3', teacherName: 'Carla Concluída', status: 'completed', processedAt: '2026-11-21T13:00:00.000Z' }),
            payout({ id: 'p4', teacherName: 'Rui Rejeitado', status: 'rejected', processedAt: '2026-11-21T13:00:00.000Z' }),
          ],
        }),
    });
    renderAdmin('admin');
    const section = await screen.findByTestId('admin-payouts');
    expect(section.textContent).toContain('Saques dos professores');
    await within(section).findAllByTestId('admin-payout-row');
    expect(row('Paula Pendente').textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 83,30');
    expect(row('Paula Pendente').textContent).toContain('Pendente');
    expect(moves(row('Paula Pendente'))).toEqual(['admin-payout-processing', 'admin-payout-rejected']);
    expect(moves(row('Pedro Processando'))).toEqual(['admin-payout-completed', 'admin-payout-rejected']);
    expect(row('Pedro Processando').textContent?.replace(/\u00a0/g, ' ')).toContain('US$ 6,99');
    expect(moves(row('Carla Concluída'))).toEqual([]);
    expect(row('Carla Concluída').textContent).toContain('Concluído');
    expect(moves(row('Rui Rejeitado'))).toEqual([]);
  });

  it('moves a payout, toasts and shows its new state', async () => {
    let status: AdminPayout['status'] = 'pending';
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: [] }),
      'GET /admin/payouts': () => json({ payouts: [payout({ id: 'p1', status })] }),
      'POST /admin/payouts/p1/status': (init) => {
        status = JSON.parse(String(init.body)).status;
        return json({ payout: payout({ id: 'p1', status }) });
      },
    });
    renderAdmin('admin');
    fireEvent.click(await screen.findByTestId('admin-payout-processing'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Saque em processamento');
    expect(toast.textContent).toContain('Tiago Professor');
    await waitFor(() => expect(screen.getByTestId('admin-payout-status').textContent).toBe('Processando'));
    fireEvent.click(screen.getByTestId('admin-payout-completed'));
    await waitFor(() => expect(screen.getByTestId('admin-payout-status').textContent).toBe('Concluído'));
    expect(screen.getByTestId('toast').textContent).toContain('Saque concluído');
    expect(screen.queryByTestId('admin-payout-rejected')).toBeNull();
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.body)).toEqual([{ status: 'processing' }, { status: 'completed' }]);
  });

  it('explains a refused move (409) and reloads the list', async () => {
    let reloads = 0;
    stubApi({
      'GET /teacher-admin/users': () => json({ users: [] }),
      'GET /admin/payouts': () => json({ payouts: [payout({ id: 'p1', status: reloads++ === 0 ? 'pending' : 'rejected' })] }),
      'POST /admin/payouts/p1/status': () => json({ error: 'Este saque não pode passar para esse estado', code: 'PAYOUT_TRANSITION' }, 409),
    });
    renderAdmin('admin');
    fireEvent.click(await screen.findByTestId('admin-payout-processing'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Erro ao atualizar o saque');
    expect(toast.textContent).toContain('Este saque não pode passar para esse estado');
    await waitFor(() => expect(screen.getByTestId('admin-payout-status').textContent).toBe('Rejeitado'));
  });

  it('is not shown to teachers, who never load it', async () => {
    const calls = stubApi({ 'GET /teacher-admin/users': () => json({ users: [] }) });
    renderAdmin('teacher');
    await screen.findByTestId('admin-user-list');
    expect(screen.queryByTestId('admin-payouts')).toBeNull();
    expect(calls.map((c) => c.key)).not.toContain('GET /admin/payouts');
  });

  it('shows a load failure with its own retry', async () => {
    let fail = true;
    stubApi({
      'GET /teacher-admin/users': () => json({ users: [] }),
      'GET /admin/payouts': () => (fail ? json({ error: 'Erro interno do servidor', code: 'INTERNAL' }, 500) : json({ payouts: [] })),
    });
    renderAdmin('admin');
    const section = await screen.findByTestId('admin-payouts');
    await waitFor(() => expect(section.textContent).toContain('Erro ao carregar saques'));
    fail = false;
    fireEvent.click(within(section).getByTestId('admin-payouts-retry'));
    expect((await screen.findByTestId('admin-payouts-empty')).textContent).toBe('Nenhum saque solicitado.');
  });

  it('on a phone (390 px) shows each request as a card naming amount, date and state, with its moves', async () => {
    // MUI's breakpoints ask matchMedia; a phone matches every max-width query the app asks.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }));
    try {
      stubApi({ 'GET /teacher-admin/users': () => json({ users: [] }), 'GET /admin/payouts': () => json({ payouts: [payout({ id: 'p1', teacherName: 'Paula Pendente' })] }) });
      renderAdmin('admin');
      const section = await screen.findByTestId('admin-payouts');
      await within(section).findAllByTestId('admin-payout-row');
      expect(within(section).queryByRole('table')).toBeNull();
      for (const label of ['Valor', 'Solicitado em', 'Status']) expect(within(row('Paula Pendente')).getByText(label).tagName).toBe('DT');
      expect(row('Paula Pendente').textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 83,30');
      expect(moves(row('Paula Pendente'))).toEqual(['admin-payout-processing', 'admin-payout-rejected']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
