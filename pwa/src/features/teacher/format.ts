import type { IntlShape } from 'react-intl';
import type { CommissionStatus, Money, PayoutStatus, StudentStatus } from '#protocol/contract/teacher.ts';
import { formatMoney } from '#protocol/domain/money.ts';

/** One text per currency (SPEC §9 formatting); none yet reads as zero in the teacher's own currency. */
export function moneyTexts(list: readonly Money[], locale: string, ownCurrency: string): string[] {
  return list.length === 0 ? [formatMoney(0, ownCurrency, locale)] : list.map(({ amount, currency }) => formatMoney(amount, currency, locale));
}

export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  active: 'subscription.statusActive',
  inactive: 'subscription.statusInactive',
  expired: 'subscription.statusExpired',
};

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  cancelled: 'teacher.commissions.cancelled',
  paid: 'teacher.commissions.paid',
  pending: 'teacher.commissions.pending',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'teacher.payouts.pending',
  processing: 'teacher.payouts.processing',
  completed: 'teacher.payouts.completed',
  rejected: 'teacher.payouts.rejected',
};

/** A date (and time) of the server's, in the UI's language; 'Data inválida' for one that does not parse (SPEC §8). */
export function dateText(intl: IntlShape, iso: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return intl.formatMessage({ id: 'subscription.invalidDate' });
  return withTime ? intl.formatDate(date, { dateStyle: 'short', timeStyle: 'short' }) : intl.formatDate(date, { dateStyle: 'short' });
}
