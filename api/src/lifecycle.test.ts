import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { signedIn } from '../test/factories.ts';
import { createLifecycle } from './lifecycle.ts';

describe('what an instance is still doing when it stops (issue 49, graceful shutdown)', () => {
  it('settles at once with no request being handled, and only once the last one ends, however it ends', async () => {
    const lifecycle = createLifecycle();
    await lifecycle.settled();
    let finish!: () => void;
    let fail!: (error: Error) => void;
    const answered = lifecycle.track(() => new Promise<void>((resolve) => (finish = resolve)));
    const refused = lifecycle.track(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    expect(lifecycle.handling).toBe(2);
    let settled = false;
    const waiting = lifecycle.settled().then(() => (settled = true));
    finish();
    await answered;
    expect([lifecycle.handling, settled]).toEqual([1, false]);
    fail(new Error('the handler threw'));
    await expect(refused).rejects.toThrow('the handler threw');
    await waiting;
    expect([lifecycle.handling, settled]).toEqual([0, true]);
  });

  it('counts a weigh-in until it is stored: the database may close once the app has settled, not before', async () => {
    const t = await createTestApp();
    try {
      const { c } = await signedIn(t);
      const answer = c.post('/api/weight-records', { weight: 71.4 });
      // The request enters the app, then waits for the next group commit's turn.
      for (let turn = 0; turn < 100 && t.deps.lifecycle.handling === 0; turn++) await Promise.resolve();
      expect(t.deps.lifecycle.handling).toBe(1);
      await t.deps.lifecycle.settled();
      const stored = await t.database.sql.all<{ weight: number }>('SELECT weight FROM weight_records');
      expect(stored.map((row) => row.weight)).toEqual([71.4]);
      expect((await answer).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
