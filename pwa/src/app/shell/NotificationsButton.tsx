import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useNotifications } from '#pwa/db/use-content.ts';
import { markNotificationRead, notificationTarget, notificationWording } from '../../features/content/notifications.ts';

const LATEST = 5;

/** Header widget (SPEC §2): the unread count, the latest notifications, and a way to all of them. */
export function NotificationsButton() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const notifications = useNotifications() ?? [];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = notifications.filter((n) => !n.read).length;
  const label = unread > 0 ? t('shell.notificationsUnread', { count: unread }) : t('shell.notifications');

  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={label} aria-haspopup="menu" aria-controls={anchor ? 'notifications-menu' : undefined} data-testid="notifications-button">
          <Badge badgeContent={unread} color="error" max={99} data-testid="notifications-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu id="notifications-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}>
        {notifications.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t('content.notifications.empty')}</Typography>
          </MenuItem>
        )}
        {notifications.slice(0, LATEST).map((notification) => {
          const { title, message } = notificationWording(notification, t);
          return (
            <MenuItem
              key={notification.id}
              onClick={() => {
                if (!notification.read) void markNotificationRead(notification.id);
                go(notificationTarget(notification));
              }}
              data-testid="notifications-menu-item"
              sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
            >
              <ListItemText primary={title} secondary={message} slotProps={{ primary: { sx: { fontWeight: notification.read ? 400 : 700 } } }} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={() => go('/content?tab=notifications')} data-testid="notifications-see-all">
          <Typography color="primary" variant="body2" sx={{ fontWeight: 600 }}>
            {t('shell.seeAllNotifications')}
          </Typography>
        </MenuItem>
      </Menu>
    </>
  );
}
