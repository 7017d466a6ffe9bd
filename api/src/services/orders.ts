import { uuidv7 } from '#protocol/ids.ts';
import type { PlanId } from '#protocol/domain/plans.ts';
import { PLAN_PRICING } from '#protocol/domain/plans.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Commissions } from './commissions.ts';
import type { SqlDatabase } from '../db/sql/port.ts';

import type { OrderStatus, PaymentMethod, PaymentProvider } from '#protocol/domain/orders.ts';
import type { AdminOrder, OrderDto } from '#protocol/contract/orders.ts';

interface OrderRaw {
  id: string;
  user_id: string;
  plan_id: string;
  amount: number;
  currency: string;
  locale: string;
  provider: PaymentProvider;
  status: OrderStatus;
  checkout_id: string | null;
  payment_id: string | null;
  method: PaymentMethod | null;
  receipt_url: string | null;
  flag: string | null;
  subscription_id: string | null;
  created_at: number;
  updated_at: number;
}

/** What the provider itself reports about a payment (fetched from it, never taken from a webhook body). */
export interface ProviderPayment {
  provider: PaymentProvider;
  orderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  method?: PaymentMethod | null;
  receiptUrl?: string | null;
}

export type Settlement =
  | { outcome: 'activated'; subscription: SubscriptionDto; userId: string }
  | { outcome: 'duplicate' }
  | { outcome: 'flagged'; reason: 'amount' | 'currency' }
  | { outcome: 'unknownOrder' };

const toDto = (row: OrderRaw): OrderDto => ({
  id: row.id,
  planId: row.plan_id as PlanId,
  amount: row.amount,
  currency: row.currency,
  provider: row.provider,
  status: row.status,
  method: row.method,
  receiptUrl: row.receipt_url,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Orders (issue 18, ADR 021): the price is the server's, from the table of the client's country;
 * a payment settles its order once — replays, duplicate deliveries and parallel ones included —
 * and activates the plan in the same transaction as the order's change and the commission.
 */
export function createOrders(db: SqlDatabase, subscriptions: Subscriptions, commissions: Pick<Commissions, 'reverse'>, now: () => number) {
  const byId = (id: string) => db.get<OrderRaw>('SELECT * FROM orders WHERE id = ?', [id]);
  const byPayment = (provider: PaymentProvider, paymentId: string) => db.get<OrderRaw>('SELECT * FROM orders WHERE provider = ? AND payment_id = ?', [provider, paymentId]);

  /**
   * A paid order's money went back (a refund, or a chargeback the bank opened): its plan ends and
   * the teacher's commission is taken back, in one transaction, once. The order turns refunded
   * first, only from paid: of two deliveries at once, one changes it and the other is a duplicate.
   */
  const refund = (provider: PaymentProvider, paymentId: string): Promise<'refunded' | 'duplicate' | 'unknownPayment'> =>
    db.transaction(async () => {
      const order = await byPayment(provider, paymentId);
      if (!order) return 'unknownPayment';
      if (order.status !== 'paid' || order.subscription_id === null) return 'duplicate';
      const { changes } = await db.run("UPDATE orders SET status = 'refunded', updated_at = ? WHERE id = ? AND status = 'paid'", [now(), order.id]);
      if (changes === 0) return 'duplicate';
      await subscriptions.end(order.subscription_id);
      await commissions.reverse(order.subscription_id);
      return 'refunded';
    });

  /**
   * The order turns paid before the plan activates, only from a state not settled yet: of two
   * settlements at once, one changes it and the other is a duplicate. A refunded order was settled
   * once already: a late replay of its payment activates nothing again.
   */
  const settle = (payment: ProviderPayment): Promise<Settlement> =>
    db.transaction(async (): Promise<Settlement> => {
      const order = await byId(payment.orderId);
      if (!order || order.provider !== payment.provider) return { outcome: 'unknownOrder' };
      const settledBy = await byPayment(payment.provider, payment.paymentId);
      if (order.status === 'paid' || order.status === 'refunded' || (settledBy && settledBy.status === 'paid')) return { outcome: 'duplicate' };
      const reason = payment.currency !== order.currency ? 'currency' : payment.amount !== order.amount ? 'amount' : null;
      if (reason) {
        const flagged = await db.run("UPDATE orders SET payment_id = ?, flag = ?, updated_at = ? WHERE id = ? AND status NOT IN ('paid', 'refunded')", [payment.paymentId, reason, now(), order.id]);
        return flagged.changes === 0 ? { outcome: 'duplicate' } : { outcome: 'flagged', reason };
      }
      const { changes } = await db.run(
        "UPDATE orders SET status = 'paid', payment_id = ?, method = ?, receipt_url = ?, flag = NULL, updated_at = ? WHERE id = ? AND status NOT IN ('paid', 'refunded')",
        [payment.paymentId, payment.method ?? null, payment.receiptUrl ?? null, now(), order.id],
      );
      if (changes === 0) return { outcome: 'duplicate' };
      const subscription = await subscriptions.activate(order.user_id, order.plan_id as PlanId, order.locale as Locale, 'webhook', `${payment.provider}:${payment.paymentId}`);
      await db.run('UPDATE orders SET subscription_id = ? WHERE id = ?', [subscription.id, order.id]);
      return { outcome: 'activated', subscription, userId: order.user_id };
    });

  return {
    /** A pending order for a plan at the price of `locale`'s table (the client's country). */
    async create(userId: string, planId: PlanId, locale: Locale, provider: PaymentProvider): Promise<OrderDto> {
      const pricing = PLAN_PRICING[locale];
      const at = now();
      const row = await db.get<OrderRaw>(
        `INSERT INTO orders (id, user_id, plan_id, amount, currency, locale, provider, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *`,
        [uuidv7(at), userId, planId, pricing.prices[planId], pricing.currency, locale, provider, at, at],
      );
      return toDto(row as OrderRaw);
    },
    async attachCheckout(orderId: string, checkoutId: string): Promise<void> {
      await db.run('UPDATE orders SET checkout_id = ?, updated_at = ? WHERE id = ?', [checkoutId, now(), orderId]);
    },
    /** A pending order the provider reports failed or expired; a settled one stays as it is. */
    async close(orderId: string, status: 'failed' | 'expired'): Promise<void> {
      await db.run("UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status = 'pending'", [status, now(), orderId]);
    },
    /** Settles the order the payment names; announce an activation after this resolves (the commit). */
    settle,
    refund,
    forUser: async (userId: string): Promise<OrderDto[]> => (await db.all<OrderRaw>('SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC', [userId])).map(toDto),
    /** The latest 200 orders of everyone, filtered; flagged ones are those an admin must look at. */
    async all(filter: { status?: OrderStatus; provider?: PaymentProvider; flagged?: boolean }): Promise<AdminOrder[]> {
      const conditions: string[] = [];
      const params: string[] = [];
      // Only the filters given: a parameter tested only for NULL has no type PostgreSQL can infer.
      if (filter.status) {
        conditions.push('o.status = ?');
        params.push(filter.status);
      }
      if (filter.provider) {
        conditions.push('o.provider = ?');
        params.push(filter.provider);
      }
      if (filter.flagged) conditions.push('o.flag IS NOT NULL');
      const rows = await db.all<OrderRaw & { user_name: string; user_email: string }>(
        `SELECT o.*, u.name AS user_name, u.email AS user_email FROM orders o JOIN users u ON u.id = o.user_id
         ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
        params,
      );
      return rows.map((row) => ({ ...toDto(row), userName: row.user_name, userEmail: row.user_email, paymentId: row.payment_id, flag: row.flag }));
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
