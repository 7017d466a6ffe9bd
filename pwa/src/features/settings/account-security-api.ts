import type { PasswordChangeInput } from '#protocol/schemas/clients.ts';
import { api } from '#pwa/lib/api.ts';

export const ACCOUNT_SESSIONS_PATH = '/clients/me/sessions';

export const accountSecurityApi = {
  revoke: (id: string) => api.delete<{ success: true }>(`/clients/me/sessions/${encodeURIComponent(id)}`),
  revokeOthers: () => api.delete<{ success: true; revokedSessions: number }>('/clients/me/sessions'),
  changePassword: (body: PasswordChangeInput) => api.put<{ success: true; revokedSessions: number }>('/clients/me/password', body),
};
