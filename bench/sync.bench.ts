/**
 * Sync protocol costs, as ratios measured in one run (issue 3):
 * - push of one 1,000-mutation batch vs a bare better-sqlite3 transaction inserting the same rows;
 * - incremental pull of the latest 10 changes for a user with 100,000 historical rows vs one with 100.
 */
import { it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { weightAdd } from '#protocol/mutations/weight-add.ts';
import { createSqliteTestApp } from '../api/test/harness.ts';
import { TestDevice, createUser } from '../api/test/factories.ts';
import { findUserById } from '../api/src/services/clients.ts';
import { interleaved, report } from './report.ts';

it('sync push and pull', async () => {
  const t = await createSqliteTestApp();
  const { deps, database } = t;
  const { user } = await createUser(deps);

  // ── push ──
  const device = new TestDevice();
  const bareInsert = database.sqlite.prepare('INSERT INTO weight_records (id, user_id, weight, notes, created_at, deleted_at, version) VALUES (?, ?, ?, NULL, ?, NULL, ?)');
  let version = 1e9;
  const bare = database.sqlite.transaction((rows: { id: string; weight: number; createdAt: number }[]) => {
    for (const row of rows) bareInsert.run(row.id, user.id, row.weight, row.createdAt, ++version);
  });
  // Batches are built before timing: only the server's work is measured. They are what the route
  // hands the push, parsed from the request's JSON (a batch made in memory holds its ids as
  // concatenated strings, which the first check flattens: a cost no request has).
  // 41 rounds: with 15 the median still moved by ±10% from run to run on this machine (ADR 025).
  const ROUNDS = 41;
  const pushBatches = Array.from({ length: ROUNDS + 1 }, () => JSON.parse(JSON.stringify(Array.from({ length: 1000 }, (_, i) => device.addWeight(60 + (i % 400) / 10)))) as ReturnType<TestDevice['addWeight']>[]);
  const bareBatches = pushBatches.map((batch) => batch.map((m) => ({ id: uuidv7(), weight: m.args.weight, createdAt: Date.now() })));
  const push = await interleaved(
    ROUNDS,
    () => deps.sync.push(user.id, device.deviceId, pushBatches.shift() ?? []),
    () => bare(bareBatches.shift() ?? []),
  );

  // ── pull ──
  const heavy = (await createUser(deps)).user;
  const light = (await createUser(deps)).user;
  const seed = (userId: string, count: number) =>
    database.sql.transaction(async () => {
      for (let i = 0; i < count; i++) {
        const at = Date.UTC(2020, 0, 1) + i * 60_000;
        await deps.mutations.run(userId, weightAdd, { id: uuidv7(at), weight: 70 + (i % 100) / 10, notes: null, createdAt: new Date(at).toISOString() });
      }
    });
  await seed(heavy.id, 100_000);
  await seed(light.id, 100);
  const tenMore = async (userId: string) => {
    const before = await deps.versions.current();
    await seed(userId, 10);
    return before;
  };
  const heavyCursor = await tenMore(heavy.id);
  const lightCursor = await tenMore(light.id);
  const heavyRow = await findUserById(database.sql, heavy.id);
  const lightRow = await findUserById(database.sql, light.id);
  if (!heavyRow || !lightRow) throw new Error('bench users missing');
  const pull = await interleaved(
    31,
    async () => {
      const result = await deps.sync.pull(heavyRow, null, heavyCursor);
      if (result.changes.weightRecords.length !== 10) throw new Error('expected 10 changes');
    },
    async () => {
      const result = await deps.sync.pull(lightRow, null, lightCursor);
      if (result.changes.weightRecords.length !== 10) throw new Error('expected 10 changes');
    },
  );

  report('Sync protocol (bench/sync.bench.ts)', [
    { label: 'push 1,000 vs bare insert', value: `${push.a.toFixed(1)} ms vs ${push.b.toFixed(1)} ms`, ratio: push.a / push.b, limit: 3, target: '≤ 3×' },
    { label: 'pull 10 changes: 100k vs 100 rows', value: `${pull.a.toFixed(3)} ms vs ${pull.b.toFixed(3)} ms`, ratio: pull.a / pull.b, limit: 1.2, target: '≤ 1.2×' },
  ]);
  await t.close();
});
