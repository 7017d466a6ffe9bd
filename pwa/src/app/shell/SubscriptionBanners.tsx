import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { daysRemaining, subscriptionBanners } from '#protocol/domain/subscription-time.ts';
import { useLocalSubscription } from '#pwa/db/use-subscription.ts';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { remainingTimeText } from '../../features/subscription/remaining-time.ts';

/**
 * The most urgent first: one banner at a time keeps the page's own heading on screen (issue 17).
 * A trial's "ends in …" always comes with its activation banner, and is said in it.
 */
const PRIORITY = ['expired', 'expiring', 'activation'] as const;

/**
 * SPEC §4 banners in the shell: plan expired, plan expiring, activation (for a trial, with the time
 * it has left, which was a second banner), one at a time. `fallback` (the install banner) shows
 * when none applies.
 */
export function SubscriptionBanners({ fallback }: { fallback: ReactNode }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { loading, subscription, now } = useLocalSubscription(useNow(60_000));
  if (loading) return null;
  const zone = deviceTimeZone();
  const banners = subscriptionBanners(subscription, now, zone);
  const banner = PRIORITY.find((name) => banners.includes(name));
  if (!banner) return fallback;
  const trialTime = subscription && banners.includes('trialEnding') ? remainingTimeText(intl, subscription.endDate, now) : null;
  const text = {
    activation: trialTime ? t('banners.trial', { time: trialTime }) : t(subscription?.isTrial ? 'banners.activationTrial' : 'banners.activation'),
    expiring: t('banners.expiring', { days: subscription ? daysRemaining(subscription.endDate, now, zone) : 0 }),
    expired: t('banners.expired'),
  };
  const severity = { activation: trialTime ? 'warning' : 'info', expiring: 'warning', expired: 'error' } as const;
  return (
    <Alert
      severity={severity[banner]}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/plan-upgrade">
          {t('banners.action')}
        </Button>
      }
      data-testid={`banner-${banner}`}
    >
      {text[banner]}
    </Alert>
  );
}
