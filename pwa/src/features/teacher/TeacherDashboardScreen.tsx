import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import { useLivePokes } from '#pwa/sync/live-pokes.ts';
import { CommissionsTab } from './CommissionsTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { PayoutsTab } from './PayoutsTab.tsx';
import { StudentsTab } from './StudentsTab.tsx';
import { TableSkeleton } from './TableSkeleton.tsx';
import { teacherResources } from './teacher-api.ts';
import { loadTeacherMessages } from './i18n/messages.ts';
import { loadCoachingMessages } from '#pwa/components/i18n/messages.ts';
import { mergedCatalogs } from '#pwa/i18n/messages.ts';

// The tables' and the attention view's words are the coaching pieces' own (components/i18n/coaching).
const loadDashboardMessages = mergedCatalogs(loadTeacherMessages, loadCoachingMessages);

// The referral tab's form (formik and the teachers' schemas, ~24 KB gzip) loads when the tab is
// pointed at or first opens, not with the dashboard (issue 20, part 4).
const loadReferralTab = () => import('./ReferralTab.tsx').then((m) => m.ReferralTab);

export const TEACHER_TABS = ['overview', 'students', 'referral', 'commissions', 'payouts'] as const;
export type TeacherTab = (typeof TEACHER_TABS)[number];

/**
 * SPEC §2 /teacher-dashboard: five tabs. The overview loads at once; students, referral,
 * commissions and payouts load the first time their tab opens (SPEC §7), and keep their data
 * when the teacher moves between tabs. Online only, like the admin panel.
 */
function TeacherDashboardTabs() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [tab, setTab] = useState<TeacherTab>('overview');
  const [opened, setOpened] = useState<ReadonlySet<TeacherTab>>(() => new Set(['overview']));

  const dashboard = useOnlineResource('dashboard', teacherResources.dashboard);
  const threads = useOnlineResource('coach-threads', teacherResources.threads);
  const checkIns = useOnlineResource('coach-check-ins', teacherResources.checkIns);
  // A student's message or check-in reaches the open dashboard within seconds.
  useLivePokes(() => {
    void threads.reload();
    void checkIns.reload();
  });
  const students = useOnlineResource(opened.has('students') ? 'students' : null, teacherResources.students);
  const attention = useOnlineResource(opened.has('students') ? 'attention' : null, teacherResources.attention);
  const links = useOnlineResource(opened.has('referral') ? 'referral' : null, teacherResources.referralLinks);
  const ledger = useOnlineResource(opened.has('commissions') ? 'commissions' : null, teacherResources.ledger);
  const payouts = useOnlineResource(opened.has('payouts') ? 'payouts' : null, teacherResources.payouts);

  const referralTab = useOnDemand(loadReferralTab, 'referral-tab');

  const open = (next: TeacherTab) => {
    if (next === 'referral') referralTab.open(() => undefined);
    setTab(next);
    setOpened((current) => (current.has(next) ? current : new Set([...current, next])));
  };

  const panel = () => {
    switch (tab) {
      case 'overview':
        return (
          <OverviewTab
            threads={threads}
            checkIns={checkIns}
            data={dashboard.data}
            error={dashboard.error}
            retry={() => void dashboard.reload()}
            onAiKeyChanged={(hasAiKey) => dashboard.update((d) => ({ ...d, hasAiKey }))}
          />
        );
      case 'students':
        return (
          <StudentsTab
            students={students.data?.students ?? null}
            attention={attention.data?.students ?? null}
            error={students.error}
            retry={() => {
              void students.reload();
              void attention.reload();
            }}
          />
        );
      case 'referral':
        return !referralTab.Component ? (
          <TableSkeleton />
        ) : (
          <referralTab.Component
            links={links.data?.referralLinks ?? null}
            error={links.error}
            retry={() => void links.reload()}
            onUpdated={(link) => links.update((d) => ({ referralLinks: d.referralLinks.map((l) => (l.id === link.id ? link : l)) }))}
          />
        );
      case 'commissions':
        return <CommissionsTab ledger={ledger.data?.ledger ?? null} error={ledger.error} retry={() => void ledger.reload()} />;
      case 'payouts':
        return (
          <PayoutsTab
            payouts={payouts.data?.payouts ?? null}
            dashboard={dashboard.data}
            error={payouts.error ?? dashboard.error}
            retry={() => {
              if (payouts.error || !payouts.data) void payouts.reload();
              if (dashboard.error || !dashboard.data) void dashboard.reload();
            }}
            onRequested={() => {
              void payouts.reload();
              void dashboard.reload();
            }}
          />
        );
    }
  };

  return (
    <>
      <PageHeading titleId="nav.teacherDashboard" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, minWidth: 0 }}>
        {/* Labels wrap onto a second row rather than scroll out of sight ("o geral" at 390 px): the
            selected tab is underlined by its own border, as the sliding indicator cannot follow a wrap. */}
        <Tabs
          value={tab}
          onChange={(_event, next: TeacherTab) => open(next)}
          aria-label={t('teacher.tabs.label')}
          sx={{
            '& .MuiTabs-list': { flexWrap: 'wrap' },
            '& .MuiTabs-indicator': { display: 'none' },
            '& .MuiTab-root': { minWidth: 0, px: 1.5, borderBottom: 2, borderColor: 'transparent' },
            '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
          }}
        >
          {TEACHER_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`teacher.tabs.${name}`)}
              id={`teacher-tab-${name}`}
              aria-controls={`teacher-panel-${name}`}
              data-testid={`teacher-tab-${name}`}
              {...(name === 'referral' && { onPointerEnter: referralTab.preload, onFocus: referralTab.preload })}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`teacher-panel-${tab}`} aria-labelledby={`teacher-tab-${tab}`} sx={{ minWidth: 0 }} data-testid={`teacher-panel-${tab}`}>
        {panel()}
      </Box>
    </>
  );
}

/** The dashboard with the teacher programme's own strings, which load with it (i18n/messages.ts). */
export function TeacherDashboardScreen() {
  return (
    <FeatureMessages load={loadDashboardMessages}>
      <TeacherDashboardTabs />
    </FeatureMessages>
  );
}
