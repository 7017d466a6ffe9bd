import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { freePort, startServer } from '../server-process.ts';

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-process-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('SIGTERM stops accepting, closes the database cleanly and exits 0', async () => {
  const database = path.join(dir, 'app.db');
  const server = startServer({ PORT: '3241', DATABASE_PATH: database });
  await expect.poll(async () => (await fetch('http://localhost:3241/api/health').catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('"event":"server.stopped"');
  // Closing the last connection checkpoints the WAL into the main file and removes it.
  expect(existsSync(`${database}-wal`) ? statSync(`${database}-wal`).size : 0).toBe(0);
  const db = new Database(database, { readonly: true });
  expect((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
  // The demo seed's five accounts (README) were written before the stop.
  expect((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(5);
  db.close();
});

test('SIGTERM ends open live-update streams: the server still stops at once and exits 0 (ADR 023)', async () => {
  const server = startServer({ PORT: '3244', DATABASE_PATH: path.join(dir, 'app.db') });
  const base = 'http://localhost:3244';
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
  const login = await fetch(`${base}/api/clients/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: 'client@example.com', password: 'demo12345' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const stream = await fetch(`${base}/api/sync/events`, { headers: { cookie } });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: poke');
  const stoppedAt = Date.now();
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(Date.now() - stoppedAt).toBeLessThan(5_000); // not the 10 s forced exit
  expect(server.output()).toContain('"event":"server.stopped"');
  expect((await reader.read()).done).toBe(true);
});

test('a bad configuration is refused at start, naming each bad variable', async () => {
  const server = startServer({ PORT: 'eighty', DATABASE_PATH: path.join(dir, 'app.db'), SUPPORT_EMAIL: 'not-an-email' });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT must be a whole number');
  expect(server.output()).toContain('SUPPORT_EMAIL must be an e-mail address');
});

test('production refuses to start without APP_SECRET', async () => {
  const server = startServer({ NODE_ENV: 'production', PORT: '3242', DATABASE_PATH: path.join(dir, 'app.db') });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('APP_SECRET is required');
});

test('a database migrated by a newer version is refused at start', async () => {
  const database = path.join(dir, 'app.db');
  const first = startServer({ PORT: '3243', DATABASE_PATH: database });
  await expect.poll(async () => (await fetch('http://localhost:3243/api/health').catch(() => null))?.status, { timeout: 15_000 }).toBe(200);
  first.child.kill('SIGTERM');
  await first.exited;
  const db = new Database(database);
  db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-a-newer-version', Date.UTC(2099, 0, 1));
  db.close();
  const second = startServer({ PORT: '3243', DATABASE_PATH: database });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain('was migrated by a newer version of this app');
});

test('an unreachable DATABASE_URL is refused at start in one line naming the host and the reason, never the password', async () => {
  // A port nothing listens on: the connection is refused.
  const port = await freePort();
  const server = startServer({ PORT: '3244', DATABASE_URL: `postgres://leve:s3cret@127.0.0.1:${port}/leve` });
  expect(await server.exited).toBe(1);
  const lines = server.output().trim().split('\n');
  expect(lines).toEqual([expect.stringContaining(`Cannot reach the database at 127.0.0.1:${port}/leve (DATABASE_URL): ECONNREFUSED`)]);
  expect(server.output()).not.toContain('s3cret');
});
