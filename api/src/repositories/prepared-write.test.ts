import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { dailyProgress } from '../db/schema/index.ts';
import { prepareWrite } from './prepared-write.ts';

describe('prepareWrite', () => {
  it('writes what drizzle’s own prepared statement writes, typed columns encoded by the schema', async () => {
    const t = createTestApp();
    const { user } = await createUser(t.deps);
    const p = (name: string) => sql.placeholder(name);
    const query = t.database.db
      .insert(dailyProgress)
      .values({ userId: p('userId'), localDate: p('localDate'), workoutCompleted: p('workoutCompleted'), dietFollowed: false, mood: 4, energy: 3, isCompleted: false, hlcs: p('hlcs'), version: p('version'), updatedAt: 1 } as never);
    prepareWrite(t.database.sqlite, query).run({ userId: user.id, localDate: '2026-01-01', workoutCompleted: true, hlcs: { workoutCompleted: 'h1' }, version: 7 });
    query.prepare().run({ userId: user.id, localDate: '2026-01-02', workoutCompleted: true, hlcs: { workoutCompleted: 'h1' }, version: 8 });
    const rows = t.database.sqlite.prepare('SELECT local_date, workout_completed, diet_followed, mood, hlcs, version FROM daily_progress WHERE user_id = ? ORDER BY local_date').all(user.id) as Record<string, unknown>[];
    expect(rows.map(({ local_date: _date, version: _version, ...row }) => row)).toEqual([
      { workout_completed: 1, diet_followed: 0, mood: 4, hlcs: '{"workoutCompleted":"h1"}' },
      { workout_completed: 1, diet_followed: 0, mood: 4, hlcs: '{"workoutCompleted":"h1"}' },
    ]);
    t.close();
  });
});
