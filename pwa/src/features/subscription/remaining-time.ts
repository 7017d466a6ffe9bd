import type { IntlShape } from 'react-intl';
import { remainingTime } from '#protocol/domain/subscription-time.ts';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';

/** SPEC §4 remaining-time text in the user's language; days are counted in the device's zone (ADR 018). */
export function remainingTimeText(intl: IntlShape, endDate: string, now: number): string {
  const left = remainingTime(endDate, now, deviceTimeZone());
  switch (left.kind) {
    case 'invalid':
      return intl.formatMessage({ id: 'subscription.invalidDate' });
    case 'expired':
      return intl.formatMessage({ id: 'subscription.remainingExpired' });
    case 'days':
      return intl.formatMessage({ id: 'subscription.remainingDays' }, { days: left.days });
    case 'daysHours':
      return intl.formatMessage({ id: 'subscription.remainingDaysHours' }, { days: left.days, hours: left.hours });
    case 'hours':
      return intl.formatMessage({ id: 'subscription.remainingHours' }, { hours: left.hours, halfHour: String(left.halfHour) });
    case 'minutes':
      return intl.formatMessage({ id: 'subscription.remainingMinutes' }, { minutes: left.minutes });
  }
}
