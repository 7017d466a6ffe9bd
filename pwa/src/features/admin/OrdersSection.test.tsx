import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrder } from '#protocol/contract/orders.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { AdminScreen } from './AdminScreen.tsx';
import { json, renderInApp, setUpScreenTests, stubStaffApi as stubApi } from '#pwa/test/screen-harness.tsx';

const messages = setUpScreenTests();

const order = (over: Partial<AdminOrder>): AdminOrder => ({
  id: 'o1',
  planId: 'monthly',
  amount: 1190,
  currency: 'BRL',
  provider: 'mercadopago',
  status: 'paid',
  method: 'card',
  receiptUrl: null,
  createdAt: '2026-11-24T13:00:00.000Z',
  userName: 'Bia Cliente',
  userEmail: 'bia@example.com',
  paymentId: '1310000042',
  flag: null,
  ...over,
});

describe('OrdersSection in the admin panel (issue 18)', () => {
  it('lists the orders with the provider’s payment id, says why a flagged one was not activated, and filters to the flagged ones', async () => {
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: [] }),
      'GET /admin/payouts': () => json({ payouts: [] }),
      'GET /admin/orders': () => json({ orders: [order({}), order({ id: 'o2', userName: 'Rui Sinalizado', status: 'pending', flag: 'amount', paymentId: 'pi_9' })] }),
      'GET /admin/orders?flagged=true': () => json({ orders: [order({ id: 'o2', userName: 'Rui Sinalizado', status: 'pending', flag: 'amount', paymentId: 'pi_9' })] }),
    });
    useSession.setState({ status: 'authenticated', client: { id: 'me', name: 'Ana Admin', email: 'admin@example.com', role: 'admin' } as Client });
    renderInApp(messages(), <AdminScreen />);
    const section = await screen.findByTestId('admin-orders');
    await waitFor(() => expect(within(section).getAllByTestId('admin-order')).toHaveLength(2));
    const [paid, flagged] = within(section).getAllByTestId('admin-order') as [HTMLElement, HTMLElement];
    expect(paid.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 11,90');
    expect(paid.textContent).toContain('Mercado Pago');
    expect(within(paid).getByTestId('admin-order-payment').textContent).toBe('Pagamento no provedor: 1310000042');
    expect(within(flagged).getByTestId('admin-order-flag').textContent).toBe('Valor pago diferente do pedido: não ativado');
    fireEvent.click(within(section).getByTestId('admin-orders-flagged'));
    await waitFor(() => expect(within(section).getAllByTestId('admin-order')).toHaveLength(1));
    expect(calls.map((c) => c.key)).toContain('GET /admin/orders?flagged=true');
  });
});
