// @vitest-environment node
/**
 * The sync property test (pwa/src/test/sync-histories.ts) against two instances of the API on one
 * PostgreSQL database (issue 49, ADR 031): each its own pool, live-updates hub and group commit,
 * and every request of every device goes to the next instance in turn, as behind a round-robin
 * load balancer. So a push lands on one instance and its duplicate, its retry after a lost answer,
 * the device's pull or another device's push on the other; the same properties must hold: every
 * change applied exactly once, every device converged on the server's state.
 *
 * It runs in the `api-postgres` project (TEST_DATABASE=postgres, with the run's cluster):
 * `*.postgres.test.ts` files are left out of the `pwa` project, which starts no cluster.
 * `SYNC_PROPERTY_RUNS` and `SYNC_PROPERTY_SEED` work as for sync.property.test.ts.
 *
 * Devices also sync at the same moment and resend pushes still in flight, so both instances'
 * transactions overlap. That found two faults, both fixed: a push re-stamped from a fast device
 * clock on one instance could get the very stamp its earlier push got on the other (each
 * instance's own HLC; the device row now keeps the last stamp it was given), and two instances'
 * groups of pushes deadlocked, one holding the version counter and waiting for a device's row
 * the other held (the counter is now always taken first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideMutators } from '#protocol/mutations/envelope.ts';
import { LATER_MUTATORS } from '#protocol/mutations/later-mutators.ts';
import { createTestApp, openAnotherInstance, roundRobin, TestClient, type TestApp } from '../../../api/test/harness.ts';
import { checkHistories, world } from '../test/sync-histories.ts';

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 12);
const SEED = process.env.SYNC_PROPERTY_SEED ? Number(process.env.SYNC_PROPERTY_SEED) : undefined;
const LIMIT_MS = 60_000 + RUNS * 5_000;

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ now: () => world.now });
  second = openAnotherInstance(first);
  provideMutators(async () => LATER_MUTATORS);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('sync protocol convergence across two instances on PostgreSQL (property)', () => {
  it(`converges with nothing lost or doubled over ${RUNS} random histories, requests alternating between the instances`, async () => {
    // Two processes' worth of state on one database, not one app twice or SQLite's one connection.
    expect(first.database.sql.dialect).toBe('postgres');
    expect(second.database).not.toBe(first.database);
    const proxy = roundRobin([first.app, second.app]);
    await checkHistories({ deps: first.deps, browser: () => new TestClient(proxy) }, { runs: RUNS, seed: SEED, concurrent: true, timeLimitMs: LIMIT_MS - 10_000 });
    // Each instance answered half the requests (round robin): the histories crossed between them.
    const [toFirst = 0, toSecond = 0] = proxy.served;
    expect(Math.abs(toFirst - toSecond)).toBeLessThanOrEqual(1);
    expect(toFirst).toBeGreaterThan(RUNS * 10);
  }, LIMIT_MS);
});
