import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startCluster } from '../../scripts/postgres.mjs';
import { createPostgresDatabase, type PostgresDatabase } from './postgres.ts';

async function query(url: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** The code of the error connecting and querying `url` throws, or null when it works. */
async function connectError(url: string): Promise<string | null> {
  try {
    await query(url, 'SELECT 1');
    return null;
  } catch (error) {
    return String((error as { code?: string }).code);
  }
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('createPostgresDatabase', () => {
  const made: PostgresDatabase[] = [];
  afterAll(() => Promise.all(made.map((db) => db.drop())));
  const create = async () => {
    const db = await createPostgresDatabase();
    made.push(db);
    return db;
  };

  it('makes a database that accepts a connection and a query', async () => {
    const db = await create();
    const { rows } = await query(db.url, 'SELECT version() AS version, current_database() AS name');
    expect(rows[0].version).toContain('PostgreSQL');
    expect(db.url).toMatch(new RegExp(`/${rows[0].name}$`));
  });

  it('makes databases isolated from each other', async () => {
    const [a, b] = await Promise.all([create(), create()]);
    expect(a.url).not.toBe(b.url);
    await query(a.url, 'CREATE TABLE marker (id int)');
    expect((await query(a.url, "SELECT to_regclass('marker') AS t")).rows[0].t).toBe('marker');
    expect((await query(b.url, "SELECT to_regclass('marker') AS t")).rows[0].t).toBeNull();
  });

  it('drops the database, even with a connection still open', async () => {
    const db = await create();
    const name = new URL(db.url).pathname.slice(1);
    const open = new pg.Client({ connectionString: db.url });
    open.on('error', () => {}); // the drop ends this connection
    await open.connect();
    await db.drop();
    await db.drop(); // a second drop is harmless
    const { rowCount } = await query(inject('postgresUrl'), 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    expect(rowCount).toBe(0);
    expect(await connectError(db.url)).toBe('3D000'); // invalid_catalog_name: no such database
    await open.end().catch(() => {});
  });
});

describe('startCluster', () => {
  it('starts a cluster that answers, and stop() ends it and removes its folder', async () => {
    const cluster = await startCluster();
    try {
      expect(cluster.url).toBe(`postgres://leve@127.0.0.1:${cluster.port}/postgres`);
      expect(existsSync(cluster.dir)).toBe(true);
      const { rows } = await query(cluster.url, 'SELECT 1 + 1 AS two');
      expect(rows[0].two).toBe(2);
    } finally {
      await cluster.stop();
    }
    await cluster.stop(); // idempotent
    expect(existsSync(cluster.dir)).toBe(false);
    expect(await connectError(cluster.url)).toBe('ECONNREFUSED');
  });

  it('turns durability off for tests and keeps it when asked for', async () => {
    const [fast, durable] = await Promise.all([startCluster(), startCluster({ durable: true })]);
    try {
      const setting = async (url: string, name: string) => (await query(url, `SHOW ${name}`)).rows[0][name];
      expect([await setting(fast.url, 'fsync'), await setting(fast.url, 'synchronous_commit')]).toEqual(['off', 'off']);
      expect([await setting(durable.url, 'fsync'), await setting(durable.url, 'synchronous_commit')]).toEqual(['on', 'on']);
      expect(await setting(fast.url, 'max_connections')).toBe('200');
    } finally {
      await Promise.all([fast.stop(), durable.stop()]);
    }
  });

  it('stops and removes, at the next start, a cluster whose owner process is gone', async () => {
    const stale = await startCluster();
    let next: Awaited<ReturnType<typeof startCluster>> | undefined;
    try {
      // As if the test run that started it had been killed hard.
      writeFileSync(path.join(stale.dir, 'owner.pid'), String(await deadPid()));
      next = await startCluster();
      expect(existsSync(stale.dir)).toBe(false);
      expect(await connectError(stale.url)).toBe('ECONNREFUSED');
      expect(existsSync(next.dir)).toBe(true); // its own cluster, owned by a live process, stays
    } finally {
      await next?.stop();
      await stale.stop();
    }
  });
});
