import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import { markNotificationRead, notificationTarget, notificationWording } from '../../features/content/notifications.ts';

const LATEST = 5;

export interface NotificationsMenuProps {
  id: string;
  anchor: HTMLElement | null;
  notifications: NotificationDto[];
  onClose(): void;
}

/** The dropdown of NotificationsButton: the latest notifications and a way to all of them. */
export function NotificationsMenu({ id, anchor, notifications, onClose }: NotificationsMenuProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const navigate = useNavigate();

  const go = (to: string) => {
    onClose();
    navigate(to);
  };

  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}>
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
  );
}
