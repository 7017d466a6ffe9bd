import { fileURLToPath } from 'node:url';
import { runDbCopy } from './db/copy-command.ts';

// This file sits two levels below the project root both as source (api/src/) and built (dist/server/).
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

process.exitCode = await runDbCopy(
  process.argv.slice(2),
  process.env,
  { out: (line) => process.stdout.write(`${line}\n`), error: (line) => process.stderr.write(`${line}\n`) },
  { migrations: { sqlite: `${projectRoot}api/drizzle`, postgres: `${projectRoot}api/drizzle-pg` } },
);
