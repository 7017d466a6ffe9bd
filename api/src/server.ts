import { fileURLToPath } from 'node:url';
import { bootApp, DatabaseUnreachableError, serveApp } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseTooNewError } from './db/migrate.ts';

// This file sits two levels below the project root both as source (api/src/) and built (dist/server/).
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

async function main() {
  const config = loadConfig(process.env, { staticRoot: `${projectRoot}dist/pwa` });
  const { app, deps } = await bootApp(config, { sqlite: `${projectRoot}api/drizzle`, postgres: `${projectRoot}api/drizzle-pg` });
  serveApp(app, deps);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseTooNewError || error instanceof DatabaseUnreachableError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
