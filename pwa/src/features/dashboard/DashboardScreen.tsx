import { memo, useCallback, useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import DietIcon from '@mui/icons-material/RestaurantOutlined';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import WorkoutIcon from '@mui/icons-material/FitnessCenter';
import { daysInApp, pendingToday } from '#protocol/domain/dashboard-tiles.ts';
import { localDateIn, trainingOn } from '#protocol/domain/daily-progress.ts';
import { greetingName } from '#protocol/contract/clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { LabeledValue } from '#pwa/components/LabeledValue.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { deviceTimeZone, todayLocalDate } from '#pwa/db/local-writes.ts';
import { usePublishedDiets, usePublishedWorkouts } from '#pwa/db/use-content.ts';
import { useDay } from '#pwa/db/use-day.ts';
import { useWeightProgress } from '#pwa/db/use-weight-records.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useSupportContact, whatsappLink, type SupportContact } from '#pwa/lib/support-contact.ts';
import { weekdayName } from '#pwa/lib/weekday.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';

type View = 'diet' | 'workout';

export interface DashboardSlots {
  /** The weight-record button (tracking feature), shown among the quick actions. */
  recordWeight: ReactNode;
  /** The body measurements button (measurements feature), after it. */
  recordMeasurements: ReactNode;
  /** The daily tracking card (tracking feature). */
  tracking: ReactNode;
  /** The weekly check-in (check-ins feature): shown when the week asks for one, or it was filled; last in its column. */
  checkIn?: ReactNode;
  /** The full diet and workout views (content feature), opened in the page. */
  dietView: (close: () => void) => ReactNode;
  workoutView: (close: () => void) => ReactNode;
}

/** A figure with its label; `value` null while the device's data loads: the tile and its label are
 * already in place, so nothing below moves when the figure arrives (layout shift, ADR 026). */
function Tile({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string | null; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center', '&:last-child': { pb: 2 } }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden="true">
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 800, lineHeight: 1.1 }} data-testid={testId}>
            {value ?? <Skeleton width="2ch" />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * My Diet / My Workout. `lines` null while the device reads its plans: two text skeletons, not
 * "not published yet", which a client with a plan read at every open. The two lines' place is kept
 * whatever comes, so nothing below moves when it does (ADR 026).
 */
function SummaryCard({ title, lines, action, onOpen, testId }: { title: string; lines: string[] | null; action: string; onOpen: () => void; testId: string }) {
  const shown = lines ?? [null, null];
  return (
    <Card variant="outlined" sx={{ flex: '1 1 260px', display: 'flex', flexDirection: 'column' }} aria-busy={lines === null} data-testid={testId}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {/* body1's and body2's line heights: the two lines of a published plan. */}
        <Box sx={{ minHeight: (theme) => `calc(${theme.typography.body1.fontSize} * ${theme.typography.body1.lineHeight} + ${theme.typography.body2.fontSize} * ${theme.typography.body2.lineHeight})` }}>
          {shown.map((line, i) => (
            <Typography key={i} color={i === 0 ? 'text.primary' : 'text.secondary'} variant={i === 0 ? 'body1' : 'body2'}>
              {line ?? <Skeleton width={i === 0 ? '70%' : '45%'} />}
            </Typography>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="outlined" onClick={onOpen} data-testid={`${testId}-open`}>
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}

const WelcomeCard = memo(function WelcomeCard({ firstName }: { firstName: string }) {
  const intl = useIntl();
  return (
    <Card sx={{ mb: 2, background: (theme) => `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`, color: 'primary.contrastText' }} data-testid="welcome-card">
      <CardContent>
        <PageHeading titleId="dashboard.greeting" values={{ name: firstName }} />
        <Typography>{intl.formatMessage({ id: 'dashboard.subtitle' })}</Typography>
      </CardContent>
    </Card>
  );
});

/** The four tiles; null figures while the device's data loads. Memoized with its figures: a live query's result elsewhere leaves it alone (ADR 026). */
const DashboardTiles = memo(function DashboardTiles({ workout, diet, days, goal }: { workout: string | null; diet: string | null; days: string | null; goal: string | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, mb: 2 }} data-testid="dashboard-tiles">
      <Tile icon={<WorkoutIcon />} label={t('dashboard.tiles.workoutPending')} value={workout} testId="tile-workout" />
      <Tile icon={<DietIcon />} label={t('dashboard.tiles.dietPending')} value={diet} testId="tile-diet" />
      <Tile icon={<CalendarIcon />} label={t('dashboard.tiles.daysInApp')} value={days} testId="tile-days" />
      <Tile icon={<FlagIcon />} label={t('dashboard.tiles.goalProgress')} value={goal} testId="tile-goal" />
    </Box>
  );
});

/** Current and target weight with the way to go; `loaded` false while the device reads them. */
const WeightCard = memo(function WeightCard({ loaded, current, target, goalPercent }: { loaded: boolean; current: number | null; target: number | null; goalPercent: number }) {
  const intl = useIntl();
  const measures = useMeasures();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const kg = (value: number | null) => (value === null ? t('dashboard.noData') : measures.weight(value));
  // How far to the goal, as the two figures shown read (ADR 020): 168.9 lb to 150 lb is 18.9 lb.
  const toGo = current !== null && target !== null ? { from: Math.max(current, target), to: Math.min(current, target) } : null;
  const goalReached = toGo !== null && Math.round((measures.weightFigure(toGo.from) - measures.weightFigure(toGo.to)) * 10) === 0;
  return (
    <Card variant="outlined" data-testid="weight-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('dashboard.weightTitle')}
        </Typography>
        {!loaded ? (
          <Skeleton variant="rounded" height={64} />
        ) : (
          <>
            <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
              <LabeledValue size="h5" label={t('dashboard.currentWeight')} value={kg(current)} testId="current-weight" />
              <LabeledValue size="h5" label={t('dashboard.targetWeight')} value={kg(target)} testId="target-weight" />
            </Stack>
            <LinearProgress variant="determinate" value={goalPercent} sx={{ mt: 2, height: 8, borderRadius: 4 }} aria-label={t('dashboard.tiles.goalProgress')} />
            {toGo !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {goalReached ? t('dashboard.goalReached') : t('dashboard.toGo', { value: measures.weightDifference(toGo.from, toGo.to) })}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
});

/** My Diet and My Workout, from the device's plans (the live queries' results, kept while unchanged). */
const PlanSummaries = memo(function PlanSummaries({ diets, workouts, dietPending, localDate, onOpen }: { diets: DietPlanDto[] | undefined; workouts: WorkoutPlanDto[] | undefined; dietPending: number; localDate: string; onOpen: (view: View) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const diet = diets?.[0] ?? null;
  const workout = workouts?.[0] ?? null;
  const today = workout ? trainingOn(workout.content.schedule, localDate) : null;
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      <SummaryCard
        testId="my-diet"
        title={t('nav.diet')}
        lines={diets === undefined ? null : diet ? [diet.title, t('dashboard.dietPending', { pending: dietPending })] : [t('dashboard.noDietYet')]}
        action={t('dashboard.openDiet')}
        onOpen={() => onOpen('diet')}
      />
      <SummaryCard
        testId="my-workout"
        title={t('nav.workout')}
        lines={workouts === undefined ? null : workout ? [workout.title, today ? (today.name ?? weekdayName(intl.locale, today.weekday)) : t('dashboard.restDay')] : [t('dashboard.noWorkoutYet')]}
        action={t('dashboard.openWorkout')}
        onOpen={() => onOpen('workout')}
      />
    </Stack>
  );
});

/** The quick actions; booking waits for the support contacts (undefined until they arrive, null for none). */
const QuickActions = memo(function QuickActions({ recordWeight, recordMeasurements, support, clientName, onOpen }: { recordWeight: ReactNode; recordMeasurements: ReactNode; support: SupportContact | null | undefined; clientName: string; onOpen: (view: View) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const appointmentText = t('dashboard.appointmentMessage', { name: clientName });
  const appointmentHref = support?.whatsapp ? whatsappLink(support.whatsapp, appointmentText) : support?.email ? `mailto:${support.email}?subject=${encodeURIComponent(t('dashboard.appointmentSubject'))}&body=${encodeURIComponent(appointmentText)}` : null;
  return (
    <Card variant="outlined" sx={{ order: { xs: -1, lg: 0 } }} data-testid="quick-actions">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('dashboard.quickActions')}
        </Typography>
        <Stack sx={{ gap: 1, '& > *': { justifyContent: 'flex-start' } }}>
          {recordWeight}
          {recordMeasurements}
          <Button variant="outlined" startIcon={<DietIcon />} onClick={() => onOpen('diet')} data-testid="quick-diet">
            {t('dashboard.viewDiet')}
          </Button>
          <Button variant="outlined" startIcon={<WorkoutIcon />} onClick={() => onOpen('workout')} data-testid="quick-workout">
            {t('dashboard.viewWorkout')}
          </Button>
          {appointmentHref ? (
            <Button variant="outlined" startIcon={<EventIcon />} href={appointmentHref} target="_blank" rel="noopener noreferrer" data-testid="quick-appointment">
              {t('dashboard.scheduleAppointment')}
            </Button>
          ) : (
            // Until the contacts arrive there is nowhere to book; a server without any hides it.
            support === undefined && <Button variant="outlined" startIcon={<EventIcon />} disabled data-testid="quick-appointment">
              {t('dashboard.scheduleAppointment')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
});

/**
 * SPEC §2 dashboard: welcome, four tiles, current and target weight, quick actions, My Diet and
 * My Workout (opening full views in the page, with the browser's back closing them) and the daily
 * tracking card. Everything is read from this device, so it renders at the gym without signal.
 * The device's data arrives in several live queries as a first pull lands: the sections are
 * memoized parts given figures, so each result re-renders and commits only what shows it, not the
 * whole screen in one long task (ADR 026).
 */
export function DashboardScreen({ recordWeight, recordMeasurements, tracking, checkIn, dietView, workoutView }: DashboardSlots) {
  const intl = useIntl();
  const client = useSession((s) => s.client);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') as View | null;
  const localDate = todayLocalDate();
  const day = useDay(localDate);
  const diets = usePublishedDiets();
  const workouts = usePublishedWorkouts();
  const weight = useWeightProgress();
  const support = useSupportContact();

  const firstName = greetingName(client?.name ?? '');
  const open = useCallback((next: View) => setParams({ view: next }), [setParams]);
  // Back closes the view like the browser's back button: the view is a history entry.
  const close = () => (window.history.state?.idx > 0 ? window.history.back() : setParams({}, { replace: true }));

  useEffect(() => {
    if (view) window.scrollTo({ top: 0 });
  }, [view]);

  if (view === 'diet' || view === 'workout') {
    return (
      <>
        <PageHeading titleId="dashboard.greeting" values={{ name: firstName }} />
        <Box sx={{ maxWidth: 760 }}>{view === 'diet' ? dietView(close) : workoutView(close)}</Box>
      </>
    );
  }

  const loaded = diets !== undefined && workouts !== undefined && weight !== undefined && day !== undefined;
  const diet = diets?.[0] ?? null;
  const workout = workouts?.[0] ?? null;
  const today = workout ? trainingOn(workout.content.schedule, localDate) : null;
  const pending = pendingToday({ workoutScheduledToday: today !== null, hasPublishedDiet: diet !== null, workoutCompleted: day?.workoutCompleted ?? false, dietFollowed: day?.dietFollowed ?? false });
  const registered = client?.createdAt && Number.isFinite(Date.parse(client.createdAt)) ? localDateIn(deviceTimeZone(), new Date(client.createdAt)) : '';
  const progress = weight?.progress;

  return (
    <>
      <WelcomeCard firstName={firstName} />
      <DashboardTiles
        workout={loaded ? intl.formatNumber(pending.workout) : null}
        diet={loaded ? intl.formatNumber(pending.diet) : null}
        days={loaded ? intl.formatNumber(daysInApp(registered, localDate)) : null}
        goal={loaded ? intl.formatNumber((progress?.goalPercent ?? 0) / 100, { style: 'percent' }) : null}
      />

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
        {/* On a phone the quick actions come first; on a desktop they sit in the right column. */}
        <Stack sx={{ gap: 2, minWidth: 0 }}>
          <WeightCard loaded={weight !== undefined} current={progress?.currentWeight ?? null} target={progress?.targetWeight ?? null} goalPercent={progress?.goalPercent ?? 0} />
          <PlanSummaries diets={diets} workouts={workouts} dietPending={pending.diet} localDate={localDate} onOpen={open} />
          {tracking}
          {/* Last in its column: it appears once the device knows the week asks for it, and
              nothing below it can move then (layout shift, ADR 026). */}
          {checkIn}
        </Stack>
        <QuickActions recordWeight={recordWeight} recordMeasurements={recordMeasurements} support={support} clientName={client?.name ?? ''} onOpen={open} />
      </Box>
    </>
  );
}
