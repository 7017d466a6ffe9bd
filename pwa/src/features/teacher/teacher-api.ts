import type { ClientDto } from '#protocol/contract/clients.ts';
import type { CountryCode } from '#protocol/domain/client-enums.ts';
import type { Payout, ReferralLink } from '#protocol/contract/teacher.ts';
import { api } from '#pwa/lib/api.ts';

/** What the registration form sends (SPEC §2 /professor-cadastro); optional fields left out when blank. */
export interface TeacherRegistrationBody {
  name: string;
  email: string;
  phone: string;
  countryCode: CountryCode;
  /** Brazil's tax number, digits only; Argentina's is `cuit`, the US asks none (issue 17). */
  cpf?: string;
  cuit?: string;
  password: string;
  confirmPassword: string;
  expertise?: string;
  bio?: string;
  aiKey?: string;
}

/** The GETs of the dashboard (SPEC §7): the overview at once, the other four when their tab first opens. */
export const TEACHER_PATHS = {
  // The device's zone says where "this month" began for thisMonthCommissions.
  dashboard: `/teacher/dashboard?timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo')}`,
  students: '/teacher/students',
  referralLinks: '/teacher/referral-links',
  ledger: '/teacher/ledger',
  payouts: '/teacher/payouts',
} as const;

/** SPEC §7 teacher calls that change something. */
export const teacherApi = {
  /** 201 with the new teacher's client, and a session cookie as for a client registration. */
  register: (body: TeacherRegistrationBody) => api.post<{ client: ClientDto }>('/teachers/register', body),
  /** A new key, or null to remove the stored one; the key itself never comes back. */
  setAiKey: (aiKey: string | null) => api.put<{ hasAiKey: boolean }>('/teacher/ai-key', { aiKey }),
  updateCode: (linkId: string, code: string) => api.put<{ referralLink: ReferralLink }>(`/teacher/referral-links/${encodeURIComponent(linkId)}`, { code }),
  /** The whole available balance of one currency (ADR 013). */
  requestPayout: (currency: string) => api.post<{ payout: Payout }>('/teacher/payouts', { currency }),
};
