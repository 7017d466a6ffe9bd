// @vitest-environment node
/**
 * Property test of the sync protocol end to end, on the code users run: three simulated devices
 * of one user (each its own IndexedDB, the PWA's local writes and sync engine) against the real
 * API on one app, through random offline periods, duplicated, reordered and split pushes, lost
 * answers and clocks up to a day wrong; every device converges on the server's state and every
 * change lands exactly once. The histories and their checks: pwa/src/test/sync-histories.ts.
 *
 * `SYNC_PROPERTY_RUNS=300 npx vitest run sync.property` runs the long version.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { provideMutators } from '#protocol/mutations/envelope.ts';
import { LATER_MUTATORS } from '#protocol/mutations/later-mutators.ts';
import { createTestApp, type TestApp } from '../../../api/test/harness.ts';
import { checkHistories, world } from '../test/sync-histories.ts';

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 12);
/** `SYNC_PROPERTY_SEED` replays the histories of a failed run (fast-check prints its seed). */
const SEED = process.env.SYNC_PROPERTY_SEED ? Number(process.env.SYNC_PROPERTY_SEED) : undefined;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
  // As the page does (sync/user-data.ts): the workout's mutators for its writes and replays.
  provideMutators(async () => LATER_MUTATORS);
});
afterAll(() => t.close());

const LIMIT_MS = 60_000 + RUNS * 3_000; // about 0.5–1 s a history here; the long run takes minutes

describe('sync protocol convergence on the PWA engine (property)', () => {
  it(`converges with nothing lost or doubled over ${RUNS} random histories, clocks up to a day wrong`, async () => {
    await checkHistories({ deps: t.deps, browser: () => t.client() }, { runs: RUNS, seed: SEED, timeLimitMs: LIMIT_MS - 10_000 });
  }, LIMIT_MS);
});
