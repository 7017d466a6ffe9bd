/** The client as every response and every pull shows it (SPEC §3): never the password hash or any secret. */
import { weekdayOf, type Weekday } from '../domain/check-ins.ts';
import type { CountryCode, Role } from '../domain/client-enums.ts';
import type { UnitSystem } from '../domain/units.ts';
import type { NoticeChoicesChange, WallTime } from '../domain/notice-choices.ts';
import type { Locale } from '../i18n/locales.ts';

/**
 * The id of the page's `<script type="application/json">` block in which the server names the
 * signed-in client (`{ client: ClientDto }`, api/src/app.ts), read by the PWA's session store.
 */
export const SIGNED_IN_CLIENT_ELEMENT_ID = 'signed-in-client';

/** What the dashboard greets a client by: the first word of their name. */
export const greetingName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The client's name in the signed-in screen the build renders to HTML (ADR 026): one word, so that
 * it is its own greeting name, which the server replaces with the signed-in client's.
 */
export const PRERENDERED_CLIENT_NAME = 'Prerenderedclientname';

export interface ClientDto {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  birthDate: string | null;
  gender: string | null;
  height: number | null;
  /** The latest record's weight, else the registration weight (ADR 018). */
  currentWeight: number | null;
  /** The weight given at registration: the starting point of progress (ADR 018). */
  startingWeight: number | null;
  targetWeight: number | null;
  activityLevel: string | null;
  goalType: string | null;
  weeklyWeightGoal: number | null;
  timeFrame: string | null;
  motivation: string | null;
  previousAttempts: string | null;
  highestWeight: number | null;
  lowestWeight: number | null;
  dietaryRestrictions: string[];
  medicalConditions: string[];
  countryCode: CountryCode;
  preferredLanguage: Locale;
  unitSystem: UnitSystem;
  role: Role;
  createdAt: string;
  /** The weekday of the client's check-in (issue 22): the day they registered unless their coach chose another. */
  checkInDay: Weekday;
  /** When the client's consent for health data was given (issue 22, part 4); null without one. */
  healthConsentAt: string | null;
  /** Their teacher's own check-in questions (issue 22), as the teacher wrote them; none without a teacher. */
  checkInQuestions: string[];
  /**
   * What they chose to be told, by push and by e-mail, over each kind's default (issue 50, ADR
   * 032): `noticeChoicesOf` reads them all. The defaults stay out of the app's first load.
   */
  notices: NoticeChoicesChange;
  /** Their IANA zone; null until their device or Settings set it, when their country's home zone stands in. */
  timeZone: string | null;
  /** The weigh-in reminder's time and weekdays (0 Sunday … 6 Saturday) in their zone; null for the defaults. */
  weighInTime: WallTime | null;
  weighInDays: Weekday[] | null;
  /** Quiet hours: a notice due between them waits until they end; null for the defaults. */
  quietStart: WallTime | null;
  quietEnd: WallTime | null;
}

/**
 * A Brazilian client in pt-BR and metric units who has answered nothing else: every optional
 * answer blank. The build renders the signed-in screens for one (pwa/src/prerender.tsx); the
 * tests build theirs from it.
 */
export const clientWithNoAnswers = (identity: Pick<ClientDto, 'id' | 'name' | 'email' | 'createdAt'>): ClientDto => ({
  ...identity,
  phone: null,
  birthDate: null,
  gender: null,
  height: null,
  currentWeight: null,
  startingWeight: null,
  targetWeight: null,
  activityLevel: null,
  goalType: null,
  weeklyWeightGoal: null,
  timeFrame: null,
  healthConsentAt: null,
  motivation: null,
  previousAttempts: null,
  highestWeight: null,
  lowestWeight: null,
  dietaryRestrictions: [],
  medicalConditions: [],
  countryCode: 'BR',
  preferredLanguage: 'pt-BR',
  unitSystem: 'metric',
  role: 'user',
  checkInDay: weekdayOf(identity.createdAt.slice(0, 10)),
  checkInQuestions: [],
  notices: {},
  timeZone: null,
  weighInTime: null,
  weighInDays: null,
  quietStart: null,
  quietEnd: null,
});

/** The profile as pulled: the client's fields and the HLC of each field's last write. */
export type ProfileDto = ClientDto & { profileHlcs: Record<string, string> };

/** One signed-in browser of the account (GET /api/clients/me/sessions); the id is a hash, never the token. */
export interface AccountSession {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  current: boolean;
}
