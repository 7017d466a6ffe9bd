import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { StaffUserDetail } from '#protocol/contract/staff.ts';
import { CheckInDayField } from './CheckInDayField.tsx';
import { ClientProgressCard } from './ClientProgressCard.tsx';
import { ClientWorkoutsCard } from './ClientWorkoutsCard.tsx';
import { useSession } from '#pwa/lib/session.ts';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';
import { whatsappLink } from '#pwa/lib/support-contact.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { adminApi, type PlanKind } from './admin-api.ts';
import { ConfirmDialog } from '#pwa/components/ConfirmDialog.tsx';
import { generationFailed, planFailed, planSucceeded, userDeleteFailed } from './feedback.ts';
import { LoadError } from './LoadError.tsx';
import { NutritionCard } from './NutritionCard.tsx';
import type { PlanFormTarget } from './PlanFormDialog.tsx';
import { PlanList } from './PlanList.tsx';
import { TeacherApproval } from './TeacherApproval.tsx';
import { TranslationDialog, type TranslationTarget } from './TranslationDialog.tsx';
import { PasswordResetLink } from './PasswordResetLink.tsx';

// The plan form (formik and the plan schemas, ~24 KB gzip) comes with a user's detail, not with the panel (issue 20, part 4).
const loadPlanForm = () => import('./PlanFormDialog.tsx').then((m) => m.PlanFormDialog);
// The thread comes with a client's detail too: the panel's own code stays under its budget.
const loadThreadCard = () => import('./CoachThreadCard.tsx').then((m) => m.CoachThreadCard);

type Plan = StaffUserDetail['dietPlans'][number] | StaffUserDetail['workoutPlans'][number];
type Confirm = { kind: 'plan'; planKind: PlanKind; plan: Plan } | { kind: 'user' };

const SUBSCRIPTION_COLORS = { active: 'success', inactive: 'default', expired: 'error' } as const;

function SubscriptionSummary({ subscription }: { subscription: StaffUserDetail['subscription'] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  if (!subscription) return <Chip size="small" label={t('admin.subscription.none')} data-testid="admin-subscription" />;
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={SUBSCRIPTION_COLORS[subscription.status]}
        label={t(`admin.subscription.${subscription.isTrial ? 'trial' : subscription.status}`)}
        data-testid="admin-subscription"
      />
      {subscription.status === 'active' && (
        <Typography variant="body2" color="text.secondary">
          {t('admin.freshness.daysRemaining', { days: subscription.daysRemaining })}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * SPEC §2 right column: the selected user, the plan actions (new, AI draft), the nutrition card
 * and the user's diets and workouts. Every change reloads the user and tells the list (freshness
 * changes on publish).
 */
export function UserDetail({
  user,
  loading,
  error,
  retry,
  today,
  onChanged,
  onDeleted,
  onThreadRead,
}: {
  user: StaffUserDetail | null;
  loading: boolean;
  error: unknown;
  retry: () => void;
  today: string;
  onChanged: () => void;
  onDeleted: () => void;
  /** The coach read the client's thread: the inbox's unread counts change. */
  onThreadRead: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const selfId = useSession((s) => s.client?.id);
  const viewerIsAdmin = useSession((s) => s.client?.role === 'admin');
  const [form, setForm] = useState<PlanFormTarget | null>(null);
  const planForm = useOnDemand(loadPlanForm, 'plan-form');
  const { preload: preloadPlanForm } = planForm;
  useEffect(preloadPlanForm, [preloadPlanForm]);
  const openForm = (target: PlanFormTarget) => planForm.open(() => setForm(target));
  const threadCard = useOnDemand(loadThreadCard, 'coach-thread');
  // A teacher talks with their own students; a client with no teacher talks with the admins (ADR 028).
  const coachesUser = user?.role === 'user' && (viewerIsAdmin || user.teacherId === selfId);
  const { open: openThreadCard } = threadCard;
  useEffect(() => {
    if (coachesUser) openThreadCard(() => undefined);
  }, [coachesUser, openThreadCard]);
  const [translation, setTranslation] = useState<TranslationTarget | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [generating, setGenerating] = useState<PlanKind | null>(null);

  if (!user) {
    if (error) return <LoadError messageId="admin.detail.loadError" error={error} retry={retry} />;
    return loading ? (
      <Stack sx={{ gap: 2 }} role="status" aria-busy="true" aria-label={t('admin.detail.loading')} data-testid="admin-user-detail-loading">
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={140} />
      </Stack>
    ) : null;
  }

  const generate = async (kind: PlanKind) => {
    setGenerating(kind);
    try {
      const { draft, source } = await adminApi.generate(kind, user.id);
      openForm({ kind, mode: 'create', userId: user.id, draft, source });
    } catch (failure) {
      generationFailed(intl, kind, failure);
    } finally {
      setGenerating(null);
    }
  };

  const publish = async (kind: PlanKind, plan: Plan) => {
    try {
      await adminApi.publish(kind, plan.id);
      planSucceeded(intl, kind, 'publish');
      onChanged();
    } catch (failure) {
      planFailed(intl, kind, 'publish', failure);
    }
  };

  const confirmed = async () => {
    if (!confirm) return;
    if (confirm.kind === 'plan') {
      try {
        await adminApi.remove(confirm.planKind, confirm.plan.id);
        planSucceeded(intl, confirm.planKind, 'delete');
        setConfirm(null);
        onChanged();
      } catch (failure) {
        planFailed(intl, confirm.planKind, 'delete', failure);
        setConfirm(null);
      }
      return;
    }
    try {
      await adminApi.deleteUser(user.id);
      showToast({ severity: 'success', title: t('admin.toast.userDeleted') });
      setConfirm(null);
      onDeleted();
    } catch (failure) {
      userDeleteFailed(intl, failure);
      setConfirm(null);
    }
  };

  const digits = user.phone?.replace(/\D/g, '') ?? '';
  const staff = user.role === 'admin' || user.role === 'teacher';
  const actions: { testId: string; labelId: string; kind: PlanKind; ai: boolean }[] = [
    { testId: 'admin-new-diet', labelId: 'admin.detail.newDiet', kind: 'diet', ai: false },
    { testId: 'admin-generate-diet', labelId: 'admin.detail.generateDiet', kind: 'diet', ai: true },
    { testId: 'admin-new-workout', labelId: 'admin.detail.newWorkout', kind: 'workout', ai: false },
    { testId: 'admin-generate-workout', labelId: 'admin.detail.generateWorkout', kind: 'workout', ai: true },
  ];

  return (
    <Stack sx={{ gap: 2 }} data-testid="admin-user-detail">
      {error ? <LoadError messageId="admin.refreshError" error={error} retry={retry} compact /> : null}
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="admin-user-name">
                {user.name}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            </Box>
            {staff && <Chip size="small" color="primary" label={t(`admin.role.${user.role}`)} />}
          </Stack>
          <Stack sx={{ gap: 1, mt: 2 }}>
            {digits ? (
              <Link
                href={whatsappLink(digits)}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
                data-testid="admin-whatsapp"
              >
                <WhatsAppIcon fontSize="small" aria-hidden="true" />
                {t('admin.detail.whatsapp', { phone: user.phone ?? digits })}
              </Link>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('admin.detail.noPhone')}
              </Typography>
            )}
            <SubscriptionSummary subscription={user.subscription} />
            {coachesUser && (
              <Box sx={{ mt: 1, maxWidth: 280 }}>
                <CheckInDayField key={user.checkInDay} clientId={user.id} clientName={user.name} day={user.checkInDay} onSaved={onChanged} />
              </Box>
            )}
            {user.role === 'teacher' && <TeacherApproval teacherId={user.id} approvedAt={user.teacherApprovedAt} onApproved={onChanged} />}
            {viewerIsAdmin && user.id !== selfId && <PasswordResetLink key={user.id} userId={user.id} phone={user.phone} />}
          </Stack>
          <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
            {actions.map((action) => (
              <Button
                key={action.testId}
                variant={action.ai ? 'outlined' : 'contained'}
                startIcon={
                  action.ai && generating === action.kind ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : action.ai ? <AutoAwesomeIcon /> : <AddIcon />
                }
                disabled={generating !== null}
                onClick={() => (action.ai ? void generate(action.kind) : openForm({ kind: action.kind, mode: 'create', userId: user.id }))}
                data-testid={action.testId}
              >
                {action.ai && generating === action.kind ? t('admin.detail.generating') : t(action.labelId)}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>

      {coachesUser && threadCard.Component && <threadCard.Component clientId={user.id} clientName={user.name} onRead={onThreadRead} />}

      <NutritionCard client={user} today={today} />

      {user.role === 'user' && <ClientProgressCard client={user} />}

      {/* The sessions' scope is the thread's (ADR 028): a teacher's own students, every client for admins. */}
      {coachesUser && <ClientWorkoutsCard key={user.id} clientId={user.id} />}

      <Card variant="outlined">
        <CardContent>
          <PlanList
            kind="diet"
            plans={user.dietPlans}
            onPublish={(plan) => void publish('diet', plan)}
            onEdit={(plan) => openForm({ kind: 'diet', mode: 'edit', plan: { ...plan } })}
            onReviewTranslation={(plan) => setTranslation({ kind: 'diet', plan })}
            onDelete={(plan) => setConfirm({ kind: 'plan', planKind: 'diet', plan })}
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <PlanList
            kind="workout"
            plans={user.workoutPlans}
            onPublish={(plan) => void publish('workout', plan)}
            onEdit={(plan) => openForm({ kind: 'workout', mode: 'edit', plan: { ...plan } })}
            onReviewTranslation={(plan) => setTranslation({ kind: 'workout', plan })}
            onDelete={(plan) => setConfirm({ kind: 'plan', planKind: 'workout', plan })}
          />
        </CardContent>
      </Card>

      {user.id !== selfId && (
        <Box>
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirm({ kind: 'user' })} data-testid="admin-delete-user">
            {t('admin.detail.deleteUser')}
          </Button>
        </Box>
      )}

      {form && planForm.Component && (
        <planForm.Component
          key={form.mode === 'edit' ? form.plan.id : `${form.kind}-new`}
          target={form}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            onChanged();
          }}
        />
      )}
      {translation && (
        <TranslationDialog
          key={translation.plan.id}
          target={translation}
          onClose={() => setTranslation(null)}
          onSaved={() => {
            setTranslation(null);
            onChanged();
          }}
        />
      )}
      {confirm && (
        <ConfirmDialog
          title={t(confirm.kind === 'user' ? 'admin.detail.deleteUser' : confirm.planKind === 'diet' ? 'admin.confirm.deleteDietTitle' : 'admin.confirm.deleteWorkoutTitle')}
          message={confirm.kind === 'user' ? t('admin.confirm.deleteUserMessage', { name: user.name }) : t('admin.confirm.deletePlanMessage', { title: confirm.plan.title })}
          confirmLabel={t(confirm.kind === 'user' ? 'admin.confirm.deleteUser' : 'admin.detail.delete')}
          cancelLabel={t('admin.cancel')}
          onConfirm={confirmed}
          onClose={() => setConfirm(null)}
        />
      )}
    </Stack>
  );
}
