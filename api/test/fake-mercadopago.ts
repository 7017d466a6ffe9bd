/**
 * A local fake of the parts of Mercado Pago's documented API the app uses (issue 18, ADR 021), on
 * 127.0.0.1 (MERCADOPAGO_API_URL). It creates Checkout Pro preferences, serves their checkout page
 * whose Pay button creates an approved payment and sends the webhook exactly as Mercado Pago does —
 * to the preference's `notification_url` with `?data.id=…&type=payment`, `x-request-id`, and
 * `x-signature: ts=…,v1=…` (HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};`) —
 * then redirects to `back_urls.success`. It answers `GET /v1/payments/{id}`; every request is recorded.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { listenLocally, readBody, sendJson } from './fake-http.ts';

export interface FakePreference {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  items: { id?: string; title: string; quantity: number; unit_price: number; currency_id: string }[];
  payer: { email?: string };
  external_reference: string;
  notification_url: string;
  back_urls: { success: string; pending: string; failure: string };
}

export interface FakePayment {
  id: number;
  status: 'approved' | 'pending' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';
  status_detail: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string;
  payment_method_id: string;
  date_created: string;
  date_of_expiration?: string;
  point_of_interaction?: { type: 'PIX'; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
}

/** A 1×1 PNG: what the fake's QR code looks like (the app only shows it). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface RecordedMercadoPagoRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

/** Where the fake delivers a webhook: the notification URL it was given, over HTTP or `app.request()`. */
export type NotificationTarget = (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number }>;

export interface FakeMercadoPago {
  apiUrl: string;
  webhookSecret: string;
  preferences: Map<string, FakePreference>;
  payments: Map<number, FakePayment>;
  requests: RecordedMercadoPagoRequest[];
  deliverTo(target: NotificationTarget): void;
  /** What the Pay button does: an approved payment (or as told) for the preference, then its webhook. */
  pay(preferenceId: string, options?: { status?: FakePayment['status']; amount?: number; currency?: string }): Promise<{ payment: FakePayment; status: number }>;
  /** The payment's status changed at Mercado Pago (a refund, a chargeback); its webhook. */
  update(paymentId: number, status: FakePayment['status']): Promise<number>;
  /** The signed notification for a payment, `ageSeconds` old, as Mercado Pago sends it. */
  notification(paymentId: number | string, options?: { ageSeconds?: number; secret?: string; requestId?: string }): { query: string; body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startFakeMercadoPago(options: { port?: number; webhookSecret?: string } = {}): Promise<FakeMercadoPago> {
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString('hex');
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakePayment>();
  const notificationUrls = new Map<number, string>();
  const requests: RecordedMercadoPagoRequest[] = [];
  let target: NotificationTarget | null = null;
  let base = '';
  let nextPayment = 1_310_000_000 + Math.floor(Math.random() * 1_000_000);

  const notification: FakeMercadoPago['notification'] = (paymentId, options = {}) => {
    const ts = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
    const requestId = options.requestId ?? randomUUID();
    const id = String(paymentId);
    const v1 = createHmac('sha256', options.secret ?? webhookSecret).update(`id:${id.toLowerCase()};request-id:${requestId};ts:${ts};`).digest('hex');
    const body = JSON.stringify({ action: 'payment.updated', api_version: 'v1', data: { id }, date_created: new Date().toISOString(), id: Number(`${Date.now()}`), live_mode: false, type: 'payment', user_id: '2044195820' });
    return { query: `?data.id=${encodeURIComponent(id)}&type=payment`, body, headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId } };
  };

  const deliver = async (paymentId: number) => {
    if (!target) throw new Error('fake mercadopago: no webhook target');
    const { query, body, headers } = notification(paymentId);
    return (await target(`${notificationUrls.get(paymentId)}${query}`, body, headers)).status;
  };

  const pay: FakeMercadoPago['pay'] = async (preferenceId, options = {}) => {
    const preference = preferences.get(preferenceId);
    if (!preference) throw new Error(`fake mercadopago: no preference ${preferenceId}`);
    const item = preference.items[0];
    const payment: FakePayment = {
      id: nextPayment++,
      status: options.status ?? 'approved',
      status_detail: options.status === 'rejected' ? 'cc_rejected_insufficient_amount' : 'accredited',
      transaction_amount: options.amount ?? (item?.unit_price ?? 0) * (item?.quantity ?? 1),
      currency_id: options.currency ?? item?.currency_id ?? 'BRL',
      external_reference: preference.external_reference,
      payment_method_id: 'master',
      date_created: new Date().toISOString(),
    };
    payments.set(payment.id, payment);
    notificationUrls.set(payment.id, preference.notification_url);
    return { payment, status: await deliver(payment.id) };
  };

  const update: FakeMercadoPago['update'] = async (paymentId, status) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`fake mercadopago: no payment ${paymentId}`);
    payment.status = status;
    return deliver(paymentId);
  };

  const server: Server = createServer((request, response) => {
    void readBody(request).then(async (raw) => {
      const url = new URL(request.url ?? '/', base);
      if (url.pathname === '/checkout/v1/redirect') {
        const preference = preferences.get(url.searchParams.get('pref_id') ?? '');
        if (!preference) return sendJson(response, 404, { message: 'preference not found', status: 404 });
        if (request.method === 'POST') {
          await pay(preference.id);
          response.statusCode = 303;
          response.setHeader('location', preference.back_urls.success);
          return response.end();
        }
        const item = preference.items[0];
        response.setHeader('content-type', 'text/html; charset=utf-8');
        return response.end(
          `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fake Mercado Pago</title></head><body><main><h1>Fake Mercado Pago</h1><p data-testid="fake-mp-amount">${item?.unit_price} ${item?.currency_id}</p><form method="post" action="/checkout/v1/redirect?pref_id=${preference.id}"><button type="submit" data-testid="fake-mp-pay">Pagar</button></form></main></body></html>`,
        );
      }

      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return sendJson(response, 400, { message: 'invalid json', status: 400 });
      }
      requests.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization, idempotencyKey: request.headers['x-idempotency-key'] as string | undefined, body });
      if (!request.headers.authorization?.startsWith('Bearer ')) return sendJson(response, 401, { message: 'unauthorized', status: 401 });
      if (request.method === 'POST' && url.pathname === '/checkout/preferences') {
        const id = `${Math.floor(Math.random() * 1e9)}-${randomUUID()}`;
        const preference: FakePreference = {
          id,
          init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
          items: body.items as FakePreference['items'],
          payer: (body.payer ?? {}) as FakePreference['payer'],
          external_reference: String(body.external_reference),
          notification_url: String(body.notification_url),
          back_urls: body.back_urls as FakePreference['back_urls'],
        };
        preferences.set(id, preference);
        return sendJson(response, 201, preference);
      }
      if (request.method === 'POST' && url.pathname === '/v1/payments') {
        if (body.payment_method_id !== 'pix') return sendJson(response, 400, { message: 'only pix here', status: 400 });
        const id = nextPayment++;
        const code = `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865404${Number(body.transaction_amount).toFixed(2)}5802BR6304ABCD`;
        const created: FakePayment = {
          id,
          status: 'pending',
          status_detail: 'pending_waiting_transfer',
          transaction_amount: Number(body.transaction_amount),
          currency_id: 'BRL',
          external_reference: String(body.external_reference),
          payment_method_id: 'pix',
          date_created: new Date().toISOString(),
          date_of_expiration: String(body.date_of_expiration),
          point_of_interaction: { type: 'PIX', transaction_data: { qr_code: code, qr_code_base64: PNG_1X1, ticket_url: `${base}/pix/${id}` } },
        };
        payments.set(id, created);
        notificationUrls.set(id, String(body.notification_url));
        return sendJson(response, 201, created);
      }
      const payment = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
      if (request.method === 'GET' && payment) {
        const found = payments.get(Number(payment[1]));
        return found ? sendJson(response, 200, found) : sendJson(response, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      }
      return sendJson(response, 404, { message: `no route ${request.method} ${url.pathname}`, status: 404 });
    });
  });
  const listening = await listenLocally(server, options.port);
  base = listening.base;

  return {
    apiUrl: base,
    webhookSecret,
    preferences,
    payments,
    requests,
    deliverTo: (next) => void (target = next),
    pay,
    update,
    notification,
    close: listening.close,
  };
}
