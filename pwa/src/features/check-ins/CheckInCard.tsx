import { Suspense, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ChecklistIcon from '@mui/icons-material/FactCheckOutlined';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { useHealthConsent } from '#pwa/db/use-health-consent.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { useWeightProgress } from '#pwa/db/use-weight-records.ts';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';
import { loadCheckInMessages } from './i18n/messages.ts';
import { useCheckInWeek, type CheckInWeek } from './use-check-in-week.ts';

// Rare (no consent for health data): loaded only when shown, not with every dashboard.
const HealthConsentNotice = lazyPart(() => import('#pwa/components/HealthConsentNotice.tsx').then((m) => m.HealthConsentNotice));
// The form (toggle buttons, the number field) loads when the person starts the check-in, not with the dashboard.
const loadDialog = () => import('./CheckInDialog.tsx').then((m) => m.CheckInDialog);

function WeeklyCheckIn({ week, filled, waiting, questions, extras }: CheckInWeek & { week: string; extras?: ReactNode }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const weight = useWeightProgress();
  const dialog = useOnDemand(loadDialog, 'check-in-dialog');
  const [open, setOpen] = useState(false);
  const status = !filled ? 'due' : waiting ? 'waiting' : filled.reviewedAt ? 'reviewed' : 'sent';
  // A check-in's answers are health data (issue 22, part 4).
  const consented = useHealthConsent() !== false;
  return (
    <Card variant="outlined" component="section" aria-labelledby="check-in-card-title" sx={{ borderColor: status === 'due' ? 'primary.main' : undefined }} data-testid="check-in-card" data-status={status}>
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <ChecklistIcon color="primary" aria-hidden="true" />
        <div>
          <Typography id="check-in-card-title" variant="h6" component="h2">
            {t('checkIn.title')}
          </Typography>
          <Typography color="text.secondary">{t(`checkIn.${status}`)}</Typography>
        </div>
      </CardContent>
      {status === 'due' && !consented ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Suspense fallback={null}>
            <HealthConsentNotice />
          </Suspense>
        </CardActions>
      ) : (status === 'due' || status === 'reviewed') && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {status === 'due' ? (
            <Button variant="contained" onPointerEnter={dialog.preload} onFocus={dialog.preload} onClick={() => dialog.open(() => setOpen(true))} data-testid="check-in-start">
              {t('checkIn.start')}
            </Button>
          ) : (
            <Button component={RouterLink} to="/messages">
              {t('checkIn.openMessages')}
            </Button>
          )}
        </CardActions>
      )}
      {open && dialog.Component && <dialog.Component week={week} questions={questions} latestWeight={weight?.progress.currentWeight ?? null} extras={extras} onClose={() => setOpen(false)} />}
    </Card>
  );
}

/**
 * The dashboard's weekly check-in (issue 22, part 2): asked on the check-in day, then its state
 * for the week. `extras` are the app's ways to log this week's measurements and photos, offered
 * in the form (optional; each is its own record, as from /progress). On the other days it renders nothing and its strings are not loaded.
 */
export function CheckInCard({ extras }: { extras?: ReactNode }) {
  const state = useCheckInWeek(todayLocalDate());
  if (!state?.week) return null;
  return (
    <FeatureMessages load={loadCheckInMessages} fallback={null}>
      <WeeklyCheckIn {...state} week={state.week} extras={extras} />
    </FeatureMessages>
  );
}
