import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffExercise } from '#protocol/contract/staff.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { coachApi } from './admin-api.ts';
import { failureText } from './feedback.ts';

/** Merges `from`'s exercise into `into`'s: two pickers of the client's names, each exercise once. */
function MergeDialog({ clientId, exercises, onDone, onClose }: { clientId: string; exercises: StaffExercise[]; onDone: () => void; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const options = exercises.map((exercise) => ({ value: exercise.names[0]?.nameKey ?? exercise.exerciseId, label: exercise.names.map((name) => name.name).join(' / ') }));
  const [from, setFrom] = useState('');
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const picker = (id: string, label: string, value: string, onChange: (value: string) => void, other: string) => (
    <TextField select fullWidth size="small" id={id} label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ mt: 2 }} data-testid={id}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.value === other}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const merge = async () => {
    setBusy(true);
    try {
      await coachApi.mergeExercises(clientId, { from, into });
      showToast({ severity: 'success', title: t('admin.exercises.merged') });
      onDone();
    } catch (error) {
      showToast({ severity: 'error', title: t('admin.exercises.mergeFailed'), description: failureText(intl, error) });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="admin-exercise-merge-title" aria-describedby="admin-exercise-merge-text" data-testid="admin-exercise-merge">
      <DialogTitle id="admin-exercise-merge-title">{t('admin.exercises.mergeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="admin-exercise-merge-text">{t('admin.exercises.mergeExplained')}</DialogContentText>
        {picker('admin-exercise-merge-from', t('admin.exercises.mergeFrom'), from, setFrom, into)}
        {picker('admin-exercise-merge-into', t('admin.exercises.mergeInto'), into, setInto, from)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('admin.exercises.cancel')}
        </Button>
        <Button variant="contained" disabled={busy || from === '' || into === '' || from === into} onClick={() => void merge()} data-testid="admin-exercise-merge-confirm">
          {t('admin.exercises.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Every exercise the client has done, with the names it goes by (issue 48, part 5; ADR 030): the
 * coach merges two names of one exercise (a name retyped in a new plan, one the client typed), so
 * its history is one on the client's phone and here, and takes a name out again.
 */
export function ClientExercises({ clientId, exercises, onChanged }: { clientId: string; exercises: StaffExercise[]; onChanged: () => Promise<void> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [merging, setMerging] = useState(false);
  // A separation out: every "Separate" waits for it, as the merge dialog's button does (a double tap sends one).
  const [separating, setSeparating] = useState(false);
  const separate = async (nameKey: string) => {
    setSeparating(true);
    try {
      await coachApi.separateExercise(clientId, nameKey);
      await onChanged(); // held till the list is read again, so the name is not offered once more meanwhile
    } catch (error) {
      showToast({ severity: 'error', title: t('admin.exercises.separateFailed'), description: failureText(intl, error) });
    } finally {
      setSeparating(false);
    }
  };
  if (exercises.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="admin-exercises-title" sx={{ mt: 2 }} data-testid="admin-exercises">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="admin-exercises-title" variant="subtitle1" component="h4">
          {t('admin.exercises.title')}
        </Typography>
        {exercises.length > 1 && (
          <Button size="small" onClick={() => setMerging(true)} data-testid="admin-exercises-merge">
            {t('admin.exercises.mergeOpen')}
          </Button>
        )}
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {exercises.map((exercise) => (
          <Box component="li" key={exercise.exerciseId} sx={{ py: 0.5 }} data-testid="admin-exercise">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {exercise.names[0]?.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('admin.exercises.done', { sessions: exercise.sessions, last: intl.formatDate(exercise.lastDoneAt, { day: 'numeric', month: 'short', year: 'numeric' }) })}
            </Typography>
            {exercise.names.slice(1).map((name) => (
              <Stack key={name.nameKey} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="admin-exercise-alias">
                <Typography variant="body2" color="text.secondary">
                  {t('admin.exercises.alsoNamed', { name: name.name })}
                </Typography>
                <Button size="small" disabled={separating} onClick={() => void separate(name.nameKey)} aria-label={t('admin.exercises.separateNamed', { name: name.name })}>
                  {t('admin.exercises.separate')}
                </Button>
              </Stack>
            ))}
          </Box>
        ))}
      </Box>
      {merging && (
        <MergeDialog
          clientId={clientId}
          exercises={exercises}
          onClose={() => setMerging(false)}
          onDone={() => {
            setMerging(false);
            void onChanged();
          }}
        />
      )}
    </Box>
  );
}
