import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import type { WorkoutSet } from '#protocol/conflict/workout.ts';
import { restSeconds } from '#protocol/domain/rest-time.ts';
import type { ScheduleExercise } from '#protocol/domain/workout-schedule.ts';
import { EXERCISE_NAME_MAX } from '#protocol/mutations/fields.ts';
import { ConfirmDialog } from '#pwa/components/ConfirmDialog.tsx';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { useNow } from '#pwa/lib/use-now.ts';
import { ExerciseCard, type ExerciseActions } from './ExerciseCard.tsx';
import { RestTimer } from './RestTimer.tsx';
import type { SetFigures } from './typed-set.ts';
import { DEFAULT_REST_CHOICES, forgetDraft, useDefaultRest, useSessionDraft } from './use-session-draft.ts';
import { useWakeLock } from './use-wake-lock.ts';
import { useExercisePasts, type SessionExercise, type SessionInHand } from './use-workout-data.ts';
import { useWorkoutWrites } from './workout-writes.ts';

function AddExerciseDialog({ onAdd, onClose }: { onAdd: (name: string, timed: boolean) => Promise<unknown>; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [name, setName] = useState('');
  const [timed, setTimed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (name.trim() === '') return setError(t('validation.required'));
    setBusy(true);
    try {
      await onAdd(name, timed);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-exercise-title" fullWidth maxWidth="xs">
      <DialogTitle id="add-exercise-title">{t('training.addExercise')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <OutlinedTextField
            label={t('training.exerciseName')}
            value={name}
            autoFocus
            fullWidth
            error={error !== null}
            helperText={error}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'new-exercise-name', maxLength: EXERCISE_NAME_MAX } }}
          />
          <FormControlLabel control={<Switch checked={timed} onChange={(event) => setTimed(event.target.checked)} />} label={t('training.forTime')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('training.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void add()} data-testid="new-exercise-add">
          {t('training.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whole minutes since `since`. */
const minutesSince = (since: string, now: number) => Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));

/**
 * A session under way (issue 48): its exercises in order, each set one tap once its figures are
 * right, the rest timer after each, the screen kept on, and the way to finish or discard it.
 */
export function SessionView({ inHand, planExercises, title, onFinished, onDiscarded }: { inHand: SessionInHand; planExercises: readonly ScheduleExercise[]; title: string; onFinished: () => void; onDiscarded: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const db = useCurrentDb();
  const { session, exercises } = inHand;
  const measures = useMeasures();
  const writes = useWorkoutWrites();
  const [draft, changeDraft] = useSessionDraft(session.id);
  const [defaultRest, chooseDefaultRest] = useDefaultRest();
  const wakeLock = useWakeLock();
  const now = useNow(30_000);
  const [dialog, setDialog] = useState<'add' | 'finish' | 'discard' | null>(null);
  const pasts = useExercisePasts(
    exercises.map((exercise) => exercise.exerciseKey),
    session,
  );

  // The plan's notes for an exercise from it, by the name the client reads (the plan's language, as the session's).
  const planNotes = useMemo(() => new Map(planExercises.map((exercise) => [exercise.name.trim(), exercise])), [planExercises]);

  const actions: ExerciseActions = useMemo(
    () => ({
      markDone: async (exercise: SessionExercise, position: number, figures: SetFigures) => {
        await writes.markDone(exercise, position, figures);
        const seconds = restSeconds(exercise.prescription?.rest) ?? defaultRest;
        changeDraft((draft) => {
          const typed = { ...draft.typed };
          delete typed[`${exercise.id}:${position}`];
          return { ...draft, typed, rest: { endsAt: Date.now() + seconds * 1000, seconds } };
        });
      },
      correct: (set: WorkoutSet, figures: SetFigures) => writes.correct(set.id, figures),
      undo: (set: WorkoutSet) => writes.undo(set.id),
      skip: writes.skip,
      annotate: writes.annotate,
      move: async (exercise: SessionExercise, by: -1 | 1) => {
        const other = exercises[exercises.findIndex((candidate) => candidate.id === exercise.id) + by];
        if (other) await writes.swap(exercise, other);
      },
      remove: writes.remove,
      changeDraft,
    }),
    // writes' functions close over the locale's messages only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [exercises, defaultRest, changeDraft, intl.locale],
  );

  const onRest = useCallback((rest: { endsAt: number; seconds: number } | null) => changeDraft((draft) => ({ ...draft, rest })), [changeDraft]);
  const setsDone = exercises.reduce((sum, exercise) => sum + exercise.sets.length, 0);
  const nextPosition = exercises.reduce((max, exercise) => Math.max(max, exercise.position + 1), 0);

  return (
    <Stack sx={{ gap: 2 }} data-testid="workout-session" data-session-id={session.id}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Stack>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" data-testid="session-elapsed">
            {t('training.elapsed', { minutes: minutesSince(session.startedAt, now), sets: setsDone })}
          </Typography>
        </Stack>
        {wakeLock === 'on' && <Chip icon={<LightModeIcon />} label={t('training.screenOn')} size="small" variant="outlined" data-testid="screen-on" />}
      </Stack>
      {exercises.length === 0 && <Typography color="text.secondary">{t('training.noExercises')}</Typography>}
      {exercises.map((exercise, index) => {
        const fromPlan = exercise.prescription ? planNotes.get(exercise.name) : undefined;
        return (
          <ExerciseCard
            key={exercise.id}
            exercise={exercise}
            past={pasts?.get(exercise.exerciseKey)}
            notes={fromPlan?.notes}
            safety={fromPlan?.safety}
            draft={draft}
            measures={measures}
            first={index === 0}
            last={index === exercises.length - 1}
            actions={actions}
          />
        );
      })}
      <Button variant="outlined" onClick={() => setDialog('add')} data-testid="add-exercise">
        {t('training.addExercise')}
      </Button>
      <NativeSelectField
        label={t('training.defaultRest')}
        value={String(defaultRest)}
        options={DEFAULT_REST_CHOICES.map((seconds) => ({ value: String(seconds), label: t('training.secondsShort', { seconds }) }))}
        onChange={(event) => chooseDefaultRest(Number(event.target.value))}
        data-testid="default-rest"
      />
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => setDialog('discard')} data-testid="discard-workout">
          {t('training.discard')}
        </Button>
        <Button variant="contained" size="large" onClick={() => setDialog('finish')} data-testid="finish-workout">
          {t('training.finish')}
        </Button>
      </Stack>
      {draft.rest && <RestTimer rest={draft.rest} onChange={onRest} />}
      {dialog === 'add' && <AddExerciseDialog onClose={() => setDialog(null)} onAdd={(name, timed) => writes.addExercise(session.id, name, timed, nextPosition)} />}
      {dialog === 'finish' && db && (
        <ConfirmDialog
          title={t('training.finishTitle')}
          message={t('training.finishMessage', { sets: setsDone })}
          confirmLabel={t('training.finish')}
          cancelLabel={t('training.keepGoing')}
          destructive={false}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await writes.finish(db, session);
            forgetDraft(session.id);
            onFinished();
          }}
        />
      )}
      {dialog === 'discard' && (
        <ConfirmDialog
          title={t('training.discardTitle')}
          message={t('training.discardMessage')}
          confirmLabel={t('training.discard')}
          cancelLabel={t('training.keepGoing')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await writes.discard(session);
            forgetDraft(session.id);
            onDiscarded();
          }}
        />
      )}
    </Stack>
  );
}
