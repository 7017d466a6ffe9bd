import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DietIcon from '@mui/icons-material/RestaurantOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNoneOutlined';
import WorkoutIcon from '@mui/icons-material/FitnessCenter';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import { markNotificationRead, notificationWording } from './notifications.ts';

const ICONS = { diet_published: DietIcon, workout_published: WorkoutIcon, other: InfoIcon };

/** SPEC §2 Notificações tab: newest first; marking as read is a local change that syncs later. */
export function NotificationList({ notifications }: { notifications: readonly NotificationDto[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const unread = notifications.filter((n) => !n.read);

  if (notifications.length === 0) {
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1, py: 5 }} data-testid="notifications-empty">
        <NotificationsNoneIcon color="action" sx={{ fontSize: 44 }} aria-hidden="true" />
        <Typography color="text.secondary">{t('content.notifications.empty')}</Typography>
      </Stack>
    );
  }

  return (
    <Stack sx={{ gap: 1.5 }}>
      {unread.length > 1 && (
        <Button
          startIcon={<DoneAllIcon />}
          sx={{ alignSelf: 'flex-end' }}
          onClick={async () => {
            for (const n of unread) await markNotificationRead(n.id);
          }}
          data-testid="mark-all-read"
        >
          {t('content.notifications.markAllRead')}
        </Button>
      )}
      {notifications.map((notification) => {
        const Icon = ICONS[notification.type] ?? InfoIcon;
        const { title, message } = notificationWording(notification, t);
        return (
          <Card
            key={notification.id}
            variant="outlined"
            sx={notification.read ? undefined : { borderColor: 'primary.main', borderLeftWidth: 4 }}
            data-testid="notification"
            data-read={String(notification.read)}
          >
            <CardContent>
              <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                <Icon color={notification.read ? 'action' : 'primary'} aria-hidden="true" />
                <Stack sx={{ flex: 1, minWidth: 0, gap: 0.5 }}>
                  <Typography component="h3" sx={{ fontWeight: notification.read ? 500 : 700 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {message}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {Number.isFinite(Date.parse(notification.createdAt)) ? intl.formatDate(notification.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) : t('content.invalidDate')}
                  </Typography>
                  {!notification.read && (
                    <Button size="small" sx={{ alignSelf: 'flex-start', ml: -1 }} onClick={() => void markNotificationRead(notification.id)} data-testid="mark-read">
                      {t('content.notifications.markRead')}
                    </Button>
                  )}
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
