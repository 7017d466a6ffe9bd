import type { StaffUserSummary } from '#api/services/staff-contract.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';

/** GET /api/teacher-admin/users: every user the professional may manage. */
export function useStaffUsers() {
  const { data, ...rest } = useOnlineResource<{ users: StaffUserSummary[] }>('/teacher-admin/users');
  return { users: data?.users ?? null, ...rest };
}
