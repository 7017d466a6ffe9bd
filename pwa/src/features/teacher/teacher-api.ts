import type { CountryCode } from '#protocol/domain/client-enums.ts';
import type { CurrencyCode } from '#protocol/domain/plans.ts';
import { answer, apiClient, byId } from '#pwa/lib/api.ts';

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
export const teacherResources = {
  // The device's zone says where "this month" began for thisMonthCommissions.
  dashboard: () => answer(apiClient.teacher.dashboard.$get({ query: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo' } })),
  students: () => answer(apiClient.teacher.students.$get()),
  referralLinks: () => answer(apiClient.teacher['referral-links'].$get()),
  ledger: () => answer(apiClient.teacher.ledger.$get()),
  payouts: () => answer(apiClient.teacher.payouts.$get()),
  /** The students' threads, unread first (issue 22). */
  threads: () => answer(apiClient.coach.threads.$get()),
  /** The students' check-ins waiting for review (issue 22, part 2). */
  checkIns: () => answer(apiClient.coach['check-ins'].$get({ query: {} })),
  checkInQuestions: () => answer(apiClient.teacher['check-in-questions'].$get()),
  /** Who needs attention (issue 22, part 3), with the students tab. */
  attention: () => answer(apiClient.coach.attention.$get()),
};

/** SPEC §7 teacher calls that change something. */
export const teacherApi = {
  /** 201 with the new teacher's client, and a session cookie as for a client registration. */
  register: (body: TeacherRegistrationBody) => answer(apiClient.teachers.register.$post({ json: body })),
  /** A new key, or null to remove the stored one; the key itself never comes back. */
  setAiKey: (aiKey: string | null) => answer(apiClient.teacher['ai-key'].$put({ json: { aiKey } })),
  updateCode: (linkId: string, code: string) => answer(apiClient.teacher['referral-links'][':id'].$put({ ...byId(linkId), json: { code } })),
  /** The whole available balance of one currency (ADR 013). */
  requestPayout: (currency: CurrencyCode) => answer(apiClient.teacher.payouts.$post({ json: { currency } })),
  /** Blank ones are dropped by the server; the answer is what it kept. */
  setCheckInQuestions: (questions: string[]) => answer(apiClient.teacher['check-in-questions'].$put({ json: { questions } })),
};
