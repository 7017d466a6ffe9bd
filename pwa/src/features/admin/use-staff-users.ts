import type { StaffUserSummary } from '#protocol/contract/staff.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';

/** GET /api/teacher-admin/users: every user the professional may manage. */
export function useStaffUsers() {
  const { data, ...rest } = useOnlineResource<{ users: StaffUserSummary[] }>('/teacher-admin/users');
  return { users: data?.users ?? null, ...rest };
}
