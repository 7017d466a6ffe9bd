import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { daysRemaining, subscriptionBanners } from '#protocol/domain/subscription-time.ts';
import { useLocalSubscription } from '#pwa/db/use-subscription.ts';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { remainingTimeText } from '../../features/subscription/remaining-time.ts';

/** SPEC §4 banners in the shell: activation, plan expiring, trial ending, plan expired. */
export function SubscriptionBanners() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { loading, subscription, now } = useLocalSubscription(useNow(60_000));
  if (loading) return null;
  const zone = deviceTimeZone();
  const banners = subscriptionBanners(subscription, now, zone);
  if (banners.length === 0) return null;
  const action = (
    <Button color="inherit" size="small" component={RouterLink} to="/plan-upgrade">
      {t('banners.action')}
    </Button>
  );
  const text = {
    activation: t(subscription?.isTrial ? 'banners.activationTrial' : 'banners.activation'),
    expiring: t('banners.expiring', { days: subscription ? daysRemaining(subscription.endDate, now, zone) : 0 }),
    trialEnding: subscription ? t('banners.trialEnding', { time: remainingTimeText(intl, subscription.endDate, now) }) : '',
    expired: t('banners.expired'),
  };
  const severity = { activation: 'info', expiring: 'warning', trialEnding: 'warning', expired: 'error' } as const;
  return (
    <Stack sx={{ gap: 1, mb: 2 }}>
      {banners.map((banner) => (
        <Alert key={banner} severity={severity[banner]} action={action} data-testid={`banner-${banner}`}>
          {text[banner]}
        </Alert>
      ))}
    </Stack>
  );
}
