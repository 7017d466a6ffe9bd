/** Diet and workout plans as clients receive them (SPEC §3), in pulls and in the staff's views; the plans on sale. */
import type { DietContent, DietTextField, WorkoutContent, WorkoutTextField } from '../domain/plan-content.ts';
import type { CurrencyCode, PlanId } from '../domain/plans.ts';
import type { Locale } from '../i18n/locales.ts';

/** A plan in one more language, made when it is published (ADR 024). */
/** A plan's short texts outside its structure: a diet's objective, a workout's duration and frequency. */
export interface PlanDetails {
  objective?: string | null;
  duration?: string | null;
  frequency?: string | null;
}

export interface PlanTranslation<Content> {
  title: string;
  description: string | null;
  content: Content;
  /** Absent from translations stored before details were translated. */
  details?: PlanDetails;
  /** False when some texts stayed as the author wrote them (no model, and not in the catalog). */
  complete: boolean;
}
export type PlanTranslations<Content> = Partial<Record<Locale, PlanTranslation<Content>>>;

export type PlanStatus = 'draft' | 'published';

export interface DietPlanDto {
  id: string;
  title: string;
  description: string | null;
  objective: string | null;
  status: PlanStatus;
  dailyCalories: number | null;
  macros: string | null;
  meals: string | null;
  weeklyMenu: string | null;
  tips: string | null;
  substitutions: string | null;
  /** The texts above as clients read them, structured when the author saved (ADR 024). */
  content: DietContent;
  /** Filled texts that read as nothing: kept as written, shown to the author. */
  unreadable: DietTextField[];
  /** The language the author wrote in; `translations` holds the plan in the other two once published. */
  language: Locale;
  translations: PlanTranslations<DietContent>;
  createdAt: string;
  publishedAt: string | null;
}

export interface WorkoutPlanDto {
  id: string;
  title: string;
  description: string | null;
  status: PlanStatus;
  duration: string | null;
  frequency: string | null;
  weeklySchedule: string | null;
  progressionTips: string | null;
  safetyNotes: string | null;
  /** The texts above as clients read them, structured when the author saved (ADR 024). */
  content: WorkoutContent;
  /** Filled texts that read as nothing: kept as written, shown to the author. */
  unreadable: WorkoutTextField[];
  /** The language the author wrote in; `translations` holds the plan in the other two once published. */
  language: Locale;
  translations: PlanTranslations<WorkoutContent>;
  createdAt: string;
  publishedAt: string | null;
}

/** One plan on sale, priced for the request's locale (GET /api/plans, SPEC §7). */
export interface PlanOffer {
  id: PlanId;
  displayKey: string;
  durationMonths: number;
  /** Minor units. */
  price: number;
  originalPrice: number | null;
  currency: CurrencyCode;
  mostPopular: boolean;
  features: readonly string[];
  paymentLink: string | null;
  /** Paid at a provider's checkout through an order (issue 18), rather than the static link. */
  checkout: boolean;
  /** Payable by PIX without leaving the app (reais through Mercado Pago). */
  pix: boolean;
}

/** Where "Gerenciar Cobrança" sends a client (SPEC §2). */
export interface Support {
  whatsapp: string | null;
  email: string | null;
}
