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
 * `SYNC_PROPERTY_CONCURRENT=1` adds moments when every device syncs at once and pushes resent
 * while still in flight, so both instances' transactions overlap. It is off by default because it
 * fails today: a push stamped from a device clock running fast gets the instance's own HLC
 * (ADR 007), each instance has its own clock and both call themselves `server`, so a device's
 * later change can get a stamp equal to its earlier one's from the other instance and lose to it
 * (`SYNC_PROPERTY_CONCURRENT=1 SYNC_PROPERTY_SEED=-1308357589 SYNC_PROPERTY_RUNS=14`: energy 2
 * set after energy 1 on one device, the day keeps 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideMutators } from '#protocol/mutations/envelope.ts';
import { LATER_MUTATORS } from '#protocol/mutations/later-mutators.ts';
import { createTestApp, openAnotherInstance, roundRobin, TestClient, type TestApp } from '../../../api/test/harness.ts';
import { checkHistories, world } from '../test/sync-histories.ts';

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 12);
const SEED = process.env.SYNC_PROPERTY_SEED ? Number(process.env.SYNC_PROPERTY_SEED) : undefined;
const CONCURRENT = process.env.SYNC_PROPERTY_CONCURRENT === '1';
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
    await checkHistories({ deps: first.deps, browser: () => new TestClient(proxy) }, { runs: RUNS, seed: SEED, concurrent: CONCURRENT, timeLimitMs: LIMIT_MS - 10_000 });
    // Each instance answered half the requests (round robin): the histories crossed between them.
    const [toFirst = 0, toSecond = 0] = proxy.served;
    expect(Math.abs(toFirst - toSecond)).toBeLessThanOrEqual(1);
    expect(toFirst).toBeGreaterThan(RUNS * 10);
  }, LIMIT_MS);
});
