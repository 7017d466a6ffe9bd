import type { Context } from 'hono';
import { DomainError } from '#protocol/errors.ts';
import { isPlanId, PLAN_PRICING } from '#protocol/domain/plans.ts';
import { COUNTRY_LOCALE } from '#protocol/i18n/locales.ts';
import type { CountryCode } from '#protocol/domain/client-enums.ts';
import type { PaymentProvider } from '#protocol/domain/orders.ts';
import type { PixCheckout } from '#protocol/contract/orders.ts';
import { findUserById } from '../services/clients.ts';
import type { AppEnv } from '../http/env.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { readJsonObject } from '../http/validate.ts';
import { publicOrigin } from './teacher.ts';
import type { CheckoutGateway } from '../payments/port.ts';

/** How long a PIX code may be paid: half an hour, then a new one is asked for. */
const PIX_VALID_MS = 30 * 60_000;

/**
 * The provider that takes `currency` in live payments mode: US dollars go through Stripe, reais and
 * pesos through Mercado Pago. None configured: the plan's static link, as before. Demo mode keeps
 * activating plans directly (ADR 008).
 */
export function checkoutProvider(deps: AppDeps, currency: string): { name: PaymentProvider; gateway: CheckoutGateway } | null {
  if (deps.config.paymentsMode !== 'live') return null;
  const { stripe, mercadopago } = deps.payments;
  if (currency === 'USD') return stripe ? { name: 'stripe', gateway: stripe } : null;
  return mercadopago ? { name: 'mercadopago', gateway: mercadopago } : null;
}

/**
 * Orders (issue 18, ADR 021): choosing a plan creates an order priced by the server for the
 * client's country and a checkout at the provider of its currency; the provider's signed webhook
 * settles it. The return from the checkout activates nothing by itself.
 */
export function orderRoutes(deps: AppDeps) {

  /** The plan asked for, who asks, and the price table of their country — whatever the request says or the page's language. */
  const buying = async (c: Context<AppEnv>) => {
    const body = await readJsonObject(c);
    if (!isPlanId(body.planId)) throw new DomainError('PLAN_NOT_FOUND');
    const user = await findUserById(deps.database.sql, currentUser(c).id);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return { planId: body.planId, user, locale: COUNTRY_LOCALE[user.countryCode as CountryCode] ?? COUNTRY_LOCALE.BR };
  };

  return createRouter('/api/orders')
    .get('/', 'signedIn', async (c) => c.json({ orders: await deps.orders.forUser(currentUser(c).id) }))

    .post('/', 'signedIn', async (c) => {
      const { planId, user, locale } = await buying(c);
      const provider = checkoutProvider(deps, PLAN_PRICING[locale].currency);
      if (!provider) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE');
      const order = await deps.orders.create(user.id, planId, locale, provider.name);
      const origin = publicOrigin(c, deps);
      try {
        const checkout = await provider.gateway.createCheckout(order, {
          email: user.email,
          productName: `Leve Coach · ${planId}`,
          successUrl: `${origin}/subscription?order=${order.id}`,
          cancelUrl: `${origin}/plan-upgrade?order=${order.id}`,
          notificationUrl: `${origin}/api/payments/mercadopago/webhook`,
        });
        await deps.orders.attachCheckout(order.id, checkout.checkoutId);
        deps.log.info('orders.created', { orderId: order.id, userId: user.id, provider: order.provider });
        return c.json({ order, checkoutUrl: checkout.url }, 201);
      } catch (error) {
        await deps.orders.close(order.id, 'failed');
        deps.log.error('orders.checkout.failed', { orderId: order.id, provider: order.provider, message: error instanceof Error ? error.message : String(error) });
        throw new DomainError('PAYMENT_PROVIDER_FAILED');
      }
    })

    /**
     * PIX without leaving the app (Brazil, Mercado Pago): the order and a PIX payment for it; the app
     * shows the QR code and its copy-and-paste text, and asks about the order until the webhook settles it.
     */
    .post('/pix', 'signedIn', async (c) => {
      const { planId, user, locale } = await buying(c);
      const mercadopago = PLAN_PRICING[locale].currency === 'BRL' && checkoutProvider(deps, 'BRL') ? deps.payments.mercadopago : null;
      if (!mercadopago) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE');
      const order = await deps.orders.create(user.id, planId, locale, 'mercadopago');
      try {
        const pix = await mercadopago.createPix(order, {
          email: user.email,
          productName: `Leve Coach · ${planId}`,
          notificationUrl: `${publicOrigin(c, deps)}/api/payments/mercadopago/webhook`,
          expiresAt: new Date(deps.now() + PIX_VALID_MS),
        });
        await deps.orders.attachCheckout(order.id, pix.paymentId);
        deps.log.info('orders.created', { orderId: order.id, userId: user.id, provider: 'mercadopago', method: 'pix' });
        // The time left by the server's clock: a phone whose clock is wrong still counts it right.
        const expiresInSeconds = Math.max(0, Math.round((Date.parse(pix.expiresAt) - deps.now()) / 1000));
        return c.json({ order, pix: { qrCode: pix.qrCode, qrCodeBase64: pix.qrCodeBase64, expiresAt: pix.expiresAt, expiresInSeconds } } satisfies PixCheckout, 201);
      } catch (error) {
        await deps.orders.close(order.id, 'failed');
        deps.log.error('orders.checkout.failed', { orderId: order.id, provider: 'mercadopago', message: error instanceof Error ? error.message : String(error) });
        throw new DomainError('PAYMENT_PROVIDER_FAILED');
      }
    });
}

