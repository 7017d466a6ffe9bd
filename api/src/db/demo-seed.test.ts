import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { DEMO_PASSWORD, ensureAdmin, seedDemoData } from './demo-seed.ts';
import { subscriptions } from './schema/index.ts';
import { tableRows } from './sql/table-rows.ts';
import { findUserByEmail, findUserById, userRows } from '../services/clients.ts';
import { parseWeeklySchedule } from '#protocol/domain/workout-schedule.ts';
import type { PullResult } from '#protocol/contract/sync.ts';
import type { LedgerEntry, Payout, TeacherDashboard } from '#protocol/contract/teacher.ts';

let t: TestApp;
afterEach(() => t.close());

const allUsers = async () => (await t.database.sql.all<Record<string, unknown>>('SELECT * FROM users')).map(userRows.decode);

describe('demo seed', () => {
  it('seeds the five demo accounts into an empty database, once', async () => {
    t = await createTestApp();
    expect(await seedDemoData(t.deps)).toBe(5); // the count start-up logs
    expect(await seedDemoData(t.deps)).toBe(0);
    const rows = await allUsers();
    expect(rows.map((u) => [u.email, u.role]).sort()).toEqual([
      ['admin@example.com', 'admin'],
      ['client@example.com', 'user'],
      ['new@example.com', 'user'],
      ['student@example.com', 'user'],
      ['teacher@example.com', 'teacher'],
    ]);
    // The teacher's students; the new client has no teacher yet.
    const teacherId = rows.find((u) => u.role === 'teacher')?.id;
    expect(rows.filter((u) => u.teacherId === teacherId).map((u) => u.email).sort()).toEqual(['client@example.com', 'student@example.com']);
    for (const row of rows) expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
    const client = rows.find((u) => u.email === 'client@example.com');
    expect(client).toMatchObject({ birthDate: '1990-05-14', gender: 'female', activityLevel: 'light', dietaryRestrictions: ['lactoseFree'] });
    const c = t.client();
    const login = await c.post('/api/clients/login', { email: 'client@example.com', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    // The demo client's content: eight weeks of weigh-ins, a published diet and workout, two notifications.
    const { body } = await c.get<PullResult>('/api/sync/pull?cursor=0');
    expect(body.changes.weightRecords).toHaveLength(24);
    const dates = body.changes.weightRecords.map((r) => Date.parse(r.createdAt));
    expect((Math.max(...dates) - Math.min(...dates)) / (24 * 3600 * 1000)).toBeGreaterThan(50);
    expect(body.changes.diets).toEqual([expect.objectContaining({ status: 'published', dailyCalories: 1650 })]);
    expect(body.changes.workouts).toEqual([expect.objectContaining({ status: 'published' })]);
    expect(parseWeeklySchedule((body.changes.workouts[0] as { weeklySchedule: string }).weeklySchedule).map((d) => d.weekday)).toEqual([1, 3, 5]);
    expect(body.changes.notifications.map((n) => n.type).sort()).toEqual(['diet_published', 'workout_published']);

    // The teacher earned 70% of both quarterly plans and has asked for it: one pending payout, nothing left to ask.
    const teacher = t.client();
    expect((await teacher.post('/api/clients/login', { email: 'teacher@example.com', password: DEMO_PASSWORD })).status).toBe(200);
    const { ledger } = (await teacher.get<{ ledger: LedgerEntry[] }>('/api/teacher/ledger')).body;
    expect(ledger.map((e) => [e.studentName, e.currency, e.status])).toEqual([
      [expect.any(String), 'BRL', 'pending'],
      [expect.any(String), 'BRL', 'pending'],
    ]);
    const { payouts } = (await teacher.get<{ payouts: Payout[] }>('/api/teacher/payouts')).body;
    expect(payouts).toEqual([expect.objectContaining({ status: 'pending', currency: 'BRL', amount: ledger[0]!.amount + ledger[1]!.amount })]);
    expect((await teacher.get<TeacherDashboard>('/api/teacher/dashboard')).body.availableToWithdraw).toEqual([]);
  });

  it('holds what the README\'s demo table says of each account', async () => {
    const now = Date.parse('2026-11-23T15:00:00.000Z');
    t = await createTestApp({ now: () => now });
    await seedDemoData(t.deps);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = [...(readme.split('## Demo accounts')[1]?.split('\n## ')[0] ?? '').matchAll(/^\| (\S+@example\.com) \| (\w+) \|/gm)].map((m) => [m[1], m[2] === 'client' ? 'user' : m[2]]);
    const rows = await allUsers();
    expect(rows.map((u) => [u.email, u.role]).sort()).toEqual(table.sort());

    const byEmail = (email: string) => rows.find((u) => u.email === email)!;
    const subscriptionRows = tableRows(subscriptions);
    const plansOf = async (email: string) => (await t.database.sql.all<Record<string, unknown>>('SELECT * FROM subscriptions WHERE user_id = ?', [byEmail(email).id])).map(subscriptionRows.decode);
    // "a client who just registered": today, no plan yet, and the 24-hour trial at first sign-in.
    expect(byEmail('new@example.com').createdAt).toBe(now);
    expect(await plansOf('new@example.com')).toEqual([]);
    const newcomer = t.client();
    expect((await newcomer.post('/api/clients/login', { email: 'new@example.com', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await newcomer.post('/api/subscriptions/trial', {})).status).toBeLessThan(300);
    // The paid quarterly plans of the teacher's two students; Sofia, vegetarian and hypertensive, has no content yet.
    for (const email of ['client@example.com', 'student@example.com']) expect(await plansOf(email)).toEqual([expect.objectContaining({ planId: 'quarterly', status: 'active', currency: 'BRL', price: expect.any(Number) })]);
    expect((await plansOf('student@example.com'))[0]!.price).toBeGreaterThan(0);
    expect(byEmail('student@example.com')).toMatchObject({ dietaryRestrictions: ['vegetarian'], medicalConditions: ['hypertension'] });
    const student = t.client();
    await student.post('/api/clients/login', { email: 'student@example.com', password: DEMO_PASSWORD });
    const { body } = await student.get<PullResult>('/api/sync/pull?cursor=0');
    expect([body.changes.diets, body.changes.workouts]).toEqual([[], []]);
  });

  it('leaves a database that already has accounts alone', async () => {
    t = await createTestApp();
    await createUser(t.deps);
    expect(await seedDemoData(t.deps)).toBe(0);
    expect(await allUsers()).toHaveLength(1);
  });
});

describe('first admin from ADMIN_EMAIL + ADMIN_PASSWORD', () => {
  it('creates the admin when missing and never overwrites a password', async () => {
    t = await createTestApp();
    expect(await ensureAdmin(t.database.sql, 'root@example.com', 'a-long-passphrase', Date.now())).toBe('created');
    expect(await ensureAdmin(t.database.sql, 'root@example.com', 'another-passphrase', Date.now())).toBe('unchanged');
    const admin = await findUserByEmail(t.database.sql, 'root@example.com');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'a-long-passphrase')).toBe(true);
  });

  it('promotes an existing account', async () => {
    t = await createTestApp();
    const { user } = await createUser(t.deps);
    expect(await ensureAdmin(t.database.sql, user.email, 'whatever-passphrase', Date.now())).toBe('promoted');
    expect((await findUserById(t.database.sql, user.id))?.role).toBe('admin');
  });
});
