/**
 * A local fake of the parts of Stripe's documented API the app uses (issue 18, ADR 021), on
 * 127.0.0.1: the official `stripe` SDK talks to it over a socket (STRIPE_API_URL). It creates and
 * returns Checkout Sessions, serves a checkout page whose Pay button marks the session paid and
 * sends the signed `checkout.session.completed` webhook exactly as Stripe does (`Stripe-Signature:
 * t=…,v1=…`, HMAC-SHA256 of `t.body` with the endpoint secret), then redirects to `success_url`.
 * Every API request is recorded.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { listenLocally, readBody, sendJson } from './fake-http.ts';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  receipt_url: string;
  payment_method_details: { type: 'card' };
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  charge: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'needs_response';
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

/** Where the fake delivers a webhook: the app's endpoint, as an HTTP POST or `app.request()`. */
export type WebhookTarget = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

/** Delivery over HTTP to a running server's endpoint, as Stripe does. */
export const postTo =
  (url: string): WebhookTarget =>
  (body, headers) =>
    fetch(url, { method: 'POST', headers, body });

export interface FakeStripe {
  /** STRIPE_API_URL. */
  apiUrl: string;
  /** STRIPE_WEBHOOK_SECRET the fake signs with. */
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  requests: RecordedStripeRequest[];
  deliverTo(target: WebhookTarget): void;
  /** What the Pay button does: the session paid, then its webhook delivered; returns the delivery's status. */
  pay(sessionId: string, options?: { amountPaid?: number; currency?: string }): Promise<number>;
  /** A refund of the session's charge, in full unless `amount` says less, and its `charge.refunded` webhook. */
  refund(sessionId: string, options?: { amount?: number }): Promise<number>;
  /** A dispute the bank opens on the session's charge, and its `charge.dispute.created` webhook. */
  dispute(sessionId: string): Promise<number>;
  /** A signed webhook body and header for an event about `object`, `ageSeconds` old. */
  signedEvent(type: string, object: object, options?: { ageSeconds?: number; secret?: string }): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const sign = (secret: string, timestamp: number, body: string) => `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

const notFound = (response: ServerResponse, message: string) => sendJson(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message } });

/** A fresh fake on a free port with a random endpoint secret, unless told which (the e2e run's). */
export async function startFakeStripe(options: { port?: number; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();
  const requests: RecordedStripeRequest[] = [];
  let target: WebhookTarget | null = null;
  let base = '';

  const signedEvent: FakeStripe['signedEvent'] = (type, object, options = {}) => {
    const created = Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0);
    const body = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', api_version: '2025-01-01', created, livemode: false, type, data: { object } }, null, 2);
    return { body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(options.secret ?? webhookSecret, created, body) } };
  };

  const pay: FakeStripe['pay'] = async (sessionId, options = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: session.payment_intent ?? `pi_${randomBytes(12).toString('hex')}`,
      ...(options.amountPaid !== undefined && { amount_total: options.amountPaid }),
      ...(options.currency !== undefined && { currency: options.currency }),
    });
    const intent = session.payment_intent as string;
    const chargeId = `ch_${intent.slice(3)}`;
    charges.set(chargeId, { id: chargeId, object: 'charge', payment_intent: intent, amount: session.amount_total, amount_refunded: 0, refunded: false, currency: session.currency, receipt_url: `${base}/receipts/${chargeId}`, payment_method_details: { type: 'card' } });
    return deliver('checkout.session.completed', session);
  };

  const deliver = async (type: string, object: object) => {
    if (!target) throw new Error('fake stripe: no webhook target');
    const { body, headers } = signedEvent(type, object);
    return (await target(body, headers)).status;
  };
  const chargeOf = (sessionId: string) => {
    const intent = sessions.get(sessionId)?.payment_intent;
    const charge = intent ? charges.get(`ch_${intent.slice(3)}`) : undefined;
    if (!charge) throw new Error(`fake stripe: session ${sessionId} was not paid`);
    return charge;
  };
  const refund: FakeStripe['refund'] = async (sessionId, options = {}) => {
    const charge = chargeOf(sessionId);
    charge.amount_refunded = options.amount ?? charge.amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return deliver('charge.refunded', charge);
  };
  const dispute: FakeStripe['dispute'] = async (sessionId) => {
    const charge = chargeOf(sessionId);
    const opened: FakeDispute = { id: `dp_${randomBytes(12).toString('hex')}`, object: 'dispute', charge: charge.id, payment_intent: charge.payment_intent, amount: charge.amount, currency: charge.currency, status: 'needs_response' };
    disputes.set(opened.id, opened);
    return deliver('charge.dispute.created', opened);
  };

  const server: Server = createServer((request, response) => {
    void readBody(request).then(async (raw) => {
      const url = new URL(request.url ?? '/', base);
      const checkout = /^\/checkout\/(cs_test_\w+)(\/pay)?$/.exec(url.pathname);
      if (checkout) {
        const session = sessions.get(checkout[1] as string);
        if (!session) return notFound(response, 'No such checkout session');
        if (request.method === 'POST' && checkout[2]) {
          await pay(session.id);
          response.statusCode = 303;
          response.setHeader('location', session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
          return response.end();
        }
        response.setHeader('content-type', 'text/html; charset=utf-8');
        return response.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><p data-testid="fake-checkout-amount">${session.amount_total} ${session.currency}</p><form method="post" action="/checkout/${session.id}/pay"><button type="submit" data-testid="fake-checkout-pay">Pay</button></form></main></body></html>`,
        );
      }

      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: request.method ?? '', path: url.pathname, authorization: request.headers.authorization, idempotencyKey: request.headers['idempotency-key'] as string | undefined, form });
      if (!request.headers.authorization?.startsWith('Bearer sk_')) return sendJson(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `${base}/checkout/${id}`,
          mode: form.mode ?? 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          success_url: form.success_url ?? '',
          cancel_url: form.cancel_url ?? null,
          payment_intent: null,
          metadata: Object.fromEntries(
            Object.entries(form).flatMap(([key, value]) => {
              const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
              return name ? [[name, value]] : [];
            }),
          ),
        };
        sessions.set(id, session);
        return sendJson(response, 200, session);
      }
      const intent = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url.pathname);
      if (request.method === 'GET' && intent) {
        const id = intent[1] as string;
        const charge = charges.get(`ch_${id.slice(3)}`);
        if (!charge) return notFound(response, `No such payment_intent: '${id}'`);
        // `expand[]=latest_charge` gives the charge itself, as Stripe does; otherwise its id.
        const expanded = url.searchParams.getAll('expand[]').includes('latest_charge') || url.searchParams.getAll('expand[0]').includes('latest_charge');
        return sendJson(response, 200, { id, object: 'payment_intent', status: 'succeeded', amount: charge.amount, currency: charge.currency, latest_charge: expanded ? charge : charge.id });
      }
      const object = /^\/v1\/(charges|disputes)\/(\w+)$/.exec(url.pathname);
      if (request.method === 'GET' && object) {
        const found = object[1] === 'charges' ? charges.get(object[2] as string) : disputes.get(object[2] as string);
        return found ? sendJson(response, 200, found) : notFound(response, `No such ${object[1]}: '${object[2]}'`);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(url.pathname);
      if (request.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1] as string);
        return session ? sendJson(response, 200, session) : notFound(response, `No such checkout.session: '${retrieve[1]}'`);
      }
      return notFound(response, `Unrecognized request URL (${request.method}: ${url.pathname})`);
    });
  });
  const listening = await listenLocally(server, options.port);
  base = listening.base;

  return {
    apiUrl: base,
    webhookSecret,
    sessions,
    requests,
    deliverTo: (next) => void (target = next),
    pay,
    refund,
    dispute,
    signedEvent,
    close: listening.close,
  };
}
