import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, openPostgresDatabase, type AppDatabase, type SqliteDatabase } from '../src/db/client.ts';
import { applyPostgresMigrations } from '../src/db/migrate-postgres.ts';
import { createPostgresDatabase } from './postgres.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { createDeps } from '../src/deps.ts';
import type { AppDeps } from '../src/deps.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface TestApp {
  app: App;
  deps: AppDeps;
  database: AppDatabase;
  /** A new browser-like client with its own cookie jar. */
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => number;
  staticRoot?: string;
  /** Receives every log line, e.g. to prove no secret is ever logged. */
  log?: AppDeps['log'];
}

/**
 * The database the API's integration tests run on: the SQLite file, or with TEST_DATABASE=postgres
 * (the suite's second run in `npm test`, ADR 031) a database of the test run's PostgreSQL cluster.
 */
export const TEST_DATABASE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh app on its own database (see TEST_DATABASE), as a test file's `beforeAll` builds it. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (TEST_DATABASE === 'sqlite') return createSqliteTestApp(options);
  const dir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const postgres = await createPostgresDatabase();
  await applyPostgresMigrations(postgres.url);
  const env = { NODE_ENV: 'test', DATABASE_URL: postgres.url, UPLOADS_PATH: path.join(dir, 'uploads'), LOG_LEVEL: 'silent', ...options.env };
  const database = openPostgresDatabase(postgres.url);
  return assemble(options, env, database, async () => {
    await database.close();
    await postgres.drop();
    rmSync(dir, { recursive: true, force: true });
  });
}

/** A fresh app on its own temp-file SQLite database, for what only SQLite has (backups, the crash test's halt). */
export type SqliteTestApp = TestApp & { database: SqliteDatabase };

export async function createSqliteTestApp(options: TestAppOptions = {}): Promise<SqliteTestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const env = { NODE_ENV: 'test', DATABASE_PATH: path.join(dir, 'test.db'), LOG_LEVEL: 'silent', ...options.env };
  const database = openDatabase(env.DATABASE_PATH);
  applyMigrations(database, MIGRATIONS_FOLDER);
  return assemble(options, env, database, async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Another instance of `t`'s app on the same database (ADR 031: several instances): its own
 * services, live-updates hub and group commit, on `t`'s clock unless told otherwise. On
 * PostgreSQL it opens its own pool (and its own LISTEN connection) on the same URL, as a second
 * process would; on SQLite, which one process serves, it shares `t`'s connection. Its `close`
 * closes only what it opened: close it before `t`.
 */
export function openAnotherInstance(t: TestApp, options: Pick<TestAppOptions, 'now' | 'log'> = {}): TestApp {
  const { databaseUrl } = t.deps.config;
  const database = databaseUrl ? openPostgresDatabase(databaseUrl) : t.database;
  const deps = createDeps(t.deps.config, database, { now: options.now ?? t.deps.now, ...(options.log ? { log: options.log } : {}) });
  const app = createApp(deps);
  return { app, deps, database, client: (clientOptions) => new TestClient(app, clientOptions), close: async () => (database === t.database ? undefined : database.close()) };
}

/** Where a client's requests go: one app, or several behind a proxy. */
export type Upstream = Pick<App, 'request'>;

/**
 * A round-robin proxy in the process: each request goes to the next app in turn, whichever
 * client sends it, as a load balancer in front of several instances does. `served` counts the
 * requests each app got.
 */
export function roundRobin(apps: readonly App[]): Upstream & { served: number[] } {
  if (apps.length === 0) throw new Error('roundRobin needs at least one app');
  const served = apps.map(() => 0);
  let turn = 0;
  return {
    served,
    request: (...args: Parameters<App['request']>) => {
      const index = turn++ % apps.length;
      served[index] = (served[index] ?? 0) + 1;
      return (apps[index] as App).request(...args);
    },
  };
}

function assemble<D extends AppDatabase>(options: TestAppOptions, env: Record<string, string>, database: D, close: () => Promise<void>): TestApp & { database: D } {
  const config = loadConfig(env, { staticRoot: options.staticRoot ?? null });
  const deps = createDeps(config, database, { ...(options.now ? { now: options.now } : {}), ...(options.log ? { log: options.log } : {}) });
  const app = createApp(deps);
  return { app, deps, database, client: (clientOptions) => new TestClient(app, clientOptions), close };
}

export interface ClientOptions {
  /** The socket address the request comes from (rate limits key on it). */
  ip?: string;
  locale?: string;
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Sends requests through `app.request()` like the PWA does: same origin, JSON, cookies kept. */
let clientCount = 0;

export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Each client is its own person on its own address unless a test says otherwise. */
  private readonly ip: string;

  constructor(
    private readonly app: Upstream,
    private readonly options: ClientOptions = {},
  ) {
    clientCount += 1;
    this.ip = options.ip ?? `10.${(clientCount >> 16) & 255}.${(clientCount >> 8) & 255}.${clientCount & 255}`;
  }

  async request<T = Record<string, unknown>>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers } };
    if (body instanceof FormData) {
      init.body = body; // the multipart boundary header comes from the body itself
    } else if (body instanceof Uint8Array) {
      init.body = body as Uint8Array<ArrayBuffer>; // a file's bytes, as an upload sends them
      init.headers['content-type'] ??= 'application/octet-stream';
    } else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers['content-type'] ??= 'application/json';
    }
    const response = await this.fetch(url, init);
    // A live-updates stream never ends by itself: its status and headers are the answer.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, headers: response.headers, body: null as T };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (static files): keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  /**
   * `fetch` as the PWA calls it (same-origin paths, the browser's cookie jar), answered by the
   * app: the sync engine's tests hand it to the engine in place of the network.
   */
  fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : new URL(input.url).pathname;
    const headers: Record<string, string> = { origin: 'http://localhost', host: 'localhost', ...Object.fromEntries(new Headers(init.headers).entries()) };
    if (this.options.locale) headers['accept-language'] = this.options.locale;
    // A header set to '' is removed: a server-to-server call (a payment webhook) sends no Origin.
    for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const env = { incoming: { socket: { remoteAddress: this.ip } } };
    const response = await this.app.request(`http://localhost${url}`, { ...init, headers }, env as never);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  };

  get = <T = Record<string, unknown>>(url: string, headers?: Record<string, string>) => this.request<T>('GET', url, undefined, headers);
  post = <T = Record<string, unknown>>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', url, body, headers);
  put = <T = Record<string, unknown>>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', url, body, headers);
  delete = <T = Record<string, unknown>>(url: string, headers?: Record<string, string>) => this.request<T>('DELETE', url, undefined, headers);
}
