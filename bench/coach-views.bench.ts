/**
 * The coach's views at scale (issue 22, part 3), as a ratio measured in one run: "who needs
 * attention" for an admin over 1,000 clients, each with 90 days of weigh-ins, 30 tracked days, a
 * check-in and a device, against bare reads of the same rows (what the view cannot avoid
 * reading). Its own work (the trend, the figures, the plan) must stay within a small multiple of
 * that: a query per weigh-in, or another pass over them, would show here. Measured at 2.9× (about
 * 220 ms against 75 ms on this machine), most of it the trend's dates (ISO instants, as the shared
 * rule takes them, parsed twice). Loaded on demand (the teacher's students tab, the admin's
 * button), never at a poke.
 */
import { it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createSqliteTestApp } from '../api/test/harness.ts';
import { createUser } from '../api/test/factories.ts';
import { interleaved, report } from './report.ts';
import { userCopier } from './lib/copy-user.ts';

const CLIENTS = 1_000;
const DAY_MS = 86_400_000;

it('coach views', async () => {
  const t = await createSqliteTestApp();
  const { deps, database } = t;
  const { sqlite } = database;
  const admin = (await createUser(deps, { role: 'admin' })).user;
  const template = (await createUser(deps)).user;

  const copyUser = userCopier(sqlite, template.id);
  const weighIn = sqlite.prepare("INSERT INTO weight_records (id, user_id, weight, notes, created_at, deleted_at, version, hlcs) VALUES (?, ?, ?, NULL, ?, NULL, ?, '{}')");
  const tracked = sqlite.prepare("INSERT INTO daily_progress (user_id, local_date, workout_completed, diet_followed, mood, energy, is_completed, hlcs, version, updated_at) VALUES (?, ?, 1, 1, 3, 3, 1, '{}', ?, ?)");
  const checkIn = sqlite.prepare(
    "INSERT INTO check_ins (id, user_id, week, created_at, weight, diet_adherence, workout_adherence, hunger, sleep, stress, energy, note, answers, version) VALUES (?, ?, ?, ?, 80, 4, 4, 3, 3, 3, 3, NULL, '[]', ?)",
  );
  const device = sqlite.prepare('INSERT INTO devices (id, user_id, last_seq, created_at, last_seen_at) VALUES (?, ?, 0, ?, ?)');
  const now = deps.now();
  let version = 1e9;
  sqlite.transaction(() => {
    for (let i = 0; i < CLIENTS; i++) {
      const id = uuidv7();
      copyUser(id, `bench-${i}@example.com`);
      for (let day = 0; day < 90; day++) weighIn.run(uuidv7(), id, 90 - day * 0.05, now - day * DAY_MS, ++version);
      for (let day = 0; day < 30; day++) tracked.run(id, new Date(now - day * DAY_MS).toISOString().slice(0, 10), ++version, now);
      checkIn.run(uuidv7(), id, new Date(now - 3 * DAY_MS).toISOString().slice(0, 10), now - 3 * DAY_MS, ++version);
      device.run(`web_${id}`, id, now, now - DAY_MS);
    }
  })();
  const coach = { id: admin.id, role: 'admin' as const };

  const bare = {
    clients: sqlite.prepare("SELECT id FROM users WHERE role = 'user'").raw(),
    weighIns: sqlite.prepare('SELECT weight, created_at FROM weight_records WHERE user_id = ? AND deleted_at IS NULL AND created_at >= ?').raw(),
    days: sqlite.prepare('SELECT local_date FROM daily_progress WHERE user_id = ? AND is_completed = 1 AND local_date >= ?').raw(),
    checkIn: sqlite.prepare('SELECT week, reviewed_at FROM check_ins WHERE user_id = ? ORDER BY week DESC, created_at DESC LIMIT 1').raw(),
    device: sqlite.prepare('SELECT max(last_seen_at) FROM devices WHERE user_id = ?').raw(),
  };
  const since = new Date(now - 30 * DAY_MS).toISOString().slice(0, 10);
  const views = await interleaved(
    15,
    async () => {
      if ((await deps.attention.list(coach)).length !== CLIENTS + 1) throw new Error('attention: every client expected');
    },
    () => {
      let rows = 0;
      for (const [id] of bare.clients.all() as [string][]) {
        rows += bare.weighIns.all(id, now - 90 * DAY_MS).length + bare.days.all(id, since).length;
        bare.checkIn.get(id);
        bare.device.get(id);
      }
      if (rows < CLIENTS * 120) throw new Error('bare reads: every row expected');
    },
  );

  report('Coach views (bench/coach-views.bench.ts)', [
    { label: 'attention vs its rows read, 1,000', value: `${views.a.toFixed(1)} ms vs ${views.b.toFixed(1)} ms`, ratio: views.a / views.b, limit: 4, target: '≤ 4×' },
  ]);
  await t.close();
});
