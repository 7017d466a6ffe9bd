/** The server's start-up: on a database an older version left (ADR 024), an unreachable one, and as one of several instances (ADR 031). */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { DietPlanDto } from '#protocol/contract/plans.ts';
import { bootApp, DatabaseUnreachableError } from './boot.ts';
import { loadConfig } from './config.ts';
import { POSTGRES_MIGRATIONS_FOLDER } from './db/migrate-postgres.ts';
import { createTestApp, MIGRATIONS_FOLDER } from '../test/harness.ts';
import { buildDietInput, signIn } from '../test/factories.ts';
import { createPostgresDatabase } from '../test/postgres.ts';

it('a plan published before translations were stored is translated after the start, which does not wait for it', async () => {
  const before = await createTestApp();
  const admin = before.client();
  await signIn(admin, before.deps, { role: 'admin' });
  const client = before.client();
  const user = await signIn(client, before.deps, { countryCode: 'AR', preferredLanguage: 'es-AR' });
  const { id } = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
  await admin.post(`/api/teacher-admin/diet/${id}/publish`);
  await before.database.sql.run(`UPDATE diet_plans SET translations = '{}' WHERE id = ?`, [id]);
  const { databasePath, databaseUrl } = before.deps.config;
  await before.database.close();

  const env = { NODE_ENV: 'test', DATABASE_PATH: databasePath, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: 'silent' };
  const { deps } = await bootApp(loadConfig(env, { staticRoot: null }), { sqlite: MIGRATIONS_FOLDER, postgres: POSTGRES_MIGRATIONS_FOLDER });
  try {
    await vi.waitFor(async () => expect((await deps.authoring.diets.listFor(user.id))[0]?.translations['es-AR']?.content.meals[0]?.name).toBe('Desayuno'), { timeout: 5_000 });
  } finally {
    await deps.database.close();
    await before.close();
    rmSync(path.dirname(databasePath), { recursive: true, force: true });
  }
});

it('refuses to start on a DATABASE_URL it cannot reach, in one line naming the host and the reason, never the password', async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: `postgres://leve:s3cret@127.0.0.1:${port}/leve`, LOG_LEVEL: 'silent' }, { staticRoot: null });
  const start = bootApp(config, { sqlite: MIGRATIONS_FOLDER, postgres: POSTGRES_MIGRATIONS_FOLDER });
  await expect(start).rejects.toBeInstanceOf(DatabaseUnreachableError);
  const message = await start.catch((error: Error) => error.message);
  expect(message).toContain(`127.0.0.1:${port}/leve`);
  expect(message).toContain('ECONNREFUSED');
  expect(message).not.toContain('s3cret');
  expect(message).not.toContain('\n');
});

it('starts two instances together on an empty PostgreSQL database: one migrates and seeds the demo, the other waits and finds it done', async () => {
  const database = await createPostgresDatabase();
  const config = loadConfig({ NODE_ENV: 'development', DATABASE_URL: database.url, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'silent' }, { staticRoot: null });
  const starts = await Promise.allSettled([1, 2].map(() => bootApp(config, { sqlite: MIGRATIONS_FOLDER, postgres: POSTGRES_MIGRATIONS_FOLDER })));
  try {
    expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'started'))).toEqual(['started', 'started']);
    const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value.deps] : []));
    const emails = await started[0]!.database.sql.all<{ email: string }>("SELECT email FROM users WHERE email = 'client@example.com'");
    expect(emails).toHaveLength(1);
  } finally {
    for (const start of starts) if (start.status === 'fulfilled') await start.value.deps.database.close();
    await database.drop();
  }
});
