/** Builders for the wire shapes the PWA's tests store and stub, with overrides (as api/test's factories). */
import { clientWithNoAnswers, type ClientDto, type ProfileDto } from '#protocol/contract/clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import { structureDiet, structureWorkout } from '#protocol/domain/plan-content.ts';

/**
 * A client as the server sends it: every optional answer left blank. With no weigh-in yet, the
 * current weight is the registration weight (ADR 018), so a given `currentWeight` is both.
 */
export const aClient = (overrides: Partial<ClientDto> = {}): ClientDto => ({
  ...clientWithNoAnswers({ id: 'u1', name: 'Ana Cliente', email: 'ana@example.com', createdAt: '2026-01-05T12:00:00.000Z' }),
  startingWeight: overrides.currentWeight ?? null,
  // Consented at registration, as most clients are; a test of its absence overrides it (issue 22, part 4).
  healthConsentAt: '2026-01-05T12:00:00.000Z',
  ...overrides,
});

/** The profile as a pull stores it on the device: the client and each field's last write. */
export const aProfile = (overrides: Partial<ProfileDto> = {}): ProfileDto => ({ ...aClient(overrides), profileHlcs: {}, ...overrides });

/** A diet as the server sends it: its texts and, unless given, their structure as the server stores it (ADR 024). */
export function aDietPlan(overrides: Partial<DietPlanDto> = {}): DietPlanDto {
  const texts = { meals: 'Café da manhã (07:00 - 350 kcal)\nAlimentos: Ovos, Pão integral', macros: null, weeklyMenu: null, tips: null, substitutions: null, ...overrides };
  return {
    id: 'diet-1',
    title: 'Dieta de outubro',
    description: null,
    objective: null,
    status: 'published',
    dailyCalories: null,
    ...texts,
    ...structureDiet(texts),
    language: 'pt-BR',
    translations: {},
    createdAt: '2026-10-01T12:00:00.000Z',
    publishedAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  };
}

/** A workout as the server sends it, structured as `aDietPlan`. */
export function aWorkoutPlan(overrides: Partial<WorkoutPlanDto> = {}): WorkoutPlanDto {
  const texts = { weeklySchedule: 'Segunda-feira: Agachamento 3x12', progressionTips: null, safetyNotes: null, ...overrides };
  return {
    id: 'workout-1',
    title: 'Treino de outubro',
    description: null,
    status: 'published',
    duration: null,
    frequency: null,
    ...texts,
    ...structureWorkout(texts),
    language: 'pt-BR',
    translations: {},
    createdAt: '2026-10-01T12:00:00.000Z',
    publishedAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid quarterly plan that began yesterday and has 80 days left: the content is open (SPEC §4). */
export function aPaidSubscription(overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    id: '0193a1b2-0000-7000-8000-0000000000c1',
    planId: 'quarterly',
    price: 8990,
    currencyCode: 'BRL',
    status: 'active',
    startDate: new Date(Date.now() - DAY_MS).toISOString(),
    endDate: new Date(Date.now() + 80 * DAY_MS).toISOString(),
    isTrial: false,
    daysRemaining: 80,
    ...overrides,
  };
}
