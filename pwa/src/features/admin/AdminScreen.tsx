import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { useLivePokes } from '#pwa/sync/live-pokes.ts';
import type { CoachCheckIn } from '#protocol/contract/messages.ts';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';
import { checkInApi, coachApi } from './admin-api.ts';
import { CheckInsSection } from './CheckInsSection.tsx';
import { InboxSection } from './InboxSection.tsx';
import { ExerciseImageTestDialog } from './ExerciseImageTestDialog.tsx';
import { PayoutsSection } from './PayoutsSection.tsx';
import { OrdersSection } from './OrdersSection.tsx';
import { UserList } from './UserList.tsx';
import { useStaffUser } from './use-staff-user.ts';
import { useStaffUsers } from './use-staff-users.ts';
import { loadAdminMessages } from './i18n/messages.ts';

// The review form comes when a check-in is opened: the panel's own code stays under its budget.
const loadReviewDialog = () => import('./CheckInReviewDialog.tsx').then((m) => m.CheckInReviewDialog);
// A user's detail (their plans, progress, photos, thread) comes when one is opened, not with the list.
const loadUserDetail = () => import('./UserDetail.tsx').then((m) => m.UserDetail);
// Who needs attention comes for admins only, apart from the panel (teachers have it in their dashboard).
const loadAttention = () => import('./AttentionSection.tsx').then((m) => m.AttentionSection);

/**
 * SPEC §2 /admin for admins and teachers: the users by diet freshness on the left, the selected
 * one on the right. Below the `lg` width (phones, tablets, a narrow window beside the sidebar) the
 * list comes first and the selected user replaces it, with a way back. Online only: staff work at
 * a desk, and every figure here is the server's.
 */
function AdminPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const theme = useTheme();
  const twoColumns = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const timeZone = deviceTimeZone();
  const today = localDateIn(timeZone, new Date());
  const list = useStaffUsers();
  const [query, setQuery] = useState('');
  // `/admin?client=<id>` opens a client (the teacher dashboard's messages link here); read once, as the panel keeps its selection in state.
  const [selectedId, setSelectedId] = useState<string | null>(() => new URLSearchParams(window.location.search).get('client'));
  const detail = useStaffUser(selectedId);
  // Loaded for the first client opened (a failed load is told, as every on-demand part's).
  const userDetail = useOnDemand(loadUserDetail, 'user-detail');
  const { open: openUserDetail, Component: UserDetail } = userDetail;
  useEffect(() => {
    if (selectedId !== null && !UserDetail) openUserDetail(() => undefined);
  }, [selectedId, UserDetail, openUserDetail]);
  const threads = useOnlineResource('coach-threads', coachApi.threads);
  const checkIns = useOnlineResource('coach-check-ins', checkInApi.queue);
  // A client's message or check-in, or a colleague's answer, reaches an open panel within seconds.
  useLivePokes(() => {
    void threads.reload();
    void checkIns.reload();
  });
  const reviewDialog = useOnDemand(loadReviewDialog, 'check-in-review');
  const attentionSection = useOnDemand(loadAttention, 'attention');
  const [attentionShown, setAttentionShown] = useState(false);
  const [reviewing, setReviewing] = useState<CoachCheckIn | null>(null);
  const [imageTest, setImageTest] = useState(false);
  // Teachers' payouts are money an admin alone moves (ADR 013): teachers in the panel never see them.
  const isAdmin = useSession((s) => s.client?.role === 'admin');

  const changed = () => {
    void detail.reload();
    void list.reload();
  };

  const select = (id: string | null) => {
    setSelectedId(id);
    if (id !== null && !twoColumns) window.scrollTo({ top: 0 }); // the user replaces the list: start at its top
  };

  const listColumn = (
    <Box component="section" aria-label={t('admin.list.title')}>
      <InboxSection threads={threads.data?.threads ?? null} error={threads.error} retry={() => void threads.reload()} selectedId={selectedId} onOpen={select} />
      <CheckInsSection
        checkIns={checkIns.data?.checkIns ?? null}
        error={checkIns.error}
        retry={() => void checkIns.reload()}
        onOpen={(item) => reviewDialog.open(() => setReviewing(item))}
      />
      <UserList
        users={list.users}
        loading={list.loading}
        error={list.error}
        retry={() => void list.reload()}
        query={query}
        onQueryChange={setQuery}
        selectedId={selectedId}
        onSelect={select}
        today={today}
        timeZone={timeZone}
      />
    </Box>
  );

  const detailColumn = (
    <Box component="section" aria-label={t('admin.detail.title')} sx={{ minWidth: 0 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => setSelectedId(null)} sx={{ mb: 1, display: { lg: 'none' } }} data-testid="admin-back">
        {t('admin.backToList')}
      </Button>
      {selectedId === null ? (
        <Typography color="text.secondary" data-testid="admin-no-selection">
          {t('admin.detail.noSelection')}
        </Typography>
      ) : UserDetail ? (
        <UserDetail
          key={selectedId}
          user={detail.user}
          loading={detail.loading}
          error={detail.error}
          retry={() => void detail.reload()}
          today={today}
          onChanged={changed}
          onDeleted={() => {
            setSelectedId(null);
            void list.reload();
          }}
          onThreadRead={() => void threads.reload()}
        />
      ) : (
        <Skeleton variant="rounded" height={240} />
      )}
    </Box>
  );

  return (
    <>
      <PageHeading titleId="admin.title" />
      {/* One tree at every width, the narrow layout hiding a column: resizing or rotating keeps an open form and what it holds. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(280px, 360px) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0, display: { xs: selectedId === null ? 'block' : 'none', lg: 'block' } }}>{listColumn}</Box>
        <Box sx={{ minWidth: 0, display: { xs: selectedId === null ? 'none' : 'block', lg: 'block' } }}>{detailColumn}</Box>
      </Box>
      {/* A table of every client: it loads when asked for, not with the panel (its budget, ADR 026). */}
      {isAdmin && attentionShown && attentionSection.Component ? (
        <attentionSection.Component
          onOpen={(id) => {
            select(id);
            window.scrollTo({ top: 0 }); // the client opens at the top of the panel
          }}
        />
      ) : (
        isAdmin && (
          <Button
            variant="outlined"
            sx={{ mt: 4 }}
            onPointerEnter={attentionSection.preload}
            onFocus={attentionSection.preload}
            onClick={() => attentionSection.open(() => setAttentionShown(true))}
            data-testid="admin-attention-show"
          >
            {t('admin.attention.show')}
          </Button>
        )
      )}
      {isAdmin && <PayoutsSection />}
      {isAdmin && <OrdersSection />}
      <Stack direction="row" sx={{ justifyContent: 'center', mt: 6, mb: 2 }}>
        <Button size="small" color="inherit" sx={{ color: 'text.secondary', textTransform: 'none' }} onClick={() => setImageTest(true)} data-testid="admin-exercise-image-test">
          {t('admin.imageTest.open')}
        </Button>
      </Stack>
      {imageTest && <ExerciseImageTestDialog onClose={() => setImageTest(false)} />}
      {reviewing && reviewDialog.Component && (
        <reviewDialog.Component
          key={reviewing.checkIn.id}
          item={reviewing}
          onClose={() => setReviewing(null)}
          onReviewed={() => {
            setReviewing(null);
            void checkIns.reload();
            void threads.reload();
          }}
        />
      )}
    </>
  );
}

/** The panel with its own strings, which load with it (i18n/messages.ts). */
export function AdminScreen() {
  return (
    <FeatureMessages load={loadAdminMessages}>
      <AdminPanel />
    </FeatureMessages>
  );
}
