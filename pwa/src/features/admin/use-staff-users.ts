import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';

/** GET /api/teacher-admin/users: every user the professional may manage. */
export function useStaffUsers() {
  const { data, ...rest } = useOnlineResource('staff-users', () => answer(apiClient['teacher-admin'].users.$get()));
  return { users: data?.users ?? null, ...rest };
}
