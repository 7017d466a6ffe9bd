/**
 * A database of its own for each test file, in the run's cluster (postgres-global-setup.ts):
 * files run in parallel and never see each other's tables.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, withClient } from '../../scripts/postgres.mjs';

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(): Promise<PostgresDatabase> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) throw new Error('No PostgreSQL cluster: api/test/postgres-global-setup.ts runs for the api project only');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(serverUrl, name);
  let dropping: Promise<void> | undefined;
  return {
    url,
    // FORCE ends the connections a pool left open, which would otherwise block the drop.
    drop: () => (dropping ??= withClient(serverUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))),
  };
}
