import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import type { Refusal } from '#pwa/db/user-db.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import type { Measures } from '#pwa/lib/measures.ts';
import { loadRefusalMessages } from './i18n/messages.ts';

const PROGRESS_FIELD_KEYS = { workoutCompleted: 'sync.refused.workoutCompleted', dietFollowed: 'sync.refused.dietFollowed', mood: 'sync.refused.mood', energy: 'sync.refused.energy' } as const;

/** What was refused, in words: the kind of change and the day or value it was about. */
function describeChange(intl: IntlShape, measures: Measures, { mutation }: Refusal): string {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // The day as the user saw it on the device: a local date, formatted without a time zone shift.
  const day = (localDate: string) => intl.formatDate(`${localDate}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  // A record's instant, in the device's zone as the user saw it recorded.
  const instant = (iso: string) => intl.formatDate(iso, { day: 'numeric', month: 'short' });
  switch (mutation.name) {
    case 'weight.add':
      return t('sync.refused.weightAdd', {
        weight: measures.weight(mutation.args.weight),
        date: instant(mutation.args.createdAt),
      });
    case 'weight.update':
      return t('sync.refused.weightUpdate');
    case 'weight.delete':
      return t('sync.refused.weightDelete');
    case 'progress.set':
      return t(PROGRESS_FIELD_KEYS[mutation.args.field], { date: day(mutation.localDate) });
    case 'progress.complete':
      return t('sync.refused.dayComplete', { date: day(mutation.localDate) });
    case 'profile.update':
      return t('sync.refused.profile');
    case 'notification.read':
      return t('sync.refused.notificationRead');
    case 'measurement.add':
      return t('sync.refused.measurementAdd', { date: instant(mutation.args.createdAt) });
    case 'measurement.update':
      return t('sync.refused.measurementUpdate');
    case 'measurement.delete':
      return t('sync.refused.measurementDelete');
    case 'photo.add':
      return t('sync.refused.photoAdd', { date: instant(mutation.args.createdAt) });
    case 'photo.delete':
      return t('sync.refused.photoDelete');
    case 'message.send':
      // A message that is only a photo is told as a photo is.
      if (mutation.args.photo && mutation.args.body === '') return t('sync.refused.photoAdd', { date: instant(mutation.args.createdAt) });
      return t('sync.refused.messageSend', { preview: mutation.args.body.length > 40 ? `${mutation.args.body.slice(0, 40)}…` : mutation.args.body });
    case 'message.delete':
      return t('sync.refused.messageDelete');
    case 'messages.read':
      return t('sync.refused.messagesRead');
    case 'checkin.submit':
      return t('sync.refused.checkInSubmit', { date: day(mutation.args.week) });
    case 'workout.start':
      return t('sync.refused.workoutStart', { date: instant(mutation.args.startedAt) });
    case 'workout.finish':
      return t('sync.refused.workoutFinish');
    case 'workout.discard':
      return t('sync.refused.workoutDiscard');
    case 'workoutExercise.add':
      return t('sync.refused.workoutExerciseAdd', { name: mutation.args.name });
    case 'workoutExercise.update':
    case 'workoutExercise.remove':
      return t('sync.refused.workoutExerciseChange');
    case 'workoutSet.add':
      return t('sync.refused.workoutSetAdd', { time: intl.formatTime(mutation.args.doneAt) });
    case 'workoutSet.update':
    case 'workoutSet.remove':
      return t('sync.refused.workoutSetChange');
    default:
      return t('sync.refused.other');
  }
}

/** Why, in the user's language; a code this version has no words for gets a general reason. */
function describeReason(intl: IntlShape, { code }: Refusal): string {
  const id = `errors.${code}`;
  return intl.formatMessage({ id: id in intl.messages ? id : 'sync.refusedUnknownReason' });
}

type RefusalSnackbarProps = { refusals: Refusal[]; bottomOffset: number; onDismiss: () => void };

/**
 * The refused changes, each in words with why, and a dismissal: `RefusalNotices` loads this the
 * first time there is one to show, and it loads its words (./i18n) before it shows.
 */
export function RefusalSnackbar(props: RefusalSnackbarProps) {
  return (
    <FeatureMessages load={loadRefusalMessages} fallback={null}>
      <RefusalList {...props} />
    </FeatureMessages>
  );
}

function RefusalList({ refusals, bottomOffset, onDismiss }: RefusalSnackbarProps) {
  const intl = useIntl();
  const measures = useMeasures();
  // Once dismissed the list is empty, but the notice still slides away: it keeps the last words.
  const [lastShown, setLastShown] = useState(refusals);
  if (refusals.length > 0 && refusals !== lastShown) setLastShown(refusals);
  const listed = refusals.length > 0 ? refusals : lastShown;

  return (
    <Snackbar open={refusals.length > 0} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ bottom: { xs: bottomOffset + 16 } }}>
      <Alert
        severity="warning"
        variant="filled"
        role="alert"
        data-testid="refusal-notice"
        sx={{ width: '100%', maxWidth: 560 }}
        action={
          <Button color="inherit" size="small" onClick={onDismiss} data-testid="refusal-dismiss">
            {intl.formatMessage({ id: 'sync.refusedDismiss' })}
          </Button>
        }
      >
        <AlertTitle>{intl.formatMessage({ id: 'sync.refusedTitle' }, { count: listed.length })}</AlertTitle>
        {listed.map((refusal) => (
          <div key={refusal.id} data-testid="refusal-line">
            {intl.formatMessage({ id: 'sync.refusedLine' }, { what: describeChange(intl, measures, refusal), why: describeReason(intl, refusal) })}
          </div>
        ))}
      </Alert>
    </Snackbar>
  );
}
