import Stripe from 'stripe';
import type { PaymentMethod } from '#protocol/domain/orders.ts';
import type { Config } from '../config.ts';
import type { CheckoutDetails } from './port.ts';

/** What a settled Stripe checkout says about its payment, read from Stripe itself (never the webhook body). */
export interface StripePayment {
  orderId: string | null;
  paymentId: string;
  paid: boolean;
  amount: number | null;
  currency: string | null;
  method: PaymentMethod | null;
  receiptUrl: string | null;
}

/**
 * Stripe through its official SDK (issue 18, ADR 021). `STRIPE_API_URL` points the SDK at another
 * host — the tests' local fake of Stripe's documented API — through its host/port/protocol options.
 */
export function createStripeGateway(settings: NonNullable<Config['stripe']>) {
  const api = new URL(settings.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const client = new Stripe(settings.secretKey, {
    host: api.hostname,
    port: Number(api.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });

  return {
    /** A Checkout Session for one order; the same order asks once (Stripe's idempotency key). */
    async createCheckout(order: { id: string; amount: number; currency: string }, details: CheckoutDetails) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.id,
          customer_email: details.email,
          success_url: details.successUrl,
          cancel_url: details.cancelUrl,
          line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: details.productName } } }],
          metadata: { orderId: order.id },
        },
        { idempotencyKey: `order-${order.id}` },
      );
      if (!session.url) throw new Error('stripe: the checkout session has no url');
      return { checkoutId: session.id, url: session.url };
    },

    /** The event, if `Stripe-Signature` signs this raw body with the endpoint's secret within 5 minutes; throws otherwise. */
    verifyEvent: (rawBody: string, signature: string | undefined): Stripe.Event => client.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret, 300),

    /**
     * The payment a refund or a dispute event is about, read from Stripe: a charge refunded in full,
     * or a dispute opened on a charge. null when Stripe says otherwise (a partial refund: support's).
     */
    async reversedPayment(event: Stripe.Event): Promise<string | null> {
      const intentOf = (value: string | Stripe.PaymentIntent | null) => (typeof value === 'string' ? value : (value?.id ?? null));
      if (event.type === 'charge.refunded') {
        const charge = await client.charges.retrieve((event.data.object as Stripe.Charge).id);
        return charge.refunded ? intentOf(charge.payment_intent) : null;
      }
      if (event.type === 'charge.dispute.created') {
        const dispute = await client.disputes.retrieve((event.data.object as Stripe.Dispute).id);
        return intentOf(dispute.payment_intent);
      }
      return null;
    },

    /** The checkout session as Stripe has it now. */
    async payment(sessionId: string): Promise<StripePayment> {
      const session = await client.checkout.sessions.retrieve(sessionId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      // The charge behind a paid session says how it was paid and where its receipt is.
      const charge = intent && session.payment_status === 'paid' ? (await client.paymentIntents.retrieve(intent, { expand: ['latest_charge'] })).latest_charge : null;
      const paid = typeof charge === 'object' && charge !== null ? charge : null;
      return {
        method: paid ? 'card' : null,
        receiptUrl: paid?.receipt_url ?? null,
        orderId: session.client_reference_id,
        paymentId: intent ?? session.id,
        paid: session.payment_status === 'paid',
        amount: session.amount_total,
        currency: session.currency ? session.currency.toUpperCase() : null,
      };
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
