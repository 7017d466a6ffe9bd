import type { StaffUserSummary } from '#api/services/staff-contract.ts';
import { useAdminResource } from './use-admin-resource.ts';

/** GET /api/teacher-admin/users: every user the professional may manage. */
export function useStaffUsers() {
  const { data, ...rest } = useAdminResource<{ users: StaffUserSummary[] }>('/teacher-admin/users');
  return { users: data?.users ?? null, ...rest };
}
