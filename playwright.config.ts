import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { E2E_MERCADOPAGO_ACCESS_TOKEN, E2E_MERCADOPAGO_WEBHOOK_SECRET, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET, E2E_SERVER_AI_KEY, E2E_WEBHOOK_SECRET, livePaymentsPorts, pushServicePort, serverLogPath, translatorPorts } from './e2e/secrets.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const live = livePaymentsPorts();
const translator = translatorPorts();
/** The local SMTP server the password-reset journey starts (e2e/smtp.ts); the next port up unless told. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
process.env.E2E_SMTP_PORT = String(smtpPort);
// One fresh database per run: workers re-read this file, so the path travels in the environment.
process.env.E2E_DATABASE_PATH ??= path.join(mkdtempSync(path.join(tmpdir(), 'e2e-')), 'app.db');

/** A database file beside the main one, for another server of the run. */
const beside = (name: string) => path.join(path.dirname(process.env.E2E_DATABASE_PATH as string), name);

/**
 * One server process of the run, on its own port and database. Every one logs at info level into
 * the file the teardown reads (every event the server records must hold no secret).
 */
function serverProcess(serverPort: number, databasePath: string | undefined, env: Record<string, string>) {
  return {
    command: `node dist/server/server.js >> "${serverLogPath()}" 2>&1`,
    url: `http://localhost:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      DATABASE_PATH: databasePath as string,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMIT_REGISTRATIONS: '1000',
      PUBLIC_URL: `http://localhost:${serverPort}`,
      ...env,
    },
  };
}

/**
 * One worker per core, at most four (ADR 029): each worker is a Chromium of its own against the
 * run's shared servers, and on two cores two workers finished the suite sooner than one, also with
 * a CPU-bound process beside them. `E2E_WORKERS` sets it by hand.
 */
const workers = Number(process.env.E2E_WORKERS) || Math.min(4, availableParallelism());

export default defineConfig({
  testDir: './e2e/specs',
  outputDir: './test-results',
  workers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A broken build fails everywhere at once: ten failures say enough, and CI ends within its time.
  maxFailures: process.env.CI ? 10 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  // Budgets catch a step that hangs; speed is the bench's to measure (ADR 029). On a busy 2-core
  // machine a journey's first signed-in page took 10 s and a single-page test 30 s: every test
  // has 90 s (the longest journeys say more), every wait 15 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The server's log of the whole run must hold no secret.
  globalTeardown: './e2e/secrets-in-logs.ts',
  webServer: [
    serverProcess(port, process.env.E2E_DATABASE_PATH, {
      PAYMENT_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      SUPPORT_WHATSAPP: '+55 11 4000-1234',
      // Reset e-mails go to the SMTP server the password-reset spec runs; elsewhere none listens and a
      // send only logs its failure.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Leve Coach <no-reply@leve.example>',
      // Pushes go to the local push service notices.spec.ts runs (issue 50); none listens elsewhere.
      PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${pushServicePort()}`,
    }),
    // Live payments (issue 18): payments.spec.ts runs fakes of Stripe's and Mercado Pago's APIs.
    serverProcess(live.server, beside('live-payments.db'), {
      PAYMENTS_MODE: 'live',
      STRIPE_SECRET_KEY: E2E_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${live.stripe}`,
      MERCADOPAGO_ACCESS_TOKEN: E2E_MERCADOPAGO_ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: E2E_MERCADOPAGO_WEBHOOK_SECRET,
      MERCADOPAGO_API_URL: `http://127.0.0.1:${live.mercadopago}`,
    }),
    // Plans translated by a model (issue 19, ADR 024): plan-translation.spec.ts runs a fake of OpenAI's API.
    serverProcess(translator.server, beside('translator.db'), {
      OPENAI_API_KEY: E2E_SERVER_AI_KEY,
      OPENAI_BASE_URL: `http://127.0.0.1:${translator.openai}/v1`,
      OPENAI_MODEL: 'fake-model',
    }),
  ],
});
