import { describe, expect, it } from 'vitest';
import type { StaffUserSummary } from '#protocol/contract/staff.ts';
import { groupUsers, matchesSearch } from './user-groups.ts';

const user = (over: Partial<StaffUserSummary>): StaffUserSummary => ({
  id: over.name ?? 'x',
  name: 'x',
  email: 'x@example.com',
  phone: null,
  role: 'user',
  teacherId: null,
  teacherApprovedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  latestDietPublishedAt: null,
  subscription: null,
  ...over,
});

const today = '2026-11-22';
const zone = 'America/Sao_Paulo';
const names = (rows: { user: StaffUserSummary }[]) => rows.map((row) => row.user.name);

describe('groupUsers', () => {
  const users = [
    user({ name: 'Ana', latestDietPublishedAt: '2026-11-20T15:00:00.000Z' }), // 2 days old: 28 left
    user({ name: 'Bia', latestDietPublishedAt: '2026-10-23T15:00:00.000Z' }), // 30 days old: last valid day
    user({ name: 'Caio', latestDietPublishedAt: '2026-10-22T15:00:00.000Z' }), // 31 days: overdue by 1
    user({ name: 'Duda', latestDietPublishedAt: '2026-09-01T15:00:00.000Z' }), // overdue by 82
    user({ name: 'Eva' }),
    user({ name: 'Prof', role: 'teacher', latestDietPublishedAt: '2026-11-20T15:00:00.000Z' }),
    user({ name: 'Root', role: 'admin' }),
  ];

  it('puts staff under Administradores and clients by the freshness of their latest diet', () => {
    const groups = groupUsers(users, '', today, zone);
    expect(names(groups.upToDate)).toEqual(['Bia', 'Ana']); // closest to expiring first
    expect(groups.upToDate.map((row) => row.freshness)).toEqual([
      { state: 'upToDate', daysRemaining: 0 },
      { state: 'upToDate', daysRemaining: 28 },
    ]);
    expect(names(groups.overdue)).toEqual(['Duda', 'Caio']); // longest overdue first
    expect(groups.overdue[1]?.freshness).toEqual({ state: 'overdue', daysOverdue: 1 });
    expect(names(groups.noDiet)).toEqual(['Eva']);
    expect(names(groups.staff)).toEqual(['Prof', 'Root']);
    expect(groups.staff.every((row) => row.freshness === null)).toBe(true);
  });

  it('counts days on the reader calendar: 02:00 UTC is still the day before in São Paulo', () => {
    const late = [user({ name: 'Late', latestDietPublishedAt: '2026-10-23T02:00:00.000Z' })];
    expect(groupUsers(late, '', today, zone).overdue[0]?.freshness).toEqual({ state: 'overdue', daysOverdue: 1 });
    expect(groupUsers(late, '', today, 'UTC').upToDate[0]?.freshness).toEqual({ state: 'upToDate', daysRemaining: 0 });
  });

  it('keeps only the users whose name or email matches, ignoring case and accents', () => {
    const found = groupUsers([user({ name: 'José Silva', email: 'jose@example.com' }), user({ name: 'Maria', email: 'MARIA@example.com' })], 'JOSE', today, zone);
    expect(names(found.noDiet)).toEqual(['José Silva']);
    expect(matchesSearch({ name: 'Maria', email: 'MARIA@example.com' }, 'maria@ex')).toBe(true);
    expect(matchesSearch({ name: 'Maria', email: 'm@example.com' }, '  ')).toBe(true);
    expect(matchesSearch({ name: 'Maria', email: 'm@example.com' }, 'joão')).toBe(false);
  });
});
