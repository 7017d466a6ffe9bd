/**
 * A database of its own for each test file, in the run's cluster (postgres-global-setup.ts):
 * files run in parallel and never see each other's tables.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

async function asSuperuser<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(): Promise<PostgresDatabase> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) throw new Error('No PostgreSQL cluster: api/test/postgres-global-setup.ts runs for the api project only');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await asSuperuser(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropping: Promise<void> | undefined;
  return {
    url: url.toString(),
    // FORCE ends the connections a pool left open, which would otherwise block the drop.
    drop: () => (dropping ??= asSuperuser(serverUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))),
  };
}
