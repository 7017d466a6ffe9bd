import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import { formatMoney } from '#protocol/domain/money.ts';
import { PLAN_DISPLAY_KEYS, planForPrice } from '#protocol/domain/plans.ts';
import { daysRemaining } from '#protocol/domain/subscription-time.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { whatsappLink } from '#pwa/lib/support-contact.ts';
import { useLocalSubscription } from '#pwa/db/use-subscription.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { PaymentPending, PaymentsCard, usePayments } from './PaymentsCard.tsx';
import { PlanCards } from './PlanCards.tsx';
import { remainingTimeText } from './remaining-time.ts';
import { usePlans } from './use-plans.ts';
import { loadSubscriptionMessages } from './i18n/messages.ts';

const STATUS_COLORS = { active: 'success', inactive: 'default', expired: 'error' } as const;
const TYPE_KEYS = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual', trial: 'Trial' } as const;

/** SPEC §2 /subscription "Meu Plano", from the subscription held on this device. */
function MySubscription() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { loading, subscription, now } = useLocalSubscription(useNow(30_000));
  const [upgrading, setUpgrading] = useState(false);
  const [billing, setBilling] = useState(false);
  const { plans, support, failed, retry } = usePlans(intl.locale);
  const payments = usePayments();

  const date = (iso: string) => (Number.isFinite(Date.parse(iso)) ? intl.formatDate(iso, { dateStyle: 'long' }) : t('subscription.invalidDate'));

  if (loading) {
    return (
      <>
        <PageHeading titleId="subscription.title" />
        <Skeleton variant="rounded" height={220} role="status" aria-label={t('subscription.loading')} />
      </>
    );
  }

  const plan = subscription && !subscription.isTrial ? planForPrice(subscription.price, subscription.currencyCode) : null;
  const planName = !subscription ? '' : subscription.isTrial ? t('subscription.trialPlan') : plan ? t(`plans.names.${PLAN_DISPLAY_KEYS[plan]}`) : t('subscription.customPlan');
  const type = subscription ? (subscription.isTrial ? 'trial' : (plan ?? (subscription.planId === 'trial' ? 'trial' : subscription.planId))) : null;
  const whatsapp = support?.whatsapp ? whatsappLink(support.whatsapp) : null;
  // Billing help is a way to reach support: with no contact configured there is nothing to offer.
  const billingHelp = whatsapp !== null || Boolean(support?.email);

  return (
    <>
      <PageHeading titleId="subscription.title" />
      <PaymentPending order={payments.pending} />
      {!subscription ? (
        <Card variant="outlined" data-testid="no-plan">
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('subscription.empty')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('subscription.emptyDescription')}
            </Typography>
            <Button variant="contained" component={RouterLink} to="/plan-upgrade">
              {t('subscription.choosePlan')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Stack sx={{ gap: 2 }}>
          {subscription.status === 'active' && (
            <Card sx={{ bgcolor: 'success.main', color: 'success.contrastText' }} data-testid="remaining-card">
              <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                <TimerIcon fontSize="large" aria-hidden="true" />
                <Box>
                  <Typography variant="body2">{t('subscription.remainingTitle')}</Typography>
                  <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                    {remainingTimeText(intl, subscription.endDate, now)}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          )}
          <Card variant="outlined" data-testid="subscription-card">
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2" data-testid="plan-name">
                  {planName}
                </Typography>
                <Chip
                  color={STATUS_COLORS[subscription.status]}
                  label={t(`subscription.status${capitalize(subscription.status)}`)}
                  data-testid="status-badge"
                />
              </Stack>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 3, rowGap: 1 }}>
                <Typography component="dt" color="text.secondary">{t('subscription.type')}</Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {type && type in TYPE_KEYS ? t(`subscription.type${TYPE_KEYS[type as keyof typeof TYPE_KEYS]}`) : t('subscription.customPlan')}
                </Typography>
                <Typography component="dt" color="text.secondary">{t('subscription.price')}</Typography>
                <Typography component="dd" sx={{ m: 0 }} data-testid="plan-price">
                  {formatMoney(subscription.price, subscription.currencyCode || 'BRL', intl.locale)}
                </Typography>
                <Typography component="dt" color="text.secondary">{t('subscription.daysRemaining')}</Typography>
                <Typography component="dd" sx={{ m: 0 }} data-testid="days-remaining">{intl.formatNumber(daysRemaining(subscription.endDate, now, deviceTimeZone()))}</Typography>
                <Typography component="dt" color="text.secondary">{t('subscription.startDate')}</Typography>
                <Typography component="dd" sx={{ m: 0 }}>{date(subscription.startDate)}</Typography>
                <Typography component="dt" color="text.secondary">{t('subscription.dueDate')}</Typography>
                <Typography component="dd" sx={{ m: 0 }}>{date(subscription.endDate)}</Typography>
              </Box>
              <Stack direction="row" sx={{ gap: 1, mt: 3, flexWrap: 'wrap' }}>
                <Button variant="contained" onClick={() => setUpgrading(true)} data-testid="upgrade">
                  {t('subscription.upgrade')}
                </Button>
                {billingHelp && (
                  <Button variant="outlined" onClick={() => setBilling(true)} data-testid="manage-billing">
                    {t('subscription.manageBilling')}
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('subscription.benefitsTitle')}
              </Typography>
              <Typography>{t(`subscription.benefit${TYPE_KEYS[(type ?? 'monthly') as keyof typeof TYPE_KEYS] ?? 'Monthly'}`)}</Typography>
            </CardContent>
          </Card>
        </Stack>
      )}
      <PaymentsCard orders={payments.orders} />

      <Dialog open={upgrading} onClose={() => setUpgrading(false)} maxWidth="md" fullWidth aria-labelledby="upgrade-title">
        <DialogTitle id="upgrade-title">{t('subscription.upgradeTitle')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('subscription.upgradeNote')}
          </Typography>
          <PlanCards plans={plans} failed={failed} retry={retry} showFeatures={false} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUpgrading(false)}>{t('subscription.close')}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={billing} onClose={() => setBilling(false)} aria-labelledby="billing-title">
        <DialogTitle id="billing-title">{t('subscription.billingTitle')}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{t('subscription.billingHelp')}</Typography>
          <Stack sx={{ gap: 1, my: 2 }}>
            {whatsapp ? (
              <>
                <Link href={whatsapp} target="_blank" rel="noopener noreferrer">{t('subscription.whatsappHelp')}</Link>
                <Link href={whatsapp} target="_blank" rel="noopener noreferrer">{t('subscription.whatsappSupport')}</Link>
              </>
            ) : null}
            {support?.email ? <Link href={`mailto:${support.email}`}>{t('subscription.emailSupport')}</Link> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('subscription.billingCancelText')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBilling(false)}>{t('subscription.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function MySubscriptionScreen() {
  return (
    <FeatureMessages load={loadSubscriptionMessages}>
      <MySubscription />
    </FeatureMessages>
  );
}
