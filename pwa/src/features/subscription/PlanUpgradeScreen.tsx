import { useIntl } from 'react-intl';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { PlanCards } from './PlanCards.tsx';
import { usePlans } from './use-plans.ts';
import { loadSubscriptionMessages } from './i18n/messages.ts';

/** SPEC §2 /plan-upgrade: three plan cards and the reasons to choose. */
function PlanUpgrade() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { plans, failed, retry } = usePlans(intl.locale);
  return (
    <>
      <PageHeading titleId="plans.title" />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('plans.subtitle')}
      </Typography>
      <PlanCards plans={plans} failed={failed} retry={retry} />
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('plans.reasonsTitle')}
          </Typography>
          <Stack component="ul" sx={{ m: 0, pl: 3, gap: 1 }}>
            {[1, 2, 3, 4].map((i) => (
              <Typography component="li" key={i}>
                {t(`plans.reason${i}`)}
              </Typography>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function PlanUpgradeScreen() {
  return (
    <FeatureMessages load={loadSubscriptionMessages}>
      <PlanUpgrade />
    </FeatureMessages>
  );
}
