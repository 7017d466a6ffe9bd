import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ContentIcon from '@mui/icons-material/MenuBookOutlined';
import DietIcon from '@mui/icons-material/RestaurantOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PlanIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ProfileIcon from '@mui/icons-material/PersonOutlined';
import ProgressIcon from '@mui/icons-material/ShowChart';
import MessagesIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TeacherIcon from '@mui/icons-material/SchoolOutlined';
import WorkoutIcon from '@mui/icons-material/FitnessCenter';
import type { Role } from '#protocol/domain/client-enums.ts';
import { Logo } from '#pwa/components/Logo.tsx';
import { ThemeToggleButton } from '#pwa/components/ThemeToggleButton.tsx';
import { useSession } from '#pwa/lib/session.ts';
import { useLogout } from './SessionDialogs.tsx';
import { SubscriptionBanners } from './SubscriptionBanners.tsx';
import { useTrialOnFirstLoad } from '../../features/subscription/use-trial.ts';
import { SyncStatusIndicator } from './SyncStatusIndicator.tsx';
import { MessagesButton, MessagesTab } from './MessagesButton.tsx';
import { RefusalNotices } from './RefusalNotices.tsx';
import { INSTALL_BANNER_SPACE, InstallBanner } from './InstallBanner.tsx';
import { NotificationsButton } from './NotificationsButton.tsx';
import { useProfileLanguage } from './use-profile-language.ts';

const DRAWER_WIDTH = 264;
const BOTTOM_BAR_HEIGHT = 64;

interface NavEntry {
  to: string;
  labelId: string;
  icon: React.ReactNode;
  roles?: Role[];
}

/** SPEC §2 sidebar entries; teacher dashboard for teachers, admin for admins and teachers. */
const NAV_ENTRIES: NavEntry[] = [
  { to: '/dashboard', labelId: 'nav.dashboard', icon: <HomeIcon /> },
  { to: '/progress', labelId: 'nav.progress', icon: <ProgressIcon /> },
  { to: '/messages', labelId: 'nav.messages', icon: <MessagesIcon />, roles: ['user'] },
  { to: '/content', labelId: 'nav.content', icon: <ContentIcon /> },
  { to: '/subscription', labelId: 'nav.subscription', icon: <PlanIcon /> },
  { to: '/profile', labelId: 'nav.profile', icon: <ProfileIcon /> },
  { to: '/settings', labelId: 'nav.settings', icon: <SettingsIcon /> },
  { to: '/teacher-dashboard', labelId: 'nav.teacherDashboard', icon: <TeacherIcon />, roles: ['teacher'] },
  { to: '/admin', labelId: 'nav.admin', icon: <AdminIcon />, roles: ['admin', 'teacher'] },
];

/**
 * SPEC §2 mobile bottom bar. Workout opens /workout, the session at the gym (ADR 030: the tab a
 * client taps between sets), and is active on /content's workouts too; diet opens /content, whose
 * tab parameter tells the two apart (ADR 005).
 */
const BOTTOM_TABS = [
  { value: 'workout', to: '/workout', labelId: 'bottomNav.workout', icon: <WorkoutIcon /> },
  { value: 'dashboard', to: '/dashboard', labelId: 'bottomNav.dashboard', icon: <HomeIcon /> },
  { value: 'diet', to: '/content?tab=diets', labelId: 'bottomNav.diet', icon: <DietIcon /> },
  { value: 'profile', to: '/profile', labelId: 'bottomNav.profile', icon: <ProfileIcon /> },
] as const;

/** Five tabs fit a 360 px phone: MUI's 80 px minimum per tab would not, nor its larger selected label ("Mensagens"). */
const COMPACT_TAB = { minWidth: 0, px: 0.5, '&.Mui-selected .MuiBottomNavigationAction-label': { fontSize: '0.75rem' } } as const;

function LogoutButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <IconButton onClick={onClick} aria-label={label} title={label} data-testid={testId}>
      <LogoutIcon />
    </IconButton>
  );
}

function activeBottomTab(pathname: string, tab: string | null): string | false {
  if (pathname === '/' || pathname === '/dashboard') return 'dashboard';
  if (pathname === '/messages') return 'messages';
  if (pathname === '/profile') return 'profile';
  if (pathname === '/workout') return 'workout';
  if (pathname === '/content') return tab === 'workouts' ? 'workout' : tab === 'diets' ? 'diet' : false;
  return false;
}

export function AppShell() {
  const intl = useIntl();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const client = useSession((s) => s.client);
  const { requestLogout, dialogs } = useLogout();
  useTrialOnFirstLoad(client?.role === 'user' ? client.id : null);
  useProfileLanguage();
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const open = desktop ? desktopOpen : mobileOpen;
  const toggle = () => (desktop ? setDesktopOpen((o) => !o) : setMobileOpen((o) => !o));

  const handleLogout = () => void requestLogout();

  const entries = NAV_ENTRIES.filter((entry) => !entry.roles || (client && entry.roles.includes(client.role)));
  const name = client?.name ?? '';
  const installBanner = <InstallBanner bottomOffset={desktop ? 0 : BOTTOM_BAR_HEIGHT} />;

  // A landmark, so the brand and the account block are not content outside every region.
  const sidebar = (
    <Stack component="aside" sx={{ height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, px: 2.5, minHeight: 64 }}>
        <Logo size={36} />
        <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
          <FormattedMessage id="app.name" />
        </Typography>
      </Stack>
      <Divider />
      <Box component="nav" aria-label={t('shell.mainNavigation')} sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        <List>
          {entries.map((entry) => {
            const active = location.pathname === entry.to || (entry.to === '/dashboard' && location.pathname === '/');
            // <ul> may only hold <li>: each link sits in its own list item.
            return (
              <ListItem key={entry.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={entry.to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => setMobileOpen(false)}
                  sx={{ mx: 1, borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
                  <ListItemText primary={t(entry.labelId)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, p: 2 }} data-testid="sidebar-account" aria-label={t('shell.account', { name })}>
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {client?.email}
          </Typography>
        </Box>
        <LogoutButton label={t('shell.logout')} onClick={handleLogout} testId="sidebar-logout" />
      </Stack>
    </Stack>
  );

  const drawerShift = desktop && desktopOpen ? DRAWER_WIDTH : 0;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          width: { md: `calc(100% - ${drawerShift}px)` },
          ml: { md: `${drawerShift}px` },
          transition: theme.transitions.create(['width', 'margin']),
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            onClick={toggle}
            aria-label={t(open ? 'shell.closeMenu' : 'shell.openMenu')}
            aria-expanded={open}
            aria-controls="app-sidebar"
            data-testid="sidebar-toggle"
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ flex: 1 }} />
          <SyncStatusIndicator />
          {client?.role === 'user' && <MessagesButton />}
          <NotificationsButton />
          <ThemeToggleButton />
          <LogoutButton label={t('shell.logout')} onClick={handleLogout} testId="header-logout" />
        </Toolbar>
      </AppBar>

      <Drawer
        id="app-sidebar"
        variant={desktop ? 'persistent' : 'temporary'}
        open={open}
        onClose={() => setMobileOpen(false)}
        sx={{
          width: drawerShift,
          flexShrink: 0,
          transition: theme.transitions.create('width'),
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
        data-testid="sidebar"
      >
        {sidebar}
      </Drawer>

      <Box component="main" sx={{ flex: 1, minWidth: 0, pb: desktop ? `calc(32px + var(${INSTALL_BANNER_SPACE}, 0px))` : `calc(${BOTTOM_BAR_HEIGHT + 24}px + var(${INSTALL_BANNER_SPACE}, 0px))` }}>
        <Toolbar />
        <Container maxWidth="lg" sx={{ pt: 3 }}>
          {client?.role === 'user' ? <SubscriptionBanners fallback={installBanner} /> : installBanner}
          <Outlet />
        </Container>
      </Box>

      {dialogs}
      <RefusalNotices bottomOffset={desktop ? 0 : BOTTOM_BAR_HEIGHT} />

      {!desktop && (
        <Paper component="nav" aria-label={t('bottomNav.label')} elevation={8} sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: theme.zIndex.appBar }}>
          <BottomNavigation showLabels value={activeBottomTab(location.pathname, searchParams.get('tab'))} sx={{ height: BOTTOM_BAR_HEIGHT }} data-testid="bottom-nav">
            {BOTTOM_TABS.flatMap((tab) => [
              // Clients talk with their coach: a fifth tab before the profile (ADR 028); staff keep SPEC §2's four.
              ...(tab.value === 'profile' && client?.role === 'user' ? [<MessagesTab key="messages" value="messages" sx={COMPACT_TAB} />] : []),
              <BottomNavigationAction
                key={tab.value}
                value={tab.value}
                label={t(tab.labelId)}
                icon={tab.icon}
                component={NavLink}
                to={tab.to}
                sx={COMPACT_TAB}
                data-testid={`bottom-nav-${tab.value}`}
              />,
            ])}
          </BottomNavigation>
        </Paper>
      )}
    </Box>
  );
}
