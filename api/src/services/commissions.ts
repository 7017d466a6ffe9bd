/**
 * The teacher's money (SPEC §1, §2 commissions and payouts tabs, §9): a 70% commission per paid
 * activation of a referred student, written in the activation's transaction; payouts of the
 * available balance per currency, moved by an admin pending → processing → completed (the
 * entries become paid) or rejected (the entries are available again). Integer minor units.
 */
import type Database from 'better-sqlite3';
import { COMMISSION_PERCENT, commissionOf } from '#protocol/domain/commission.ts';
import { normalizeCountryCode } from '#protocol/domain/client-enums.ts';
import { localDateIn, startOfLocalDay } from '#protocol/domain/daily-progress.ts';
import { currencyOfCountry } from '#protocol/domain/plans.ts';
import { DEFAULT_LOCALE, toLocale } from '#protocol/i18n/locales.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { PlanId } from '#protocol/domain/plans.ts';
import { DomainError } from '#protocol/errors.ts';
import { translate } from '../i18n/translate.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import type { AdminPayout, LedgerEntry, Money, Payout, PayoutStatus, TeacherDashboard, TeacherStudent } from '#protocol/contract/teacher.ts';

interface CommissionRaw {
  id: string;
  student_name: string;
  amount: number;
  currency: string;
  percentage: number;
  plan_id: PlanId;
  description: string;
  status: 'pending' | 'paid' | 'cancelled';
  created_at: number;
}

interface PayoutRaw {
  id: string;
  teacher_id: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  requested_at: number;
  processed_at: number | null;
}

/** SPEC is silent on who moves a payout where: an admin, forward only, and a rejection from either open state. */
const NEXT: Record<PayoutStatus, readonly PayoutStatus[]> = {
  pending: ['processing', 'rejected'],
  processing: ['completed', 'rejected'],
  completed: [],
  rejected: [],
};

const iso = (millis: number) => new Date(millis).toISOString();
const toPayout = (row: PayoutRaw): Payout => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  requestedAt: iso(row.requested_at),
  processedAt: row.processed_at === null ? null : iso(row.processed_at),
});
const byCurrency = (rows: { currency: string; amount: number | null }[]): Money[] =>
  rows.filter((row) => (row.amount ?? 0) > 0).map((row) => ({ currency: row.currency, amount: row.amount ?? 0 }));

export function createCommissions(sqlite: Database.Database, subscriptions: Subscriptions, minimumPayout: (currency: string) => number, now: () => number) {
  const studentOf = sqlite.prepare<[string], { name: string; teacher_id: string | null; language: string | null }>(
    "SELECT s.name, s.teacher_id, t.preferred_language AS language FROM users s LEFT JOIN users t ON t.id = s.teacher_id AND t.role = 'teacher' WHERE s.id = ?",
  );
  const insertCommission = sqlite.prepare(
    `INSERT INTO commissions (id, teacher_id, student_id, student_name, subscription_id, plan_id, amount, currency, percentage, description, status, created_at)
     VALUES (@id, @teacherId, @studentId, @studentName, @subscriptionId, @planId, @amount, @currency, @percentage, @description, 'pending', @createdAt)
     ON CONFLICT (subscription_id) DO NOTHING`,
  );
  const ledger = sqlite.prepare<[string], CommissionRaw>('SELECT * FROM commissions WHERE teacher_id = ? ORDER BY created_at DESC, id DESC');
  const totals = sqlite.prepare<[string, number], { currency: string; amount: number }>(
    "SELECT currency, sum(amount) AS amount FROM commissions WHERE teacher_id = ? AND created_at >= ? AND status != 'cancelled' GROUP BY currency ORDER BY currency",
  );
  const bySubscription = sqlite.prepare<[string], CommissionRaw & { teacher_id: string; student_id: string | null; payout_id: string | null }>('SELECT * FROM commissions WHERE subscription_id = ?');
  const teacherLanguage = sqlite.prepare<[string], { language: string }>('SELECT preferred_language AS language FROM users WHERE id = ?');
  const cancelEntry = sqlite.prepare("UPDATE commissions SET status = 'cancelled' WHERE id = ?");
  const insertReversal = sqlite.prepare(
    `INSERT INTO commissions (id, teacher_id, student_id, student_name, subscription_id, plan_id, amount, currency, percentage, description, status, created_at)
     VALUES (@id, @teacherId, @studentId, @studentName, NULL, @planId, @amount, @currency, @percentage, @description, 'pending', @createdAt)`,
  );
  const available = sqlite.prepare<[string], { currency: string; amount: number }>(
    "SELECT currency, sum(amount) AS amount FROM commissions WHERE teacher_id = ? AND status = 'pending' AND payout_id IS NULL GROUP BY currency ORDER BY currency",
  );
  const openPayouts = sqlite.prepare<[string], { currency: string; amount: number }>(
    "SELECT currency, sum(amount) AS amount FROM payouts WHERE teacher_id = ? AND status IN ('pending', 'processing') GROUP BY currency ORDER BY currency",
  );
  const payoutsOf = sqlite.prepare<[string], PayoutRaw>('SELECT * FROM payouts WHERE teacher_id = ? ORDER BY requested_at DESC, id DESC');
  const allPayouts = sqlite.prepare<[], PayoutRaw & { teacher_name: string; teacher_email: string }>(
    'SELECT p.*, u.name AS teacher_name, u.email AS teacher_email FROM payouts p JOIN users u ON u.id = p.teacher_id ORDER BY p.requested_at DESC, p.id DESC',
  );
  const payoutById = sqlite.prepare<[string], PayoutRaw>('SELECT * FROM payouts WHERE id = ?');
  const insertPayout = sqlite.prepare("INSERT INTO payouts (id, teacher_id, amount, currency, status, requested_at) VALUES (?, ?, ?, ?, 'pending', ?)");
  const claimEntries = sqlite.prepare("UPDATE commissions SET payout_id = ? WHERE teacher_id = ? AND currency = ? AND status = 'pending' AND payout_id IS NULL");
  const setPayoutStatus = sqlite.prepare('UPDATE payouts SET status = ?, processed_at = ? WHERE id = ?');
  const payEntries = sqlite.prepare("UPDATE commissions SET status = 'paid' WHERE payout_id = ?");
  const releaseEntries = sqlite.prepare('UPDATE commissions SET payout_id = NULL WHERE payout_id = ?');
  const students = sqlite.prepare<[string], { id: string; name: string; email: string; created_at: number }>(
    "SELECT id, name, email, created_at FROM users WHERE teacher_id = ? AND role = 'user' ORDER BY created_at DESC, id DESC",
  );
  const teacherFlags = sqlite.prepare<[string], { has_key: number; country: string }>('SELECT ai_key_encrypted IS NOT NULL AS has_key, country_code AS country FROM users WHERE id = ?');

  const studentRows = (teacherId: string): TeacherStudent[] =>
    students.all(teacherId).map((row) => {
      const plan = subscriptions.current(row.id);
      return { id: row.id, name: row.name, email: row.email, planId: plan?.planId ?? null, status: plan?.status ?? 'inactive', createdAt: iso(row.created_at) };
    });

  /** The current month began at local midnight of its first day in the teacher's zone, not in UTC. */
  const startOfMonth = (timeZone: string) => startOfLocalDay(timeZone, `${localDateIn(timeZone, new Date(now())).slice(0, 8)}01`);

  return {
    /** Runs inside the activation's transaction: a trial, or a student with no teacher, earns nothing. */
    record(subscription: SubscriptionDto, studentId: string): void {
      if (subscription.isTrial || subscription.planId === 'trial') return;
      const student = studentOf.get(studentId);
      if (!student?.teacher_id || student.language === null) return;
      const locale = toLocale(student.language) ?? DEFAULT_LOCALE;
      insertCommission.run({
        id: uuidv7(now()),
        teacherId: student.teacher_id,
        studentId,
        studentName: student.name,
        subscriptionId: subscription.id,
        planId: subscription.planId,
        amount: commissionOf(subscription.price),
        currency: subscription.currencyCode,
        percentage: COMMISSION_PERCENT,
        description: translate(locale, 'commissions.description', { plan: translate(locale, `plans.${subscription.planId}`), student: student.name }),
        createdAt: now(),
      });
    },

    /**
     * Runs inside a refund's or chargeback's transaction (issue 18): the commission of that
     * subscription is taken back — cancelled while still available, else a negative entry that
     * the teacher's next payout of that currency nets.
     */
    reverse(subscriptionId: string): void {
      const entry = bySubscription.get(subscriptionId);
      if (!entry || entry.status === 'cancelled') return;
      if (entry.status === 'pending' && entry.payout_id === null) {
        cancelEntry.run(entry.id);
        return;
      }
      const locale = toLocale(teacherLanguage.get(entry.teacher_id)?.language ?? null) ?? DEFAULT_LOCALE;
      insertReversal.run({
        id: uuidv7(now()),
        teacherId: entry.teacher_id,
        studentId: entry.student_id,
        studentName: entry.student_name,
        planId: entry.plan_id,
        amount: -entry.amount,
        currency: entry.currency,
        percentage: entry.percentage,
        description: translate(locale, 'commissions.reversal', { description: entry.description }),
        createdAt: now(),
      });
    },

    /** `timeZone` sets where "this month" begins (the teacher's device, else their country). */
    dashboard(teacherId: string, timeZone: string): TeacherDashboard {
      const list = studentRows(teacherId);
      const availableNow = byCurrency(available.all(teacherId));
      const flags = teacherFlags.get(teacherId);
      return {
        totalStudents: list.length,
        activeStudents: list.filter((s) => s.status === 'active' && s.planId !== 'trial').length,
        totalCommissions: byCurrency(totals.all(teacherId, 0)),
        thisMonthCommissions: byCurrency(totals.all(teacherId, startOfMonth(timeZone))),
        availableToWithdraw: availableNow,
        pendingPayouts: byCurrency(openPayouts.all(teacherId)),
        minimumPayout: availableNow.map(({ currency }) => ({ currency, amount: minimumPayout(currency) })),
        hasAiKey: flags?.has_key === 1,
        currency: currencyOfCountry(normalizeCountryCode(flags?.country) ?? 'BR'),
      };
    },

    students: studentRows,

    ledger: (teacherId: string): LedgerEntry[] =>
      ledger.all(teacherId).map((row) => ({
        id: row.id,
        studentName: row.student_name,
        amount: row.amount,
        currency: row.currency,
        percentage: row.percentage,
        planId: row.plan_id,
        description: row.description,
        status: row.status,
        createdAt: iso(row.created_at),
      })),

    payouts: (teacherId: string) => payoutsOf.all(teacherId).map(toPayout),

    /** The whole available balance of one currency, at or above its minimum (SPEC §8 'Saldo insuficiente' below it). */
    requestPayout: sqlite.transaction((teacherId: string, currency: string): Payout => {
      const balance = available.all(teacherId).find((row) => row.currency === currency)?.amount ?? 0;
      if (balance <= 0 || balance < minimumPayout(currency)) throw new DomainError('INSUFFICIENT_BALANCE');
      const id = uuidv7(now());
      insertPayout.run(id, teacherId, balance, currency, now());
      claimEntries.run(id, teacherId, currency);
      return toPayout(payoutById.get(id) as PayoutRaw);
    }),

    allPayouts: (): AdminPayout[] =>
      allPayouts.all().map((row) => ({ ...toPayout(row), teacherId: row.teacher_id, teacherName: row.teacher_name, teacherEmail: row.teacher_email })),

    setPayoutStatus: sqlite.transaction((id: string, status: PayoutStatus): Payout => {
      const payout = payoutById.get(id);
      if (!payout) throw new DomainError('NOT_FOUND');
      if (!NEXT[payout.status].includes(status)) throw new DomainError('PAYOUT_TRANSITION');
      const done = status === 'completed' || status === 'rejected';
      setPayoutStatus.run(status, done ? now() : null, id);
      if (status === 'completed') payEntries.run(id);
      if (status === 'rejected') releaseEntries.run(id);
      return toPayout(payoutById.get(id) as PayoutRaw);
    }),
  };
}

export type Commissions = ReturnType<typeof createCommissions>;
