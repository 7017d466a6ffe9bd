import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { formatMoney } from '#protocol/domain/money.ts';
import { answer, apiClient, ApiRequestError } from '#pwa/lib/api.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { flush } from '#pwa/sync/user-data.ts';
import type { PlanOffer } from '#protocol/contract/plans.ts';
import type { PlanId } from '#protocol/domain/plans.ts';
import { PixDialog } from './PixDialog.tsx';

/** One feature line with its check mark. */
function FeatureItem({ feature }: { feature: string }) {
  const intl = useIntl();
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 32 }}>
        <CheckIcon color="success" fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={intl.formatMessage({ id: `plans.feature.${feature}` })} />
    </ListItem>
  );
}

/**
 * The three plans. Features every plan has are listed once, under the cards (SPEC §9: the plans
 * differ only in duration; repeated on each card they made the page 2,870 px tall on a phone);
 * a card lists only what its plan adds. A plan paid at a provider's checkout creates an order and
 * goes there (issue 18); one with a payment link opens it in a new tab; otherwise (demo payments
 * mode) the plan is activated here and the user goes to /subscription (SPEC §4).
 */
export function PlanCards({ plans, failed, retry, showFeatures = true }: { plans: PlanOffer[] | null; failed: boolean; retry: () => void; showFeatures?: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [pix, setPix] = useState<PlanId | null>(null);

  const choose = async (plan: PlanOffer) => {
    if (plan.checkout) {
      setBusy(plan.id);
      try {
        // The server prices the order for the client's country and opens the provider's checkout.
        const { checkoutUrl } = await answer(apiClient.orders.$post({ json: { planId: plan.id } }));
        window.location.assign(checkoutUrl);
      } catch (error) {
        showToast({ severity: 'error', title: { id: 'plans.errorActivating' }, description: error instanceof ApiRequestError && error.code !== 'NETWORK' ? error.message : t('errors.network') });
        setBusy(null);
      }
      return;
    }
    if (plan.paymentLink) {
      window.open(plan.paymentLink, '_blank', 'noopener,noreferrer');
      return;
    }
    setBusy(plan.id);
    try {
      const now = new Date();
      // The server prices and dates the plan itself; these fields only follow SPEC §7's call shape.
      await answer(apiClient.subscriptions.$post({ json: { planId: plan.id, internalPlanId: plan.id, startDate: now.toISOString(), endDate: null, price: plan.price, currency: plan.currency } }));
      await flush();
      showToast({ severity: 'success', title: { id: 'plans.planActivated' }, description: t('plans.planActivatedDescription', { plan: t(`plans.names.${plan.displayKey}`) }) });
      navigate('/subscription');
    } catch (error) {
      const notFound = error instanceof ApiRequestError && error.code === 'PLAN_NOT_FOUND';
      showToast({
        severity: 'error',
        title: { id: notFound ? 'plans.planNotFound' : 'plans.errorActivating' },
        description: error instanceof ApiRequestError && error.code !== 'NETWORK' ? error.message : t('errors.network'),
      });
    } finally {
      setBusy(null);
    }
  };

  if (failed) {
    return (
      <Alert severity="error" action={<Button onClick={retry}>{t('plans.retry')}</Button>}>
        {t('plans.loadError')}
      </Alert>
    );
  }
  if (!plans) {
    return (
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={160} sx={{ flex: 1 }} />
        ))}
      </Stack>
    );
  }
  const shared = plans[0]?.features.filter((feature) => plans.every((plan) => plan.features.includes(feature))) ?? [];
  return (
    <Stack sx={{ gap: 3 }}>
      {pix && <PixDialog planId={pix} onClose={() => setPix(null)} />}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'stretch' }}>
        {plans.map((plan) => (
          <Card key={plan.id} variant="outlined" sx={{ flex: 1, borderColor: plan.mostPopular ? 'primary.main' : undefined, borderWidth: plan.mostPopular ? 2 : 1 }} data-testid={`plan-${plan.id}`}>
            <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', minHeight: 32 }}>
                <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  {t(`plans.names.${plan.displayKey}`)}
                </Typography>
                {plan.mostPopular && <Chip color="primary" size="small" label={t('plans.mostPopular')} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('plans.duration', { months: plan.durationMonths })}
              </Typography>
              <Box>
                {plan.originalPrice !== null && (
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                      {formatMoney(plan.originalPrice, plan.currency, intl.locale)}
                    </Typography>
                    <Chip size="small" color="secondary" label={t('plans.today')} />
                  </Stack>
                )}
                <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} data-testid={`plan-price-${plan.id}`}>
                  {formatMoney(plan.price, plan.currency, intl.locale)}
                </Typography>
              </Box>
              {showFeatures && plan.features.some((feature) => !shared.includes(feature)) && (
                <List dense>
                  {plan.features
                    .filter((feature) => !shared.includes(feature))
                    .map((feature) => (
                      <FeatureItem key={feature} feature={feature} />
                    ))}
                </List>
              )}
              <Button variant={plan.mostPopular ? 'contained' : 'outlined'} sx={{ mt: 'auto' }} onClick={() => choose(plan)} disabled={busy !== null} data-testid={`choose-${plan.id}`}>
                {t(busy === plan.id ? 'plans.choosing' : 'plans.choose')}
              </Button>
              {plan.pix && (
                <Button variant="outlined" onClick={() => setPix(plan.id)} disabled={busy !== null} data-testid={`pix-${plan.id}`}>
                  {t('plans.pix.button')}
                </Button>
              )}
              {plan.paymentLink && (
                <Typography variant="caption" color="text.secondary">
                  {t('plans.opensCheckout')}
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {showFeatures && shared.length > 0 && (
        <Card variant="outlined" data-testid="plan-features">
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('plans.allPlansInclude')}
            </Typography>
            <List dense sx={{ columns: { md: 2 } }}>
              {shared.map((feature) => (
                <FeatureItem key={feature} feature={feature} />
              ))}
            </List>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
