import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '#protocol/domain/orders.ts';
import type { Config } from '../config.ts';
import type { CheckoutDetails } from './port.ts';

/** A Mercado Pago payment as its API reports it (`GET /v1/payments/{id}`), amounts in minor units. */
export interface MercadoPagoPayment {
  method: PaymentMethod;
  paymentId: string;
  orderId: string | null;
  status: string;
  amount: number;
  currency: string;
}

/** The webhook's signature check must not wait on a clock: `now` is the server's. */
const TOLERANCE_MS = 5 * 60_000;

/**
 * Mercado Pago through its documented REST API with `fetch` (issue 18, ADR 021): its Node SDK
 * cannot be pointed at another host, and the tests point `MERCADOPAGO_API_URL` at a local fake.
 */
export function createMercadoPagoGateway(settings: NonNullable<Config['mercadopago']>, now: () => number) {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${settings.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`mercadopago: ${init.method ?? 'GET'} ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };

  return {
    /** A Checkout Pro preference for one order (card and every method Mercado Pago offers there). */
    async createCheckout(order: { id: string; amount: number; currency: string }, details: CheckoutDetails) {
      const preference = await call<{ id: string; init_point: string }>('/checkout/preferences', {
        method: 'POST',
        headers: { 'x-idempotency-key': `order-${order.id}` },
        body: JSON.stringify({
          items: [{ id: order.id, title: details.productName, quantity: 1, unit_price: order.amount / 100, currency_id: order.currency }],
          payer: { email: details.email },
          external_reference: order.id,
          notification_url: details.notificationUrl,
          back_urls: { success: details.successUrl, pending: details.successUrl, failure: details.cancelUrl },
          auto_return: 'approved',
        }),
      });
      return { checkoutId: preference.id, url: preference.init_point };
    },

    /**
     * A PIX payment for one order, paid without leaving the app: the QR code, its copy-and-paste
     * text and when it expires, as Mercado Pago returns them (`point_of_interaction`).
     */
    async createPix(order: { id: string; amount: number; currency: string }, details: { email: string; productName: string; notificationUrl: string; expiresAt: Date }) {
      const payment = await call<{ id: number | string; date_of_expiration?: string; point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string } } }>('/v1/payments', {
        method: 'POST',
        headers: { 'x-idempotency-key': `order-${order.id}-pix` },
        body: JSON.stringify({
          transaction_amount: order.amount / 100,
          description: details.productName,
          payment_method_id: 'pix',
          payer: { email: details.email },
          external_reference: order.id,
          notification_url: details.notificationUrl,
          // Mercado Pago documents the expiry with an explicit offset ("…T23:59:59.000-04:00").
          date_of_expiration: details.expiresAt.toISOString().replace('Z', '+00:00'),
        }),
      });
      const data = payment.point_of_interaction?.transaction_data;
      if (!data?.qr_code || !data.qr_code_base64) throw new Error('mercadopago: the PIX payment has no QR code');
      return { paymentId: String(payment.id), qrCode: data.qr_code, qrCodeBase64: data.qr_code_base64, expiresAt: payment.date_of_expiration ?? details.expiresAt.toISOString() };
    },

    /**
     * Whether `x-signature` (`ts=…,v1=…`) is Mercado Pago's: HMAC-SHA256 with the webhook secret of
     * `id:{data.id};request-id:{x-request-id};ts:{ts};` — `data.id` from the query string, lower-cased
     * when alphanumeric — made within the last 5 minutes.
     */
    verifySignature({ signature, requestId, dataId }: { signature: string | undefined; requestId: string | undefined; dataId: string | undefined }): boolean {
      if (!signature || !requestId || !dataId) return false;
      const parts = Object.fromEntries(signature.split(',').map((part) => part.split('=').map((side) => side.trim()) as [string, string]));
      const ts = parts.ts ?? '';
      const v1 = parts.v1 ?? '';
      if (!/^\d{1,13}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
      const millis = ts.length > 10 ? Number(ts) : Number(ts) * 1000;
      if (Math.abs(now() - millis) > TOLERANCE_MS) return false;
      const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
      const expected = createHmac('sha256', settings.webhookSecret).update(`id:${id};request-id:${requestId};ts:${ts};`).digest();
      return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
    },

    /** The payment as Mercado Pago has it now. */
    async payment(paymentId: string): Promise<MercadoPagoPayment> {
      const payment = await call<{ id: number | string; status: string; transaction_amount: number; currency_id: string; external_reference: string | null; payment_method_id?: string }>(`/v1/payments/${encodeURIComponent(paymentId)}`);
      return {
        method: payment.payment_method_id === 'pix' ? 'pix' : 'card',
        paymentId: String(payment.id),
        orderId: payment.external_reference,
        status: payment.status,
        amount: Math.round(payment.transaction_amount * 100),
        currency: payment.currency_id,
      };
    },
  };
}

export type MercadoPagoGateway = ReturnType<typeof createMercadoPagoGateway>;
