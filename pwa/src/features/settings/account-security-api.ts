import type { PasswordChangeInput } from '#protocol/schemas/clients.ts';
import { answer, apiClient, byId } from '#pwa/lib/api.ts';

const sessions = apiClient.clients.me.sessions;

export const accountSecurityApi = {
  sessions: () => answer(sessions.$get()),
  revoke: (id: string) => answer(sessions[':id'].$delete(byId(id))),
  revokeOthers: () => answer(sessions.$delete()),
  changePassword: (body: PasswordChangeInput) => answer(apiClient.clients.me.password.$put({ json: body })),
};
