import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPlanId } from '#protocol/domain/plans.ts';
import { DEFAULT_LOCALE, toLocale, type Locale } from '#protocol/i18n/locales.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import { findUserByEmail, findUserById } from '../services/clients.ts';
import { ApiError } from '../http/errors.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter } from '../http/router.ts';
import type { ProviderPayment } from '../services/orders.ts';

/** Hex HMAC-SHA256 of the raw body, compared in constant time; accepts an optional `sha256=` prefix. */
export function verifySignature(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  const given = header.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * POST /api/payments/webhook (README: "Payment webhook"): a checkout provider (card or PIX) reports
 * a paid plan. The signature covers the raw body; the provider's event id makes replays harmless.
 */
export function paymentRoutes(deps: AppDeps) {
  const db = deps.database.sql;
  const seen = (eventId: string) => db.get<{ subscription_id: string | null }>('SELECT subscription_id FROM payment_events WHERE id = ?', [eventId]);
  /** Takes an event id for this delivery: false when another delivery of it took it first. */
  const claim = async (eventId: string) =>
    (await db.run('INSERT INTO payment_events (id, received_at, subscription_id) VALUES (?, ?, NULL) ON CONFLICT (id) DO NOTHING', [eventId, deps.now()])).changes === 1;

  /**
   * What the provider says now. Unreachable, it is a 502 the provider retries later (both redeliver
   * a webhook that was not answered 2xx), never a 500.
   */
  const askProvider = async <T>(ask: () => Promise<T>): Promise<T> => {
    try {
      return await ask();
    } catch (error) {
      deps.log.error('payments.provider.unreachable', { message: error instanceof Error ? error.message : String(error) });
      throw new DomainError('PAYMENT_PROVIDER_FAILED');
    }
  };

  /** Settles an order as its provider reports the payment. */
  const settle = async (payment: ProviderPayment) => {
    const settlement = await deps.orders.settle(payment);
    if (settlement.outcome === 'activated') {
      deps.log.info('payments.activated', { provider: payment.provider, orderId: payment.orderId, subscriptionId: settlement.subscription.id });
    } else if (settlement.outcome === 'flagged') {
      deps.log.error('payments.flagged', { provider: payment.provider, orderId: payment.orderId, reason: settlement.reason });
    }
    return settlement.outcome;
  };

  return createRouter('/api/payments')
    .post('/webhook', 'public', async (c) => {
      const raw = await c.req.text();
      const secret = deps.config.paymentWebhookSecret;
      if (!secret || !verifySignature(secret, raw, c.req.header('x-signature'))) {
        deps.log.error('payments.webhook.rejected', { reason: secret ? 'bad signature' : 'PAYMENT_WEBHOOK_SECRET not set' });
        throw new ApiError(401, 'INVALID_SIGNATURE');
      }
      let event: { id?: unknown; type?: unknown; data?: { userId?: unknown; email?: unknown; planId?: unknown; locale?: unknown } };
      try {
        event = JSON.parse(raw);
      } catch {
        throw new DomainError('INVALID_JSON');
      }
      if (typeof event.id !== 'string' || event.id.length === 0 || event.id.length > 200) throw validationError([{ field: 'id', key: 'validation.required' }]);
      const previous = await seen(event.id);
      if (previous) return c.json({ received: true, duplicate: true, subscriptionId: previous.subscription_id });
      if (event.type !== 'payment.succeeded') {
        await claim(event.id);
        return c.json({ received: true, ignored: true });
      }
      const data = event.data ?? {};
      if (!isPlanId(data.planId)) throw validationError([{ field: 'data.planId', key: 'validation.invalidOption' }]);
      const user =
        typeof data.userId === 'string' ? await findUserById(db, data.userId) : typeof data.email === 'string' ? await findUserByEmail(db, data.email) : undefined;
      if (!user) throw new DomainError('NOT_FOUND', { fields: [{ field: 'data.userId', key: 'errors.NOT_FOUND' }] });
      const locale: Locale = toLocale(typeof data.locale === 'string' ? data.locale : null) ?? toLocale(user.preferredLanguage) ?? DEFAULT_LOCALE;
      const planId = data.planId;
      const eventId = event.id;
      // The event is taken before the activation, in its transaction: of two deliveries at once, one activates.
      const subscriptionId = await db.transaction(async () => {
        if (!(await claim(eventId))) return null;
        const activated = await deps.subscriptions.activate(user.id, planId, locale, 'webhook', eventId);
        await db.run('UPDATE payment_events SET subscription_id = ? WHERE id = ?', [activated.id, eventId]);
        return activated.id;
      });
      if (subscriptionId === null) return c.json({ received: true, duplicate: true, subscriptionId: (await seen(eventId))?.subscription_id ?? null });
      deps.log.info('payments.activated', { userId: user.id, planId, subscriptionId });
      return c.json({ received: true, subscriptionId });
    })

    /**
     * Stripe's webhook (issue 18, ADR 021): `Stripe-Signature` checked by the SDK over the raw body
     * (5 minutes' tolerance); the session is then fetched from Stripe and acted on as Stripe has it.
     */
    .post('/stripe/webhook', 'public', async (c) => {
      const stripe = deps.payments.stripe;
      const raw = await c.req.text();
      let event: ReturnType<NonNullable<typeof stripe>['verifyEvent']>;
      try {
        if (!stripe) throw new Error('STRIPE_WEBHOOK_SECRET not set');
        event = stripe.verifyEvent(raw, c.req.header('stripe-signature'));
      } catch (error) {
        deps.log.error('payments.stripe.rejected', { reason: error instanceof Error ? error.message : String(error) });
        throw new DomainError('INVALID_SIGNATURE');
      }
      if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') {
        const paymentId = await askProvider(() => stripe.reversedPayment(event));
        const outcome = paymentId === null ? 'ignored' : await deps.orders.refund('stripe', paymentId);
        if (outcome === 'refunded') deps.log.info('payments.refunded', { provider: 'stripe', event: event.type });
        return c.json({ received: true, outcome });
      }
      const object = event.data.object as { id?: unknown; object?: unknown };
      if (object.object !== 'checkout.session' || typeof object.id !== 'string') return c.json({ received: true, ignored: true });
      const session = await askProvider(() => stripe.payment(object.id as string));
      if (session.orderId === null) return c.json({ received: true, ignored: true });
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        await deps.orders.close(session.orderId, event.type === 'checkout.session.expired' ? 'expired' : 'failed');
        return c.json({ received: true });
      }
      if ((event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') || !session.paid) return c.json({ received: true, ignored: true });
      const outcome = await settle({ provider: 'stripe', orderId: session.orderId, paymentId: session.paymentId, amount: session.amount ?? -1, currency: session.currency ?? '', method: session.method, receiptUrl: session.receiptUrl });
      return c.json({ received: true, outcome });
    })

    /**
     * Mercado Pago's webhook (issue 18, ADR 021): `x-signature` checked against the query's `data.id`
     * and `x-request-id` (5 minutes), then the payment is fetched from Mercado Pago and acted on as
     * Mercado Pago has it: approved settles its order once, refunded or charged back takes it back,
     * rejected or cancelled closes it. Other topics are acknowledged.
     */
    .post('/mercadopago/webhook', 'public', async (c) => {
      const mercadopago = deps.payments.mercadopago;
      const dataId = c.req.query('data.id') ?? c.req.query('id');
      await c.req.text(); // the body says nothing the payment itself does not
      const signed = mercadopago?.verifySignature({ signature: c.req.header('x-signature'), requestId: c.req.header('x-request-id'), dataId }) ?? false;
      if (!mercadopago || !signed || dataId === undefined) {
        deps.log.error('payments.mercadopago.rejected', { reason: mercadopago ? 'bad signature' : 'MERCADOPAGO_WEBHOOK_SECRET not set' });
        throw new DomainError('INVALID_SIGNATURE');
      }
      const topic = c.req.query('type') ?? c.req.query('topic');
      if (topic !== 'payment') return c.json({ received: true, ignored: true });
      const payment = await askProvider(() => mercadopago.payment(dataId));
      if (payment.orderId === null) return c.json({ received: true, ignored: true });
      if (payment.status === 'refunded' || payment.status === 'charged_back') return c.json({ received: true, outcome: await deps.orders.refund('mercadopago', payment.paymentId) });
      if (payment.status === 'rejected' || payment.status === 'cancelled') {
        await deps.orders.close(payment.orderId, 'failed');
        return c.json({ received: true, outcome: 'failed' });
      }
      if (payment.status !== 'approved') return c.json({ received: true, ignored: true });
      const outcome = await settle({ provider: 'mercadopago', orderId: payment.orderId, paymentId: payment.paymentId, amount: payment.amount, currency: payment.currency, method: payment.method });
      return c.json({ received: true, outcome });
    });
}
