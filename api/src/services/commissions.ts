/**
 * The teacher's money (SPEC §1, §2 commissions and payouts tabs, §9): a 70% commission per paid
 * activation of a referred student, written in the activation's transaction; payouts of the
 * available balance per currency, moved by an admin pending → processing → completed (the
 * entries become paid) or rejected (the entries are available again). Integer minor units.
 */
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
import type { SqlDatabase } from '../db/sql/port.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import type { AdminPayout, LedgerEntry, Money, Payout, PayoutStatus, TeacherDashboard, TeacherStudent } from '#protocol/contract/teacher.ts';
import type { Notices } from '../notices/notices.ts';

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

type CommissionEntry = CommissionRaw & { teacher_id: string; student_id: string | null; payout_id: string | null };

export function createCommissions(db: SqlDatabase, subscriptions: Subscriptions, minimumPayout: (currency: string) => number, now: () => number, notices?: Notices) {
  const insertEntry = (entry: { id: string; teacherId: string; studentId: string | null; studentName: string; subscriptionId: string | null; planId: string; amount: number; currency: string; percentage: number; description: string; createdAt: number }, onConflict = '') =>
    db.run(
      `INSERT INTO commissions (id, teacher_id, student_id, student_name, subscription_id, plan_id, amount, currency, percentage, description, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)${onConflict}`,
      [entry.id, entry.teacherId, entry.studentId, entry.studentName, entry.subscriptionId, entry.planId, entry.amount, entry.currency, entry.percentage, entry.description, entry.createdAt],
    );
  const totals = (teacherId: string, from: number) =>
    db.all<{ currency: string; amount: number }>(
      "SELECT currency, sum(amount) AS amount FROM commissions WHERE teacher_id = ? AND created_at >= ? AND status != 'cancelled' GROUP BY currency ORDER BY currency",
      [teacherId, from],
    );
  const available = (teacherId: string) =>
    db.all<{ currency: string; amount: number }>(
      "SELECT currency, sum(amount) AS amount FROM commissions WHERE teacher_id = ? AND status = 'pending' AND payout_id IS NULL GROUP BY currency ORDER BY currency",
      [teacherId],
    );
  const payoutById = async (id: string) => (await db.get<PayoutRaw>('SELECT * FROM payouts WHERE id = ?', [id])) as PayoutRaw;

  const studentRows = async (teacherId: string): Promise<TeacherStudent[]> => {
    const rows = await db.all<{ id: string; name: string; email: string; created_at: number }>(
      "SELECT id, name, email, created_at FROM users WHERE teacher_id = ? AND role = 'user' ORDER BY created_at DESC, id DESC",
      [teacherId],
    );
    const students: TeacherStudent[] = [];
    for (const row of rows) {
      const plan = await subscriptions.current(row.id);
      students.push({ id: row.id, name: row.name, email: row.email, planId: plan?.planId ?? null, status: plan?.status ?? 'inactive', createdAt: iso(row.created_at) });
    }
    return students;
  };

  /** The current month began at local midnight of its first day in the teacher's zone, not in UTC. */
  const startOfMonth = (timeZone: string) => startOfLocalDay(timeZone, `${localDateIn(timeZone, new Date(now())).slice(0, 8)}01`);

  return {
    /** Runs inside the activation's transaction: a trial, or a student with no teacher, earns nothing. */
    async record(subscription: SubscriptionDto, studentId: string): Promise<void> {
      if (subscription.isTrial || subscription.planId === 'trial') return;
      const student = await db.get<{ name: string; teacher_id: string | null; language: string | null }>(
        "SELECT s.name, s.teacher_id, t.preferred_language AS language FROM users s LEFT JOIN users t ON t.id = s.teacher_id AND t.role = 'teacher' WHERE s.id = ?",
        [studentId],
      );
      if (!student?.teacher_id || student.language === null) return;
      const locale = toLocale(student.language) ?? DEFAULT_LOCALE;
      await insertEntry(
        {
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
        },
        ' ON CONFLICT (subscription_id) DO NOTHING',
      );
    },

    /**
     * Runs inside a refund's or chargeback's transaction (issue 18): the commission of that
     * subscription is taken back — cancelled while still available, else a negative entry that
     * the teacher's next payout of that currency nets. The cancellation holds only while no payout
     * has claimed the entry: one claimed meanwhile is taken back by the negative entry instead.
     */
    async reverse(subscriptionId: string): Promise<void> {
      const entry = await db.get<CommissionEntry>('SELECT * FROM commissions WHERE subscription_id = ?', [subscriptionId]);
      if (!entry || entry.status === 'cancelled') return;
      if (entry.status === 'pending' && entry.payout_id === null) {
        const { changes } = await db.run("UPDATE commissions SET status = 'cancelled' WHERE id = ? AND status = 'pending' AND payout_id IS NULL", [entry.id]);
        if (changes === 1) return;
      }
      const teacher = await db.get<{ language: string }>('SELECT preferred_language AS language FROM users WHERE id = ?', [entry.teacher_id]);
      const locale = toLocale(teacher?.language ?? null) ?? DEFAULT_LOCALE;
      await insertEntry({
        id: uuidv7(now()),
        teacherId: entry.teacher_id,
        studentId: entry.student_id,
        studentName: entry.student_name,
        subscriptionId: null,
        planId: entry.plan_id,
        amount: -entry.amount,
        currency: entry.currency,
        percentage: entry.percentage,
        description: translate(locale, 'commissions.reversal', { description: entry.description }),
        createdAt: now(),
      });
    },

    /** `timeZone` sets where "this month" begins (the teacher's device, else their country). */
    async dashboard(teacherId: string, timeZone: string): Promise<TeacherDashboard> {
      const list = await studentRows(teacherId);
      const availableNow = byCurrency(await available(teacherId));
      const flags = await db.get<{ has_key: number; country: string }>(
        'SELECT CASE WHEN ai_key_encrypted IS NOT NULL THEN 1 ELSE 0 END AS has_key, country_code AS country FROM users WHERE id = ?',
        [teacherId],
      );
      return {
        totalStudents: list.length,
        activeStudents: list.filter((s) => s.status === 'active' && s.planId !== 'trial').length,
        totalCommissions: byCurrency(await totals(teacherId, 0)),
        thisMonthCommissions: byCurrency(await totals(teacherId, startOfMonth(timeZone))),
        availableToWithdraw: availableNow,
        pendingPayouts: byCurrency(
          await db.all<{ currency: string; amount: number }>(
            "SELECT currency, sum(amount) AS amount FROM payouts WHERE teacher_id = ? AND status IN ('pending', 'processing') GROUP BY currency ORDER BY currency",
            [teacherId],
          ),
        ),
        minimumPayout: availableNow.map(({ currency }) => ({ currency, amount: minimumPayout(currency) })),
        hasAiKey: flags?.has_key === 1,
        currency: currencyOfCountry(normalizeCountryCode(flags?.country) ?? 'BR'),
      };
    },

    students: studentRows,

    ledger: async (teacherId: string): Promise<LedgerEntry[]> =>
      (await db.all<CommissionRaw>('SELECT * FROM commissions WHERE teacher_id = ? ORDER BY created_at DESC, id DESC', [teacherId])).map((row) => ({
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

    payouts: async (teacherId: string): Promise<Payout[]> =>
      (await db.all<PayoutRaw>('SELECT * FROM payouts WHERE teacher_id = ? ORDER BY requested_at DESC, id DESC', [teacherId])).map(toPayout),

    /**
     * The whole available balance of one currency, at or above its minimum (SPEC §8 'Saldo
     * insuficiente' below it). The payout is the sum of the entries it claimed, not of a balance
     * read before: two requests at once claim each entry once, and the one left with too little
     * rolls back.
     */
    requestPayout: (teacherId: string, currency: string): Promise<Payout> =>
      db.transaction(async () => {
        const id = uuidv7(now());
        await db.run("INSERT INTO payouts (id, teacher_id, amount, currency, status, requested_at) VALUES (?, ?, 0, ?, 'pending', ?)", [id, teacherId, currency, now()]);
        await db.run("UPDATE commissions SET payout_id = ? WHERE teacher_id = ? AND currency = ? AND status = 'pending' AND payout_id IS NULL", [id, teacherId, currency]);
        const claimed = await db.get<{ amount: number | null }>('SELECT sum(amount) AS amount FROM commissions WHERE payout_id = ?', [id]);
        const balance = claimed?.amount ?? 0;
        if (balance <= 0 || balance < minimumPayout(currency)) throw new DomainError('INSUFFICIENT_BALANCE');
        await db.run('UPDATE payouts SET amount = ? WHERE id = ?', [balance, id]);
        return toPayout(await payoutById(id));
      }),

    allPayouts: async (): Promise<AdminPayout[]> =>
      (
        await db.all<PayoutRaw & { teacher_name: string; teacher_email: string }>(
          'SELECT p.*, u.name AS teacher_name, u.email AS teacher_email FROM payouts p JOIN users u ON u.id = p.teacher_id ORDER BY p.requested_at DESC, p.id DESC',
        )
      ).map((row) => ({ ...toPayout(row), teacherId: row.teacher_id, teacherName: row.teacher_name, teacherEmail: row.teacher_email })),

    /** Moves a payout on from the status it was read in: of two admins moving it at once, one does. */
    setPayoutStatus: (id: string, status: PayoutStatus): Promise<Payout> =>
      db.transaction(async () => {
        const payout = await db.get<PayoutRaw>('SELECT * FROM payouts WHERE id = ?', [id]);
        if (!payout) throw new DomainError('NOT_FOUND');
        if (!NEXT[payout.status].includes(status)) throw new DomainError('PAYOUT_TRANSITION');
        const done = status === 'completed' || status === 'rejected';
        const { changes } = await db.run('UPDATE payouts SET status = ?, processed_at = ? WHERE id = ? AND status = ?', [status, done ? now() : null, id, payout.status]);
        if (changes === 0) throw new DomainError('PAYOUT_TRANSITION');
        if (status === 'completed') {
          await db.run("UPDATE commissions SET status = 'paid' WHERE payout_id = ?", [id]);
          // The teacher is told, as they chose (issue 50), once per payout.
          await notices?.schedule({ userId: payout.teacher_id, kind: 'payoutPaid', key: id, dueAt: now(), notAfter: null, payload: JSON.stringify({ amount: payout.amount, currency: payout.currency }) });
        }
        if (status === 'rejected') await db.run('UPDATE commissions SET payout_id = NULL WHERE payout_id = ?', [id]);
        return toPayout(await payoutById(id));
      }),
  };
}

export type Commissions = ReturnType<typeof createCommissions>;
