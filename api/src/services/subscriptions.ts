/**
 * Plans bought and the 24-hour trial (SPEC §3, §4). The server decides price and dates from the
 * plan; nothing the client claims about them is used. Activation of a paid plan also republishes
 * the user's diets and workouts to sync, since the content gate just opened.
 */
import type Database from 'better-sqlite3';
import { uuidv7 } from '#protocol/ids.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { CURRENCY_BY_LOCALE, PLAN_PRICING, planEnd, TRIAL_MS, type PlanId } from '#protocol/domain/plans.ts';
import { contentGate, daysRemaining, subscriptionStatus, type Gate } from '#protocol/domain/subscription-time.ts';
import { DomainError } from '#protocol/errors.ts';
import { homeTimeZone } from './daily-progress.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';

interface SubscriptionRaw {
  id: string;
  user_id: string;
  plan_id: string;
  price: number;
  currency: string;
  status: 'active' | 'inactive';
  start_date: number;
  end_date: number;
  source: string;
  payment_event_id: string | null;
  created_at: number;
  version: number;
}

export type ActivationSource = 'demo' | 'webhook' | 'admin';

export function createSubscriptions(sqlite: Database.Database, bumpVersion: (userId: string) => number, now: () => number) {
  const forUser = sqlite.prepare<[string], SubscriptionRaw>('SELECT * FROM subscriptions WHERE user_id = ? ORDER BY end_date DESC, created_at DESC');
  // Days remaining are counted in the client's zone (ADR 018); the server knows their country's.
  const countryOf = sqlite.prepare<[string], { country_code: string }>('SELECT country_code FROM users WHERE id = ?');
  const countForUser = sqlite.prepare<[string], { n: number }>('SELECT count(*) AS n FROM subscriptions WHERE user_id = ?');
  const insert = sqlite.prepare(
    `INSERT INTO subscriptions (id, user_id, plan_id, price, currency, status, start_date, end_date, source, payment_event_id, created_at, version)
     VALUES (@id, @userId, @planId, @price, @currency, 'active', @startDate, @endDate, @source, @paymentEventId, @createdAt, @version)`,
  );
  const endEarly = sqlite.prepare("UPDATE subscriptions SET status = 'inactive', end_date = ?, version = ? WHERE id = ?");
  const endRefunded = sqlite.prepare("UPDATE subscriptions SET status = 'inactive', end_date = min(end_date, ?), start_date = min(start_date, ?), version = ? WHERE id = ?");
  const byId = sqlite.prepare<[string], SubscriptionRaw>('SELECT * FROM subscriptions WHERE id = ?');
  const republishDiets = sqlite.prepare<[string], { id: string }>('SELECT id FROM diet_plans WHERE user_id = ?');
  const republishWorkouts = sqlite.prepare<[string], { id: string }>('SELECT id FROM workout_plans WHERE user_id = ?');
  const setDietVersion = sqlite.prepare('UPDATE diet_plans SET version = ? WHERE id = ?');
  const setWorkoutVersion = sqlite.prepare('UPDATE workout_plans SET version = ? WHERE id = ?');

  const toDto = (row: SubscriptionRaw, at: number): SubscriptionDto => {
    const times = { price: row.price, status: row.status, startDate: new Date(row.start_date).toISOString(), endDate: new Date(row.end_date).toISOString() };
    return {
      id: row.id,
      planId: row.plan_id as SubscriptionDto['planId'],
      price: row.price,
      currencyCode: row.currency,
      status: subscriptionStatus(times, at),
      startDate: times.startDate,
      endDate: times.endDate,
      isTrial: row.price === 0,
      daysRemaining: daysRemaining(times.endDate, at, homeTimeZone(countryOf.get(row.user_id)?.country_code ?? 'BR')),
    };
  };

  /** The subscription to show: the active one ending last, else the most recent one, else null. */
  function current(userId: string, at = now()): SubscriptionDto | null {
    const rows = forUser.all(userId).map((row) => toDto(row, at));
    return rows.find((s) => s.status === 'active' && !s.isTrial) ?? rows.find((s) => s.status === 'active') ?? rows[0] ?? null;
  }

  /** Work that must commit with an activation or not at all (the teacher's commission). */
  const withinActivation: ((subscription: SubscriptionDto, userId: string) => void)[] = [];

  const activateTransaction = sqlite.transaction((userId: string, plan: PlanId, locale: Locale, source: ActivationSource, paymentEventId: string | null) => {
    const at = now();
    const rows = forUser.all(userId).map((row) => ({ row, dto: toDto(row, at) }));
    // Bought during an active paid plan: starts when that one ends. During the trial: now, ending the trial.
    const paidEnd = Math.max(0, ...rows.filter((r) => !r.dto.isTrial && r.dto.status !== 'expired' && r.row.status === 'active').map((r) => r.row.end_date));
    for (const { row, dto } of rows) if (dto.isTrial && dto.status === 'active') endEarly.run(at, bumpVersion(userId), row.id);
    const startDate = Math.max(at, paidEnd);
    const pricing = PLAN_PRICING[locale];
    const id = uuidv7(at);
    insert.run({
      id,
      userId,
      planId: plan,
      price: pricing.prices[plan],
      currency: pricing.currency,
      startDate,
      endDate: planEnd(startDate, plan),
      source,
      paymentEventId,
      createdAt: at,
      version: bumpVersion(userId),
    });
    // The content gate may just have opened: send the plans to the user's devices again.
    for (const { id: dietId } of republishDiets.all(userId)) setDietVersion.run(bumpVersion(userId), dietId);
    for (const { id: workoutId } of republishWorkouts.all(userId)) setWorkoutVersion.run(bumpVersion(userId), workoutId);
    const activated = toDto(byId.get(id) as SubscriptionRaw, at);
    for (const hook of withinActivation) hook(activated, userId);
    return activated;
  });

  return {
    current,
    /** A paid plan still running: such an account cannot be removed (SPEC §6 409). */
    hasActivePaidPlan(userId: string): boolean {
      const plan = current(userId);
      return plan !== null && plan.status === 'active' && !plan.isTrial;
    },
    gate: (userId: string): Gate => contentGate(current(userId), now()),
    toDto,

    /** The 24-hour trial at price 0, once per user ever. */
    startTrial(userId: string, locale: Locale): SubscriptionDto {
      return sqlite.transaction(() => {
        if ((countForUser.get(userId) as { n: number }).n > 0) throw new DomainError('TRIAL_UNAVAILABLE');
        const at = now();
        const id = uuidv7(at);
        insert.run({ id, userId, planId: 'trial', price: 0, currency: CURRENCY_BY_LOCALE[locale], startDate: at, endDate: at + TRIAL_MS, source: 'trial', paymentEventId: null, createdAt: at, version: bumpVersion(userId) });
        return toDto(byId.get(id) as SubscriptionRaw, at);
      })();
    },

    /**
     * Activates a paid plan at the locale's price, in its own transaction or inside the caller's
     * (better-sqlite3 nests it as a savepoint).
     */
    activate: activateTransaction,

    /** Ends a plan whose payment was refunded or charged back (issue 18): inactive from now, sent to the devices. */
    end(subscriptionId: string): void {
      const at = now();
      const subscription = byId.get(subscriptionId);
      if (subscription) endRefunded.run(at, at, bumpVersion(subscription.user_id), subscriptionId);
    },

    /** Registers work to run inside every activation's transaction (it may throw to undo the activation). */
    onActivationWithin: (hook: (subscription: SubscriptionDto, userId: string) => void) => void withinActivation.push(hook),

    /** Subscriptions changed after a sync cursor, for pull. */
    changedAfter: sqlite.prepare<[string, number, number], SubscriptionRaw>('SELECT * FROM subscriptions WHERE user_id = ? AND version > ? ORDER BY version LIMIT ?'),
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
