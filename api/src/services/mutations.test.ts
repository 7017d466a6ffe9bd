import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressSet } from '#protocol/mutations/progress-set.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';

// 01:30 UTC on 26 November: still the 25th in São Paulo, Buenos Aires and New York.
const NIGHT = Date.parse('2026-11-26T01:30:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NIGHT });
});
afterAll(() => t.close());

describe('mutations run on the server', () => {
  it.each([
    ['BR', '2026-11-25'],
    ['AR', '2026-11-25'],
    ['US', '2026-11-25'],
  ])('a write that names no day lands on the %s client’s own day, not the UTC one', async (countryCode, day) => {
    const { user } = await createUser(t.deps, { countryCode });
    const result = await t.deps.database.sql.transaction(() => t.deps.mutations.run(user.id, progressSet, { field: 'mood', value: 4 }));
    expect(result).toMatchObject({ ok: true, changed: true });
    expect((await t.deps.dailyProgress.day(user.id, day))?.mood).toBe(4);
    expect(await t.deps.dailyProgress.day(user.id, '2026-11-26')).toBeUndefined();
  });
});
