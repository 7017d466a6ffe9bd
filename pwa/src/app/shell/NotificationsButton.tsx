import { useState } from 'react';
import { useIntl } from 'react-intl';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useNotifications } from '#pwa/db/use-content.ts';
import { useOnDemand } from '#pwa/lib/use-on-demand.ts';
import { UnreadBadge, unreadValues } from './UnreadBadge.tsx';

const loadMenu = () => import('./NotificationsMenu.tsx').then((m) => m.NotificationsMenu);

/** Header widget (SPEC §2): the unread count, the latest notifications, and a way to all of them. */
export function NotificationsButton() {
  const intl = useIntl();
  const notifications = useNotifications() ?? [];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useOnDemand(loadMenu, 'notifications-menu');
  const unread = notifications.filter((n) => !n.read).length;
  const label = unread > 0 ? intl.formatMessage({ id: 'shell.notificationsUnread' }, unreadValues(unread)) : intl.formatMessage({ id: 'shell.notifications' });

  return (
    <>
      <IconButton
        onClick={(event) => {
          const button = event.currentTarget;
          menu.open(() => setAnchor(button));
        }}
        onPointerEnter={menu.preload}
        onFocus={menu.preload}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls={anchor ? 'notifications-menu' : undefined}
        data-testid="notifications-button"
      >
        <UnreadBadge count={unread} testId="notifications-badge">
          <NotificationsIcon />
        </UnreadBadge>
      </IconButton>
      {menu.Component && <menu.Component id="notifications-menu" anchor={anchor} notifications={notifications} onClose={() => setAnchor(null)} />}
    </>
  );
}
