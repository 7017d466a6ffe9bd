import { useIntl } from 'react-intl';
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import CloudDoneIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncIcon from '@mui/icons-material/CloudSyncOutlined';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useLiveData } from '#pwa/db/live-data.ts';
import { countPendingChanges } from '#pwa/db/pending-changes.ts';
import { useStoreInTransition } from '#pwa/lib/use-store-in-transition.ts';
import { useSyncStatus } from '#pwa/sync/sync-controller.ts';

/** Header widget: online or offline, how many changes wait to be sent, and the last sync time. */
export function SyncStatusIndicator() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const db = useCurrentDb();
  const pending = useLiveData(() => (db ? countPendingChanges(db) : 0), [db]) ?? 0;
  // As transitions: the status changes while the shell hydrates and the first pull lands.
  const { online, syncing, lastSyncAt, failed } = useStoreInTransition(useSyncStatus, ({ online, syncing, lastSyncAt, failed }) => ({ online, syncing, lastSyncAt, failed }));

  const state = !online ? 'offline' : syncing ? 'syncing' : pending > 0 ? 'pending' : 'synced';
  const icon = { offline: <CloudOffIcon />, syncing: <CloudSyncIcon />, pending: <CloudUploadIcon />, synced: <CloudDoneIcon /> }[state];
  const label = pending > 0 ? t('sync.unsynced', { count: pending }) : t(online ? (syncing ? 'sync.syncing' : 'sync.allSynced') : 'sync.offline');
  const connection = t(online ? 'sync.online' : 'sync.offline');
  const rest = [
    lastSyncAt ? t('sync.syncedAt', { time: intl.formatTime(lastSyncAt, { hour: '2-digit', minute: '2-digit' }) }) : t('sync.never'),
    ...(failed ? [t('sync.failed')] : []),
  ];
  const details = [connection, ...rest].join(' · ');
  // The name read aloud says the connection once: offline with nothing pending, the label already does.
  const spoken = [label, [...(connection === label ? [] : [connection]), ...rest].join(' · ')].join('. ');

  return (
    <Chip
      icon={
        <Badge color="warning" variant="dot" invisible={pending === 0}>
          {icon}
        </Badge>
      }
      label={label}
      variant="outlined"
      color={!online ? 'default' : pending > 0 ? 'warning' : 'success'}
      size="small"
      role="status"
      aria-label={spoken}
      title={details}
      data-testid="sync-status"
      data-state={state}
      data-pending={pending}
      sx={{ '& .MuiChip-label': { display: { xs: pending > 0 ? 'block' : 'none', sm: 'block' } } }}
    />
  );
}
