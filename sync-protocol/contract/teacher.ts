/**
 * Shapes of the teacher programme's endpoints (SPEC §2 teacher dashboard, §3 teacher-side, §7),
 * shared by the routes and the PWA. Money is integer minor units with its
 * currency; a teacher paid in several currencies gets one figure per currency.
 */
import type { CurrencyCode, PlanId } from '../domain/plans.ts';

export interface Money {
  /** Minor units (cents; whole pesos for ARS). */
  amount: number;
  currency: string;
}

/** GET /api/teacher/dashboard. */
export interface TeacherDashboard {
  totalStudents: number;
  activeStudents: number;
  totalCommissions: Money[];
  thisMonthCommissions: Money[];
  /** Pending commissions not yet in a payout: what a payout request would take. */
  availableToWithdraw: Money[];
  /** Requested payouts not yet completed or rejected. */
  pendingPayouts: Money[];
  /** Per currency, the least a payout may be (SPEC §9: 50 by default). */
  minimumPayout: Money[];
  /** Whether the teacher stored an AI key of their own (the key itself is never returned). */
  hasAiKey: boolean;
  /** The currency of the teacher's country (BRL, ARS, USD): figures with nothing yet read as zero in it. */
  currency: CurrencyCode;
}

export type StudentStatus = 'active' | 'inactive' | 'expired';

/** GET /api/teacher/students → { students }. */
export interface TeacherStudent {
  id: string;
  name: string;
  email: string;
  /** The current plan's id ('monthly' …, 'trial'), or null without one. */
  planId: PlanId | 'trial' | null;
  status: StudentStatus;
  createdAt: string;
}

/** GET /api/teacher/referral-links → { referralLinks }; PUT /api/teacher/referral-links/:id { code } → { referralLink }. */
export interface ReferralLink {
  id: string;
  /** The shareable address, `<origin>/r/<CODE>`. */
  url: string;
  code: string;
  clicks: number;
  conversions: number;
  /** conversions / clicks, 0 to 1 (conversions are clicking browsers that paid, ADR 013); 0 with no clicks. */
  conversionRate: number;
}

export type CommissionStatus = 'pending' | 'paid' | 'cancelled';

/** GET /api/teacher/ledger → { ledger }. */
export interface LedgerEntry {
  id: string;
  studentName: string;
  amount: number;
  currency: string;
  percentage: number;
  planId: PlanId;
  description: string;
  status: CommissionStatus;
  createdAt: string;
}

export type PayoutStatus = 'pending' | 'processing' | 'completed' | 'rejected';

/** GET /api/teacher/payouts → { payouts }; POST /api/teacher/payouts { currency } → 201 { payout }. */
export interface Payout {
  id: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  requestedAt: string;
  processedAt: string | null;
}

/** GET /api/admin/payouts → { payouts }; POST /api/admin/payouts/:id/status { status } → { payout }. */
export interface AdminPayout extends Payout {
  teacherId: string;
  teacherName: string;
  teacherEmail: string;
}
