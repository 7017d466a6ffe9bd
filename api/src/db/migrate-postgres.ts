/**
 * The PostgreSQL migrations (api/drizzle-pg, derived from the SQLite schema: ADR 031), applied at
 * start under an advisory lock: of several instances starting together, one migrates (and does
 * the start's one-time work) while the others wait, then find nothing left to do. A database a newer version of the code migrated is
 * refused, as on SQLite.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { DatabaseTooNewError } from './migrate.ts';

export const POSTGRES_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle-pg', import.meta.url));

/** The advisory lock's key: any constant the app's other locks do not use. */
const MIGRATION_LOCK = 4_900_049;

interface Journal {
  entries: { when: number }[];
}

/** Where the database is, without its password: for messages. */
export function describeUrl(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || '5432'}${pathname}`;
  } catch {
    return 'the DATABASE_URL';
  }
}

export async function applyPostgresMigrations(url: string, folder = POSTGRES_MIGRATIONS_FOLDER): Promise<void> {
  await migrateThen(url, folder, async () => {});
}

/**
 * Migrates, then runs `startUp` (the start's one-time work: the demo seed, the first admin) with
 * the lock still held: an instance starting beside another finds that work done, never half done.
 */
export async function migrateThen<T>(url: string, folder: string, startUp: () => Promise<T>): Promise<T> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const known = Math.max(0, ...journal.entries.map((entry) => entry.when));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { rows: table } = await client.query<{ name: string | null }>("SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name");
    if (table[0]?.name) {
      const { rows } = await client.query<{ latest: string | null }>('SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations');
      const latest = rows[0]?.latest;
      if (latest !== null && latest !== undefined && Number(latest) > known) throw new DatabaseTooNewError(describeUrl(url), Number(latest), known);
    }
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    return await startUp();
  } finally {
    // Ending the session releases the lock too; unlocking first lets a waiting instance go on at once.
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
