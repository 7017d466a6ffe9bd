import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { answer, apiClient, byId } from '#pwa/lib/api.ts';

/** GET /api/teacher-admin/users/:id: the client with every plan, drafts included. */
export function useStaffUser(id: string | null) {
  const { data, ...rest } = useOnlineResource(id, () => answer(apiClient['teacher-admin'].users[':id'].$get(byId(id ?? ''))));
  return { user: data?.user ?? null, ...rest };
}
