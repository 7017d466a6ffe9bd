import path from 'node:path';

/** Secrets the e2e run hands the server; none may ever appear in its log (secrets-in-logs.ts). */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret-3f9a7c1d';
export const E2E_AI_KEY = 'sk-e2e-teacher-key-5b8e2a90';
/** The translating server's own key, for the local fake of OpenAI's API (plan-translation.spec.ts). */
export const E2E_SERVER_AI_KEY = 'sk-e2e-server-key-7d41c0e8';
/** Stripe's keys for the live-payments server (payments.spec.ts talks to a local fake of Stripe). */
export const E2E_STRIPE_SECRET_KEY = 'sk_test_e2e_4c1b7d2e9a';
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_8d3f0a6b1c';
/** Mercado Pago's, likewise against a local fake. */
export const E2E_MERCADOPAGO_ACCESS_TOKEN = 'TEST-e2e-7a2c9f14b3';
export const E2E_MERCADOPAGO_WEBHOOK_SECRET = 'mp-e2e-webhook-5e8d1b6a0f';
/** The passwords the specs type. */
export const E2E_SECRETS = ['demo12345', 'senha-forte-1', 'nova-senha-9'];

/** The server's log file of this run, beside its database (the path travels in the environment). */
export const serverLogPath = () => path.join(path.dirname(process.env.E2E_DATABASE_PATH ?? ''), 'server.log');

/**
 * The second server of the run: live payments mode with Stripe and Mercado Pago configured against
 * the fakes payments.spec.ts starts. Ports follow the run's: app, SMTP, this, Stripe, Mercado Pago.
 */
export const livePaymentsPorts = () => {
  const app = Number(process.env.E2E_PORT ?? 3210);
  return { server: app + 2, stripe: app + 3, mercadopago: app + 4 };
};

/**
 * The third server: an AI provider configured (a local fake of OpenAI's API that
 * plan-translation.spec.ts starts), so published plans are translated by a model.
 */
export const translatorPorts = () => {
  const app = Number(process.env.E2E_PORT ?? 3210);
  return { server: app + 5, openai: app + 6 };
};

/** The local Web Push service notices.spec.ts starts (api/test/push-service.ts): the main server may send to it. */
export const pushServicePort = () => Number(process.env.E2E_PORT ?? 3210) + 7;
