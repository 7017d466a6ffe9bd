import type { StaffUserSummary } from '#protocol/contract/staff.ts';
import { dietFreshness, type DietFreshness } from '#protocol/domain/diet-freshness.ts';

/** SPEC §2 admin list headings, in the order shown. */
export const USER_GROUPS = ['upToDate', 'overdue', 'noDiet', 'staff'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

export interface UserRow {
  user: StaffUserSummary;
  /** Null for admins and teachers, who are listed apart and have no diet to keep fresh. */
  freshness: DietFreshness | null;
}

/** Case and accents ignored: 'jose' finds 'José'. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function matchesSearch(user: Pick<StaffUserSummary, 'name' | 'email'>, query: string): boolean {
  const wanted = fold(query.trim());
  return wanted === '' || fold(user.name).includes(wanted) || fold(user.email).includes(wanted);
}

const byName = (a: UserRow, b: UserRow) => a.user.name.localeCompare(b.user.name);

/**
 * The users matching `query`, under the four headings of SPEC §2: admins and teachers under
 * 'staff'; clients by the freshness of their latest published diet on the reader's calendar
 * (SPEC §4, ADR 011). Within a heading the most urgent come first: the diets closest to expiring,
 * the longest overdue; the rest by name.
 */
export function groupUsers(users: readonly StaffUserSummary[], query: string, today: string, timeZone: string): Record<UserGroup, UserRow[]> {
  const groups: Record<UserGroup, UserRow[]> = { upToDate: [], overdue: [], noDiet: [], staff: [] };
  for (const user of users) {
    if (!matchesSearch(user, query)) continue;
    if (user.role === 'admin' || user.role === 'teacher') {
      groups.staff.push({ user, freshness: null });
      continue;
    }
    const freshness = dietFreshness(user.latestDietPublishedAt ? [user.latestDietPublishedAt] : [], today, timeZone);
    groups[freshness.state].push({ user, freshness });
  }
  const remaining = (row: UserRow) => (row.freshness?.state === 'upToDate' ? row.freshness.daysRemaining : 0);
  const overdue = (row: UserRow) => (row.freshness?.state === 'overdue' ? row.freshness.daysOverdue : 0);
  groups.upToDate.sort((a, b) => remaining(a) - remaining(b) || byName(a, b));
  groups.overdue.sort((a, b) => overdue(b) - overdue(a) || byName(a, b));
  groups.noDiet.sort(byName);
  groups.staff.sort(byName);
  return groups;
}
