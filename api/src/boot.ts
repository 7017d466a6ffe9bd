import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, type App } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, openPostgresDatabase, type AppDatabase } from './db/client.ts';
import { ensureAdmin, seedDemoData } from './db/demo-seed.ts';
import { applyMigrations } from './db/migrate.ts';
import { describeUrl, migrateThen } from './db/migrate-postgres.ts';
import { installTestHalt, openPostgresWithTestHalt } from './db/test-halt.ts';
import { createDeps } from './deps.ts';
import type { AppDeps } from './deps.ts';

/** Where each database's migrations are: the SQLite ones (api/drizzle) and the PostgreSQL ones (api/drizzle-pg). */
export interface MigrationFolders {
  sqlite: string;
  postgres: string;
}

/** The start failed because the database at DATABASE_URL could not be reached: one line for the operator. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = (cause as { code?: unknown } | null)?.code ?? (cause instanceof Error ? cause.message : String(cause));
    super(`Cannot reach the database at ${describeUrl(url)} (DATABASE_URL): ${String(reason)}. Check that PostgreSQL runs there and accepts this user.`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * Opens the database the configuration names, brings its schema up to date (ADR 031) and runs
 * `startUp` on it: on PostgreSQL under the migrations' lock, so of several instances starting
 * together one does the start's one-time work.
 */
async function openMigrated<T>(config: Config, folders: MigrationFolders, startUp: (database: AppDatabase) => Promise<T>): Promise<T> {
  if (config.databaseUrl === null) {
    const database = openDatabase(config.databasePath);
    applyMigrations(database, folders.sqlite);
    if (config.testHaltOnWeightNote !== null) installTestHalt(database, config.testHaltOnWeightNote);
    return startUp(database);
  }
  const url = config.databaseUrl;
  let reached = false;
  try {
    return await migrateThen(url, folders.postgres, async () => {
      reached = true;
      const note = config.testHaltOnWeightNote;
      return startUp(note === null ? openPostgresDatabase(url) : await openPostgresWithTestHalt(url, note));
    });
  } catch (error) {
    if (!reached && isConnectionFailure(error)) throw new DatabaseUnreachableError(url, error);
    throw error;
  }
}

/** A refused, unresolvable or silent server, or a login PostgreSQL turned down (class 28, 3D: no such database). */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error instanceof Error && /timeout|terminated/i.test(error.message);
  return /^(E[A-Z]+|08...|28...|3D000|57P03|53300)$/.test(code);
}

/**
 * The server's start-up, shared with the load benchmark's server: opens the database (SQLite at
 * DATABASE_PATH, or PostgreSQL at DATABASE_URL), applies the migrations, builds the services, structures plans stored before ADR 024, seeds the demo or first
 * admin when asked, drops expired sessions, starts the background translation of plans, and
 * composes the app.
 */
export async function bootApp(config: Config, folders: MigrationFolders): Promise<{ app: App; deps: AppDeps }> {
  const deps = await openMigrated(config, folders, async (database) => {
    const deps = createDeps(config, database);
    // Plans stored before their texts were structured on save (ADR 024): structured once, here.
    const structured = await deps.authoring.structureOlderPlans();
    if (structured > 0) deps.log.info('plans.structured', { plans: structured });
    if (config.seedDemoData) {
      const accounts = await seedDemoData(deps);
      if (accounts > 0) deps.log.info('seed.demo', { accounts });
    }
    if (config.adminEmail && config.adminPassword) {
      const outcome = await ensureAdmin(database.sql, config.adminEmail, config.adminPassword, deps.now());
      deps.log.info('seed.admin', { outcome });
    }
    await deps.sessions.purgeExpired();
    return deps;
  });
  translateInTheBackground(deps);
  sendNoticesInTheBackground(deps);
  return { app: createApp(deps), deps };
}

/** How often each instance looks for notices that fell due: a coach's answer is on the phone within seconds. */
const NOTICE_ROUND_MS = 5_000;
/** How often one of the instances looks for clients missing their next reminder. */
const REMINDER_PASS_MS = 60_000;
const REMINDER_CHUNK = 500;

/**
 * Each instance's scheduler (issue 50, ADR 032): claims the due notices every few seconds and
 * sends them, round after round while a backlog lasts; none once a shutdown has begun, whose
 * claims another instance takes over when they run out.
 */
function sendNoticesInTheBackground(deps: AppDeps): void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      // Tracked as a request is: a shutdown closes the database only once the round has ended.
      await deps.lifecycle.track(async () => {
        // Clients with no next reminder get theirs once a minute, by one instance, a chunk of clients
        // at a time with the event loop served between chunks (requests wait for one chunk, not the pass).
        if (await deps.reminders.takePassTurn(REMINDER_PASS_MS)) await deps.reminders.scheduleAllMissing(REMINDER_CHUNK, () => new Promise((resolve) => setImmediate(resolve)), () => deps.lifecycle.stopping);
        while (!deps.lifecycle.stopping && (await deps.noticeDispatcher.tick()) > 0);
      });
    } catch (error) {
      deps.log.error('notices.round-failed', { message: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  void round();
  setInterval(() => void round(), NOTICE_ROUND_MS).unref();
}

const TRANSLATION_ROUND_MS = 10 * 60 * 1000;

/**
 * Published plans with no stored translation (from before migration 0016, or whose translation
 * failed) are translated now and every ten minutes after, without holding up the start: readers
 * in the other languages get them at their next pull (ADR 024).
 */
function translateInTheBackground(deps: AppDeps): void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      const translated = await deps.authoring.translateUntranslated();
      if (translated > 0) deps.log.info('plans.translated', { plans: translated });
    } catch (error) {
      deps.log.error('plans.translation-failed', { message: error instanceof Error ? error.message : String(error) });
    } finally {
      running = false;
    }
  };
  void round();
  setInterval(() => void round(), TRANSLATION_ROUND_MS).unref();
}

/**
 * How long the server keeps an idle keep-alive connection. Behind a proxy or load balancer, the
 * proxy keeps idle connections to the server for reuse, and whichever side closes one first races
 * the other's next request on it: when the server closes first, the proxy may have just sent a
 * request down that connection, and its client gets a 502. So the server waits longer than the
 * proxies in front of it do (AWS ALB's idle timeout is 60 s, nginx's upstream keepalive_timeout
 * 60 s; compose.yaml's Caddy is set to 30 s); Node's default, 5 s, would be the shortest of all.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * How long a request's headers may take, a little above the keep-alive time (the usual pairing):
 * a connection reused after a long idle wait is not cut by the headers timer before the
 * keep-alive one would have closed it.
 */
export const HEADERS_TIMEOUT_MS = 66_000;
/** After the port closes, how long in-flight requests get before the process exits anyway. */
const FORCED_EXIT_AFTER_MS = 10_000;

/**
 * Listens on the configured port. SIGTERM or SIGINT begins a graceful shutdown (issue 49):
 * readiness answers 503 at once and the live-update streams end (their pages reconnect, through
 * the load balancer, to an instance that stays); for SHUTDOWN_DRAIN_SECONDS the server keeps
 * serving, so a load balancer's health check sees the 503 and sends new requests elsewhere; then
 * it stops accepting connections, lets in-flight requests finish, and closes the database once
 * its open transactions have ended (on SQLite this checkpoints the WAL). 10 s after the port
 * closes it gives up waiting and exits 1.
 */
export function serveApp(app: App, deps: AppDeps): void {
  const { config, database } = deps;
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    deps.log.info('server.listening', { port: info.port, url: `http://localhost:${info.port}`, paymentsMode: config.paymentsMode });
  });
  server.on('error', (error) => {
    deps.log.error('server.error', { message: error.message });
    process.exit(1);
  });
  const http1 = server instanceof HttpServer ? server : null;
  if (http1) {
    http1.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    http1.headersTimeout = HEADERS_TIMEOUT_MS;
    // Once stopping, every answer asks its client (the proxy) to close the connection after it:
    // the client's next request opens a connection elsewhere instead of waiting on this one.
    http1.prependListener('request', (_request, response) => {
      if (deps.lifecycle.stopping) response.setHeader('Connection', 'close');
    });
  }

  const stopAccepting = () => {
    const force = setTimeout(() => {
      deps.log.error('server.forced-exit', { afterMs: FORCED_EXIT_AFTER_MS });
      // At once: SQLite rolls back what is open and checkpoints; PostgreSQL's connections end with the process.
      database.sqlite?.close();
      process.exit(1);
    }, FORCED_EXIT_AFTER_MS);
    force.unref();
    // A keep-alive connection busy at the close becomes idle once its answer is out: closed then,
    // not a keep-alive timeout later (server.close closes only the connections idle at the time).
    const sweep = setInterval(() => http1?.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      // Every request still being handled ends first (a write whose client went away is queued
      // for the next group commit); the database then closes once the transactions still open (a
      // background round's) have ended.
      void deps.lifecycle
        .settled()
        .then(() => database.sql.close())
        .then(
          () => {
            deps.log.info('server.stopped', {});
            process.exit(0);
          },
          (error: unknown) => {
            deps.log.error('server.close-failed', { message: error instanceof Error ? error.message : String(error) });
            process.exit(1);
          },
        );
    });
    http1?.closeIdleConnections();
  };

  const shutdown = (signal: string) => {
    if (deps.lifecycle.stopping) return;
    deps.lifecycle.stop();
    deps.log.info('server.stopping', { signal, drainSeconds: config.shutdownDrainSeconds });
    // Live-update streams never end by themselves; their pages reconnect to another instance.
    deps.live.closeAll();
    setTimeout(stopAccepting, config.shutdownDrainSeconds * 1000);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
