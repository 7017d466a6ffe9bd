/** The server's start-up on a database an older version left (ADR 024). */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { DietPlanDto } from '#protocol/contract/plans.ts';
import { bootApp } from './boot.ts';
import { loadConfig } from './config.ts';
import { createTestApp, MIGRATIONS_FOLDER } from '../test/harness.ts';
import { buildDietInput, signIn } from '../test/factories.ts';

it('a plan published before translations were stored is translated after the start, which does not wait for it', async () => {
  const before = await createTestApp();
  const admin = before.client();
  await signIn(admin, before.deps, { role: 'admin' });
  const client = before.client();
  const user = await signIn(client, before.deps, { countryCode: 'AR', preferredLanguage: 'es-AR' });
  const { id } = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
  await admin.post(`/api/teacher-admin/diet/${id}/publish`);
  await before.database.sql.run(`UPDATE diet_plans SET translations = '{}' WHERE id = ?`, [id]);
  const { databasePath } = before.deps.config;
  await before.database.close();

  const { deps } = await bootApp(loadConfig({ NODE_ENV: 'test', DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }, { staticRoot: null }), MIGRATIONS_FOLDER);
  try {
    await vi.waitFor(async () => expect((await deps.authoring.diets.listFor(user.id))[0]?.translations['es-AR']?.content.meals[0]?.name).toBe('Desayuno'), { timeout: 5_000 });
  } finally {
    await deps.database.close();
    rmSync(path.dirname(databasePath), { recursive: true, force: true });
  }
});
