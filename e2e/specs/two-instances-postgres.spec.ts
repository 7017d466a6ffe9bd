import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { createDatabase, startCluster } from '../../scripts/postgres.mjs';
import { demoTeacherApi, expect, openNewClientDashboard, registerClient, registerStudentOf, teacherAtDesk, test } from '../fixtures.ts';
import { LoginPage } from '../page-models/login-page.ts';
import { serverLogPath } from '../secrets.ts';
import { freePort, startServer, stopServer, untilHealthy, type ServerProcess } from '../server-process.ts';

/**
 * Issue 49: the app on PostgreSQL as two instances behind a balancer would run it (ADR 031), the
 * built server twice on one database. What one instance learns must reach the other through the
 * database: a client's message written through A reaches their coach's page open on B within 5 s
 * (LISTEN/NOTIFY), and failed logins through both count towards one limit (`rate_limits`).
 */

/** Failures an account may have in a window: each instance sees only half of them below. */
const ACCOUNT_LOGIN_FAILURES = 4;

interface Instance {
  name: 'A' | 'B';
  url: string;
  server: ServerProcess;
}

let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
let folder: string | undefined;
const instances: Instance[] = [];

const instance = (name: Instance['name']) => instances.find((i) => i.name === name)!;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster();
  const databaseUrl = await createDatabase(cluster.url, 'leve_e2e');
  folder = mkdtempSync(path.join(tmpdir(), 'e2e-two-instances-'));
  const shared = {
    DATABASE_URL: databaseUrl,
    // Not read with DATABASE_URL set, but the uploads folder defaults beside it: both instances
    // keep photos in one folder, as compose.yaml's shared volume does.
    DATABASE_PATH: path.join(folder, 'unused.db'),
    UPLOADS_PATH: path.join(folder, 'uploads'),
    HOST: '127.0.0.1',
    RATE_LIMIT_ACCOUNT_LOGIN_FAILURES: String(ACCOUNT_LOGIN_FAILURES),
  };
  // Both start at once on the empty database and both seed the demo accounts (as NODE_ENV=test
  // does): one migrates and seeds under the advisory lock while the other waits, then finds
  // nothing left to do.
  for (const name of ['A', 'B'] as const) {
    const port = await freePort();
    instances.push({ name, url: `http://127.0.0.1:${port}`, server: startServer({ ...shared, PORT: String(port), SEED_DEMO_DATA: 'true' }) });
  }
  await Promise.all(instances.map(({ server, url }) => untilHealthy(server, url)));
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  // Everything started is ended, whichever step failed; each instance's log joins the run's, which
  // the global teardown checks for secrets.
  let codes: (number | null)[];
  try {
    codes = await Promise.all(instances.map(({ server }) => stopServer(server)));
    for (const { server } of instances) appendFileSync(serverLogPath(), server.output());
  } finally {
    instances.length = 0;
    try {
      await cluster?.stop();
    } finally {
      cluster = undefined;
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = undefined;
    }
  }
  // After the cleanup, so that a failed shutdown still leaves nothing behind.
  expect(codes, 'the instances’ exit codes after SIGTERM').toEqual(codes.map(() => 0));
});

test("a client's message sent through instance A reaches their coach's dashboard open on instance B within 5 s, without a reload", async ({ browser }) => {
  const a = instance('A');
  const b = instance('B');
  // A new student of the demo teacher's, registered through A with the teacher's referral code.
  const teacherApi = await demoTeacherApi(b.url);
  const phone = await browser.newContext({ baseURL: a.url, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
  const name = `Lia Duas Instâncias ${Date.now().toString(36)}`;
  await registerStudentOf(teacherApi, phone.request, a.url, { name, countryCode: 'BR' });
  await teacherApi.dispose();

  // The teacher's dashboard, open on B.
  const { desk, teacher } = await teacherAtDesk(browser, 'pt-BR', b.url);
  await teacher.goto('/teacher-dashboard');
  const messages = teacher.getByTestId('teacher-messages');
  await expect(messages).toBeVisible({ timeout: 15_000 });
  const waiting = messages.getByTestId('teacher-messages-thread').filter({ hasText: name });
  await expect(waiting).toHaveCount(0);
  let navigations = 0;
  teacher.on('framenavigated', (frame) => void (frame === teacher.mainFrame() && navigations++));

  // The student writes from the app, on A.
  const page = await phone.newPage();
  await openNewClientDashboard(page);
  await page.goto('/messages');
  await expect(page.getByTestId('chat-empty')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('chat-input').fill('Treinei hoje! Posso trocar o supino por flexões?');
  await page.getByTestId('chat-send').click();
  // Sent: the push was acknowledged (no longer in the outbox).
  await expect(page.getByTestId('chat-message')).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  const acknowledged = Date.now();

  await expect(waiting).toHaveCount(1, { timeout: 5_000 });
  await expect(waiting).toContainText('Treinei hoje!', { timeout: 5_000 });
  const delay = Date.now() - acknowledged;
  test.info().annotations.push({ type: 'acknowledged → shown on B', description: `${delay} ms` });
  expect(delay).toBeLessThan(5_000);
  expect(navigations).toBe(0);
  await test.info().attach('teacher-dashboard-on-b', { body: await teacher.screenshot({ fullPage: true }), contentType: 'image/png' });
  await desk.close();
  await phone.close();
});

test('failed logins alternated between A and B lock the account at their combined count: 429 with Retry-After, in the person’s language', async ({ browser }) => {
  const a = instance('A');
  const b = instance('B');
  const signup = await playwrightRequest.newContext({ baseURL: a.url });
  const { email, password } = await registerClient(signup, a.url, { name: 'Rosa Duas Instâncias', countryCode: 'AR' });
  await signup.dispose();

  // A person in Argentina (Accept-Language es-AR) mistyping their password, through either instance.
  const apis: Record<Instance['name'], APIRequestContext> = {
    A: await playwrightRequest.newContext({ baseURL: a.url, extraHTTPHeaders: { origin: a.url, 'accept-language': 'es-AR' } }),
    B: await playwrightRequest.newContext({ baseURL: b.url, extraHTTPHeaders: { origin: b.url, 'accept-language': 'es-AR' } }),
  };
  const attempt = (on: Instance['name'], tried: string) => apis[on].post('/api/clients/login', { data: { email, password: tried } });
  // A, B, A, B: each instance sees ACCOUNT_LOGIN_FAILURES / 2 failures, under the limit if each counted alone.
  for (let i = 0; i < ACCOUNT_LOGIN_FAILURES; i++) {
    const response = await attempt(i % 2 === 0 ? 'A' : 'B', 'senha-errada');
    expect(response.status(), `failure ${i + 1}`).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
  }

  // Now even the right password is refused, on both. On A, the API's answer:
  const refused = await attempt('A', password);
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()['retry-after']);
  // The window (15 minutes) opened at the first failure, moments ago.
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: 'Demasiados intentos. Probá de nuevo en 15 minutos' });
  for (const api of Object.values(apis)) await api.dispose();

  // On B, what the person sees on the login page in Spanish.
  const laptop = await browser.newContext({ baseURL: b.url, locale: 'es-AR' });
  const page = await laptop.newPage();
  const login = new LoginPage(page);
  await login.open();
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/clients/login'));
  await login.signIn(email, password);
  const response = await answer;
  expect(response.status()).toBe(429);
  expect(Number(await response.headerValue('retry-after'))).toBeGreaterThan(14 * 60);
  await expect(page.getByTestId('toast')).toContainText('Demasiados intentos. Probá de nuevo en 15 minutos');
  await expect(page).toHaveURL(/\/login$/);
  await laptop.close();
});
