import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureAdmin, seedDemoData } from './db/demo-seed.ts';
import { applyMigrations, DatabaseTooNewError } from './db/migrate.ts';
import { createDeps } from './deps.ts';

// This file sits two levels below the project root both as source (api/src/) and built (dist/server/).
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

async function main() {
  const config = loadConfig(process.env, { staticRoot: `${projectRoot}dist/pwa` });
  const database = openDatabase(config.databasePath);
  applyMigrations(database, `${projectRoot}api/drizzle`);
  const deps = createDeps(config, database);

  if (config.seedDemoData && (await seedDemoData(deps))) deps.log.info('seed.demo', { accounts: 4 });
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(database.db, config.adminEmail, config.adminPassword, deps.now());
    deps.log.info('seed.admin', { outcome });
  }
  deps.sessions.purgeExpired();

  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    deps.log.info('server.listening', { port: info.port, url: `http://localhost:${info.port}`, paymentsMode: config.paymentsMode });
  });
  server.on('error', (error) => {
    deps.log.error('server.error', { message: error.message });
    process.exit(1);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    deps.log.info('server.stopping', { signal });
    // Stop accepting, let in-flight requests finish, then close the database (checkpoints the WAL).
    const force = setTimeout(() => {
      deps.log.error('server.forced-exit', { afterMs: 10_000 });
      database.close();
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(() => {
      database.close();
      deps.log.info('server.stopped', {});
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseTooNewError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
