// `npm run db:copy -- --to postgres://… [--from FILE]`: copies the SQLite database into an empty
// PostgreSQL database and verifies it (api/src/db/copy-to-postgres.ts, ADR 031 "Moving over").
// Runs the built copy command, as `npm start` runs the built server: building first when stale.
import { pathToFileURL } from 'node:url';
import { ensureFreshBuild } from './fresh-build.mjs';

const command = await ensureFreshBuild('dist/server/db-copy.js');
await import(pathToFileURL(command).href);
