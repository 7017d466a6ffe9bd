import type { StaffUserDetail } from '#protocol/contract/staff.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';

/** GET /api/teacher-admin/users/:id: the client with every plan, drafts included. */
export function useStaffUser(id: string | null) {
  const { data, ...rest } = useOnlineResource<{ user: StaffUserDetail }>(id === null ? null : `/teacher-admin/users/${encodeURIComponent(id)}`);
  return { user: data?.user ?? null, ...rest };
}
