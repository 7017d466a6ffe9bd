import type Database from 'better-sqlite3';
import { uuidv7 } from '#protocol/ids.ts';
import type { PlanId } from '#protocol/domain/plans.ts';
import { PLAN_PRICING } from '#protocol/domain/plans.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Commissions } from './commissions.ts';

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
export function createOrders(sqlite: Database.Database, subscriptions: Subscriptions, commissions: Pick<Commissions, 'reverse'>, now: () => number) {
  const insert = sqlite.prepare(
    `INSERT INTO orders (id, user_id, plan_id, amount, currency, locale, provider, status, created_at, updated_at)
     VALUES (@id, @userId, @planId, @amount, @currency, @locale, @provider, 'pending', @at, @at)`,
  );
  const byId = sqlite.prepare<[string], OrderRaw>('SELECT * FROM orders WHERE id = ?');
  const byPayment = sqlite.prepare<[string, string], OrderRaw>('SELECT * FROM orders WHERE provider = ? AND payment_id = ?');
  const forUser = sqlite.prepare<[string], OrderRaw>('SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC');
  const allOrders = sqlite.prepare<{ status: string | null; provider: string | null; flagged: number }, OrderRaw & { user_name: string; user_email: string }>(
    `SELECT o.*, u.name AS user_name, u.email AS user_email FROM orders o JOIN users u ON u.id = o.user_id
     WHERE (@status IS NULL OR o.status = @status) AND (@provider IS NULL OR o.provider = @provider) AND (@flagged = 0 OR o.flag IS NOT NULL)
     ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
  );
  const setCheckout = sqlite.prepare('UPDATE orders SET checkout_id = ?, updated_at = ? WHERE id = ?');
  const setStatus = sqlite.prepare("UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status = 'pending'");
  const setPaid = sqlite.prepare("UPDATE orders SET status = 'paid', payment_id = ?, subscription_id = ?, method = ?, receipt_url = ?, flag = NULL, updated_at = ? WHERE id = ?");
  const setFlag = sqlite.prepare('UPDATE orders SET payment_id = ?, flag = ?, updated_at = ? WHERE id = ?');
  const setRefunded = sqlite.prepare("UPDATE orders SET status = 'refunded', updated_at = ? WHERE id = ?");

  /**
   * A paid order's money went back (a refund, or a chargeback the bank opened): its plan ends and
   * the teacher's commission is taken back, in one transaction, once.
   */
  const refundTransaction = sqlite.transaction((provider: PaymentProvider, paymentId: string): 'refunded' | 'duplicate' | 'unknownPayment' => {
    const order = byPayment.get(provider, paymentId);
    if (!order) return 'unknownPayment';
    if (order.status !== 'paid' || order.subscription_id === null) return 'duplicate';
    subscriptions.end(order.subscription_id);
    commissions.reverse(order.subscription_id);
    setRefunded.run(now(), order.id);
    return 'refunded';
  });

  const settleTransaction = sqlite.transaction((payment: ProviderPayment): Settlement => {
    const order = byId.get(payment.orderId);
    if (!order || order.provider !== payment.provider) return { outcome: 'unknownOrder' };
    const settledBy = byPayment.get(payment.provider, payment.paymentId);
    if (order.status === 'paid' || (settledBy && settledBy.status === 'paid')) return { outcome: 'duplicate' };
    const reason = payment.currency !== order.currency ? 'currency' : payment.amount !== order.amount ? 'amount' : null;
    if (reason) {
      setFlag.run(payment.paymentId, reason, now(), order.id);
      return { outcome: 'flagged', reason };
    }
    const subscription = subscriptions.activate(order.user_id, order.plan_id as PlanId, order.locale as Locale, 'webhook', `${payment.provider}:${payment.paymentId}`);
    setPaid.run(payment.paymentId, subscription.id, payment.method ?? null, payment.receiptUrl ?? null, now(), order.id);
    return { outcome: 'activated', subscription, userId: order.user_id };
  });

  return {
    /** A pending order for a plan at the price of `locale`'s table (the client's country). */
    create(userId: string, planId: PlanId, locale: Locale, provider: PaymentProvider): OrderDto {
      const pricing = PLAN_PRICING[locale];
      const at = now();
      const id = uuidv7(at);
      insert.run({ id, userId, planId, amount: pricing.prices[planId], currency: pricing.currency, locale, provider, at });
      return toDto(byId.get(id) as OrderRaw);
    },
    attachCheckout: (orderId: string, checkoutId: string) => void setCheckout.run(checkoutId, now(), orderId),
    /** A pending order the provider reports failed or expired; a settled one stays as it is. */
    close: (orderId: string, status: 'failed' | 'expired') => void setStatus.run(status, now(), orderId),
    /** Settles the order the payment names; announce an activation after this returns (the commit). */
    settle: (payment: ProviderPayment): Settlement => settleTransaction(payment),
    refund: (provider: PaymentProvider, paymentId: string) => refundTransaction(provider, paymentId),
    forUser: (userId: string): OrderDto[] => forUser.all(userId).map(toDto),
    /** The latest 200 orders of everyone, filtered; flagged ones are those an admin must look at. */
    all: (filter: { status?: OrderStatus; provider?: PaymentProvider; flagged?: boolean }): AdminOrder[] =>
      allOrders
        .all({ status: filter.status ?? null, provider: filter.provider ?? null, flagged: filter.flagged ? 1 : 0 })
        .map((row) => ({ ...toDto(row), userName: row.user_name, userEmail: row.user_email, paymentId: row.payment_id, flag: row.flag })),
  };
}

export type Orders = ReturnType<typeof createOrders>;
