import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { daysRemaining, subscriptionBanners } from '#protocol/domain/subscription-time.ts';
import { useLocalSubscription } from '#pwa/db/use-subscription.ts';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { useHydrated } from '#pwa/lib/hydration.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { remainingTimeText } from '../../features/subscription/remaining-time.ts';

/**
 * The most urgent first: one banner at a time keeps the page's own heading on screen (issue 17).
 * A trial's "ends in …" always comes with its activation banner, and is said in it.
 */
const PRIORITY = ['expired', 'expiring', 'activation'] as const;

/**
 * The height of the banner this device showed at its last render, or nothing if none showed: a
 * client on trial or without a plan sees one at every open, and it arrives only once the device has
 * read its subscription, after the page has painted. Its place is kept meanwhile, so the page does
 * not move down under the thumb (issue 20: 124 px, Lighthouse CLS 0.12).
 */
const SHOWN_BANNER_HEIGHT = 'leve.planBannerHeight';

function shownBannerHeight(): number {
  try {
    return Number(localStorage.getItem(SHOWN_BANNER_HEIGHT)) || 0;
  } catch {
    return 0;
  }
}

function rememberShownBanner(height: number | undefined) {
  try {
    if (height) localStorage.setItem(SHOWN_BANNER_HEIGHT, String(height));
    else localStorage.removeItem(SHOWN_BANNER_HEIGHT);
  } catch {
    // storage unavailable: the banner still shows, the page moves once
  }
}

/**
 * SPEC §4 banners in the shell: plan expired, plan expiring, activation (for a trial, with the time
 * it has left, which was a second banner), one at a time. `fallback` (the install banner) shows
 * when none applies.
 */
export function SubscriptionBanners({ fallback }: { fallback: ReactNode }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { loading, subscription, now } = useLocalSubscription(useNow(60_000));
  const shown = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!loading) rememberShownBanner(shown.current?.offsetHeight);
  });
  // A page rendered at build time keeps no place: hydrating, neither does this (ADR 026).
  const hydrated = useHydrated();
  if (loading) {
    const height = hydrated ? shownBannerHeight() : 0;
    return height ? <Skeleton variant="rounded" height={height} sx={{ mb: 2 }} aria-hidden data-testid="banner-placeholder" /> : null;
  }
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
      ref={shown}
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
