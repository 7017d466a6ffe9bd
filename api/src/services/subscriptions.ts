/**
 * Plans bought and the 24-hour trial (SPEC §3, §4). The server decides price and dates from the
 * plan; nothing the client claims about them is used. Activation of a paid plan also republishes
 * the user's diets and workouts to sync, since the content gate just opened.
 */
import { uuidv7 } from '#protocol/ids.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { CURRENCY_BY_LOCALE, PLAN_PRICING, planEnd, TRIAL_MS, type PlanId } from '#protocol/domain/plans.ts';
import { contentGate, daysRemaining, subscriptionStatus, type Gate } from '#protocol/domain/subscription-time.ts';
import { DomainError } from '#protocol/errors.ts';
import { homeTimeZone } from './daily-progress.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { PlanNotices } from '../notices/plan-notices.ts';

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
  /** The owner's country, joined in: days remaining are counted in the client's zone (ADR 018). */
  country_code: string | null;
}

export type ActivationSource = 'demo' | 'webhook' | 'admin';

/** A subscription with its owner's country; every read of one goes through this. */
const SELECT_SUBSCRIPTIONS = 'SELECT s.*, u.country_code FROM subscriptions s LEFT JOIN users u ON u.id = s.user_id';

export function createSubscriptions(db: SqlDatabase, bumpVersion: (userId: string) => Promise<number>, now: () => number, planNotices?: PlanNotices) {
  const forUser = (userId: string) => db.all<SubscriptionRaw>(`${SELECT_SUBSCRIPTIONS} WHERE s.user_id = ? ORDER BY s.end_date DESC, s.created_at DESC`, [userId]);
  const byId = (id: string) => db.get<SubscriptionRaw>(`${SELECT_SUBSCRIPTIONS} WHERE s.id = ?`, [id]);
  const insert = (row: { id: string; userId: string; planId: string; price: number; currency: string; startDate: number; endDate: number; source: string; paymentEventId: string | null; createdAt: number; version: number }) =>
    db.run(
      `INSERT INTO subscriptions (id, user_id, plan_id, price, currency, status, start_date, end_date, source, payment_event_id, created_at, version)
       VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)`,
      [row.id, row.userId, row.planId, row.price, row.currency, row.startDate, row.endDate, row.source, row.paymentEventId, row.createdAt, row.version],
    );
  /**
   * Two activations (or trials) of one user decide from that user's subscriptions: on PostgreSQL
   * the user's row is locked so they take turns; on SQLite the one writer already makes them. Not
   * FOR UPDATE: that would also stop the key share a push's new rows take on their owner, and an
   * activation waiting on the version counter a push holds would deadlock with it.
   */
  const lockUser = async (userId: string) => {
    if (db.dialect === 'postgres') await db.get('SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE', [userId]);
  };

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
      daysRemaining: daysRemaining(times.endDate, at, homeTimeZone(row.country_code ?? 'BR')),
    };
  };

  /** The subscription to show: the active one ending last, else the most recent one, else null. */
  async function current(userId: string, at = now()): Promise<SubscriptionDto | null> {
    const rows = (await forUser(userId)).map((row) => toDto(row, at));
    return rows.find((s) => s.status === 'active' && !s.isTrial) ?? rows.find((s) => s.status === 'active') ?? rows[0] ?? null;
  }

  /** Work that must commit with an activation or not at all (the teacher's commission). */
  const withinActivation: ((subscription: SubscriptionDto, userId: string) => Promise<void>)[] = [];

  const activate = (userId: string, plan: PlanId, locale: Locale, source: ActivationSource, paymentEventId: string | null): Promise<SubscriptionDto> =>
    db.transaction(async () => {
      await lockUser(userId);
      const at = now();
      const rows = (await forUser(userId)).map((row) => ({ row, dto: toDto(row, at) }));
      // Bought during an active paid plan: starts when that one ends. During the trial: now, ending the trial.
      const paidEnd = Math.max(0, ...rows.filter((r) => !r.dto.isTrial && r.dto.status !== 'expired' && r.row.status === 'active').map((r) => r.row.end_date));
      for (const { row, dto } of rows) {
        if (dto.isTrial && dto.status === 'active') await db.run("UPDATE subscriptions SET status = 'inactive', end_date = ?, version = ? WHERE id = ?", [at, await bumpVersion(userId), row.id]);
      }
      const startDate = Math.max(at, paidEnd);
      const pricing = PLAN_PRICING[locale];
      const id = uuidv7(at);
      await insert({
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
        version: await bumpVersion(userId),
      });
      // The content gate may just have opened: send the plans to the user's devices again.
      for (const { id: dietId } of await db.all<{ id: string }>('SELECT id FROM diet_plans WHERE user_id = ?', [userId])) {
        await db.run('UPDATE diet_plans SET version = ? WHERE id = ?', [await bumpVersion(userId), dietId]);
      }
      for (const { id: workoutId } of await db.all<{ id: string }>('SELECT id FROM workout_plans WHERE user_id = ?', [userId])) {
        await db.run('UPDATE workout_plans SET version = ? WHERE id = ?', [await bumpVersion(userId), workoutId]);
      }
      const activated = toDto((await byId(id)) as SubscriptionRaw, at);
      for (const hook of withinActivation) await hook(activated, userId);
      await planNotices?.activated(userId, { id, endDate: planEnd(startDate, plan) });
      return activated;
    });

  return {
    current,
    /** A paid plan still running: such an account cannot be removed (SPEC §6 409). */
    async hasActivePaidPlan(userId: string): Promise<boolean> {
      const plan = await current(userId);
      return plan !== null && plan.status === 'active' && !plan.isTrial;
    },
    gate: async (userId: string): Promise<Gate> => contentGate(await current(userId), now()),
    toDto,

    /** The 24-hour trial at price 0, once per user ever. */
    startTrial: (userId: string, locale: Locale): Promise<SubscriptionDto> =>
      db.transaction(async () => {
        await lockUser(userId);
        const { n } = (await db.get<{ n: number }>('SELECT count(*) AS n FROM subscriptions WHERE user_id = ?', [userId])) as { n: number };
        if (n > 0) throw new DomainError('TRIAL_UNAVAILABLE');
        const at = now();
        const id = uuidv7(at);
        await insert({ id, userId, planId: 'trial', price: 0, currency: CURRENCY_BY_LOCALE[locale], startDate: at, endDate: at + TRIAL_MS, source: 'trial', paymentEventId: null, createdAt: at, version: await bumpVersion(userId) });
        await planNotices?.trialStarted(userId, { id, endDate: at + TRIAL_MS });
        return toDto((await byId(id)) as SubscriptionRaw, at);
      }),

    /** Activates a paid plan at the locale's price, in its own transaction or inside the caller's (a savepoint). */
    activate,

    /** Ends a plan whose payment was refunded or charged back (issue 18): inactive from now, sent to the devices. */
    async end(subscriptionId: string): Promise<void> {
      const at = now();
      const subscription = await db.get<{ user_id: string }>('SELECT user_id FROM subscriptions WHERE id = ?', [subscriptionId]);
      if (!subscription) return;
      await db.run(
        `UPDATE subscriptions SET status = 'inactive', end_date = CASE WHEN end_date < ? THEN end_date ELSE ? END,
           start_date = CASE WHEN start_date < ? THEN start_date ELSE ? END, version = ? WHERE id = ?`,
        [at, at, at, at, await bumpVersion(subscription.user_id), subscriptionId],
      );
      await planNotices?.refunded(subscription.user_id, subscriptionId);
    },

    /** Registers work to run inside every activation's transaction (it may throw to undo the activation). */
    onActivationWithin: (hook: (subscription: SubscriptionDto, userId: string) => Promise<void>) => void withinActivation.push(hook),

    /** Subscriptions changed after a sync cursor, for pull. */
    changedAfter: (userId: string, cursor: number, limit: number): Promise<SubscriptionRaw[]> =>
      db.all<SubscriptionRaw>(`${SELECT_SUBSCRIPTIONS} WHERE s.user_id = ? AND s.version > ? ORDER BY s.version LIMIT ?`, [userId, cursor, limit]),
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
