import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DietIcon from '@mui/icons-material/RestaurantOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import WorkoutIcon from '@mui/icons-material/FitnessCenter';
import { dailyCalories } from '#protocol/domain/diet-plan-display.ts';
import type { Gate } from '#protocol/domain/subscription-time.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { ActivationGate } from '#pwa/components/ActivationGate.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { useNotifications, usePublishedDiets, usePublishedWorkouts } from '#pwa/db/use-content.ts';
import { DietDetailDialog } from './DietDetailDialog.tsx';
import { NotificationList } from './NotificationList.tsx';
import { PreparingNotice } from './PreparingNotice.tsx';
import { useContentGate } from '#pwa/db/use-content-gate.ts';
import { WorkoutDialog } from './WorkoutDialog.tsx';
import { loadContentMessages } from './i18n/messages.ts';

const TABS = ['notifications', 'diets', 'workouts'] as const;
type ContentTab = (typeof TABS)[number];

const isTab = (value: string | null): value is ContentTab => (TABS as readonly (string | null)[]).includes(value);

/**
 * The count sits on the tab's icon, so three tabs fit side by side on a 360 px phone. No count, no
 * badge: a hidden one keeps its last count as text, and the tab, named by its content, would say it.
 */
function TabIcon({ icon, count, highlight }: { icon: React.ReactElement; count: number | undefined; highlight?: boolean }) {
  if (count === undefined) return icon;
  return (
    <Badge badgeContent={count} color={highlight ? 'error' : 'primary'} showZero={!highlight} max={99}>
      {icon}
    </Badge>
  );
}

function PlanCard({ title, description, facts, actions, testId }: { title: string; description: string | null; facts: (string | null)[]; actions: React.ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {facts.filter(Boolean).join(' · ')}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>{actions}</CardActions>
    </Card>
  );
}

/**
 * A tab of plans, or SPEC §2's empty states: no plan → activation prompt; a plan but nothing
 * published → 'within 4 hours'.
 */
function PlanList<T>({ plans, gate, kind, loading, children }: { plans: T[] | undefined; gate: Gate | undefined; kind: 'diet' | 'workout'; loading: React.ReactNode; children: (plan: T) => React.ReactNode }) {
  if (plans === undefined || gate === undefined) return loading;
  if (gate !== 'open') return <ActivationGate gate={gate} />;
  if (plans.length === 0) return <PreparingNotice kind={kind} />;
  return <Stack sx={{ gap: 2 }}>{plans.map(children)}</Stack>;
}

/** SPEC §2 My Content: notifications, diets and workouts, all read from this device. */
function Content() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ContentTab = isTab(requested) ? requested : 'notifications';
  const notifications = useNotifications();
  const diets = usePublishedDiets();
  const workouts = usePublishedWorkouts();
  const gate = useContentGate();
  const [dietDialog, setDietDialog] = useState<DietPlanDto | null>(null);
  const [workoutDialog, setWorkoutDialog] = useState<WorkoutPlanDto | null>(null);
  const open = gate === 'open';
  const unread = notifications?.filter((n) => !n.read).length;
  const date = (iso: string | null) => (iso && Number.isFinite(Date.parse(iso)) ? intl.formatDate(iso, { dateStyle: 'medium' }) : t('content.invalidDate'));

  const loading = (
    <Stack sx={{ gap: 2 }} role="status" aria-busy="true" aria-label={t('app.loading')}>
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );

  return (
    <>
      <PageHeading titleId="content.title" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: ContentTab) => setParams({ tab: value }, { replace: true })}
          variant="fullWidth"
          aria-label={t('content.title')}
          sx={{ maxWidth: 640, '& .MuiTab-root': { fontSize: { xs: '0.75rem', sm: '0.875rem' }, px: 1, minHeight: 64 } }}
        >
          <Tab value="notifications" iconPosition="top" icon={<TabIcon icon={<NotificationsIcon />} count={unread || undefined} highlight />} label={t('content.tabs.notifications')} data-testid="tab-notifications" id="tab-notifications" aria-controls="panel-content" />
          <Tab value="diets" iconPosition="top" icon={<TabIcon icon={<DietIcon />} count={open ? diets?.length : undefined} />} label={t('content.tabs.diets')} data-testid="tab-diets" id="tab-diets" aria-controls="panel-content" />
          <Tab value="workouts" iconPosition="top" icon={<TabIcon icon={<WorkoutIcon />} count={open ? workouts?.length : undefined} />} label={t('content.tabs.workouts')} data-testid="tab-workouts" id="tab-workouts" aria-controls="panel-content" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="panel-content" aria-labelledby={`tab-${tab}`} sx={{ maxWidth: 760 }}>
        {tab === 'notifications' && (notifications === undefined ? loading : <NotificationList notifications={notifications} />)}
        {tab === 'diets' && (
          <PlanList plans={diets} gate={gate} kind="diet" loading={loading}>
            {(diet) => {
              const { meals } = diet.content;
              const calories = dailyCalories(diet, meals);
              const facts = [calories === null ? null : t('content.kcal', { calories }), t('content.mealsCount', { count: meals.length }), t('content.publishedOn', { date: date(diet.publishedAt) })];
              return (
                <PlanCard
                  key={diet.id}
                  testId="diet-card"
                  title={diet.title}
                  description={diet.description}
                  facts={facts}
                  actions={
                    <>
                      <Button variant="contained" component={RouterLink} to={`/diet?id=${encodeURIComponent(diet.id)}`} data-testid="diet-open-full">
                        {t('content.viewFullPlan')}
                      </Button>
                      <Button onClick={() => setDietDialog(diet)} data-testid="diet-details">
                        {t('content.details')}
                      </Button>
                    </>
                  }
                />
              );
            }}
          </PlanList>
        )}
        {tab === 'workouts' && (
          <PlanList plans={workouts} gate={gate} kind="workout" loading={loading}>
            {(workout) => (
              <PlanCard
                key={workout.id}
                testId="workout-card"
                title={workout.title}
                description={workout.description}
                facts={[workout.frequency, workout.duration, t('content.workout.dayCount', { count: workout.content.schedule.length }), t('content.publishedOn', { date: date(workout.publishedAt) })]}
                actions={
                  <Button variant="contained" onClick={() => setWorkoutDialog(workout)} data-testid="workout-open">
                    {t('content.workout.open')}
                  </Button>
                }
              />
            )}
          </PlanList>
        )}
      </Box>
      {dietDialog && <DietDetailDialog diet={dietDialog} onClose={() => setDietDialog(null)} />}
      {workoutDialog && <WorkoutDialog workout={workoutDialog} onClose={() => setWorkoutDialog(null)} />}
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function ContentScreen() {
  return (
    <FeatureMessages load={loadContentMessages}>
      <Content />
    </FeatureMessages>
  );
}
