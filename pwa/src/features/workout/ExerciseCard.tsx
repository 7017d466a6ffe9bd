import { memo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import ArrowDownwardIcon from '@mui/icons-material/KeyboardArrowDown';
import ArrowUpwardIcon from '@mui/icons-material/KeyboardArrowUp';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import type { WorkoutSet } from '#protocol/conflict/workout.ts';
import { prescribedReps, prescribedSeconds, prescribedSetCount } from '#protocol/domain/workout-prescription.ts';
import { NOTES_MAX } from '#protocol/mutations/fields.ts';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { DOUBLE_TAP_MS } from '#pwa/lib/double-tap.ts';
import type { Measures } from '#pwa/lib/measures.ts';
import { exerciseHistoryPath } from './exercise-history.ts';
import { loadText, readSet, setTexts, type SetErrors, type SetFigures, type SetTexts } from './typed-set.ts';
import { rowKey, type SessionDraft } from './use-session-draft.ts';
import type { ExercisePast, SessionExercise } from './use-workout-data.ts';

export interface ExerciseActions {
  markDone(exercise: SessionExercise, position: number, figures: SetFigures): Promise<unknown>;
  correct(set: WorkoutSet, figures: SetFigures): Promise<unknown>;
  undo(set: WorkoutSet): Promise<unknown>;
  skip(exercise: SessionExercise, skipped: boolean): Promise<unknown>;
  annotate(exercise: SessionExercise, note: string): Promise<unknown>;
  move(exercise: SessionExercise, by: -1 | 1): Promise<unknown>;
  remove(exercise: SessionExercise): Promise<unknown>;
  changeDraft(update: (draft: SessionDraft) => SessionDraft): void;
}

interface ExerciseCardProps {
  exercise: SessionExercise;
  past: ExercisePast | undefined;
  /** The plan's notes and safety notes for it, when the session follows a plan. */
  notes?: string;
  safety?: string;
  draft: SessionDraft;
  measures: Measures;
  first: boolean;
  last: boolean;
  actions: ExerciseActions;
}

/** The rows offered: the plan's sets, last time's where there is no plan, as the client added or removed them, never fewer than the sets done. */
function rowCount(exercise: SessionExercise, past: ExercisePast | undefined, draft: SessionDraft): number {
  const offered = draft.rows[exercise.id] ?? (exercise.prescription ? prescribedSetCount(exercise.prescription.sets) : Math.max(past?.lastSets.length ?? 0, 1));
  return Math.max(offered, ...exercise.sets.map((set) => set.position + 1));
}

/**
 * What a row not yet done shows first: last time's set at that place; else the set just done
 * before it in this session (the second set of a new exercise is as the first); else last time's
 * last set; else the prescription.
 */
function prefilled(exercise: SessionExercise, past: ExercisePast | undefined, position: number): SetFigures {
  const before = past?.lastSets[position] ?? exercise.sets.filter((set) => set.position < position).at(-1) ?? past?.lastSets.at(-1);
  if (before) return { reps: before.reps, loadKg: before.loadKg, seconds: before.seconds };
  const reps = exercise.prescription?.reps ?? null;
  return { reps: prescribedReps(reps), loadKg: null, seconds: prescribedSeconds(reps) };
}

/** A row's texts as shown, none retyped: one object, so that clearing a row already clear renders nothing. */
const NOTHING_TYPED: Partial<SetTexts> = {};

interface SetRowProps {
  exercise: SessionExercise;
  position: number;
  done: WorkoutSet | undefined;
  texts: SetTexts;
  timed: boolean;
  measures: Measures;
  actions: ExerciseActions;
}

function SetRow({ exercise, position, done, texts, timed, measures, actions }: SetRowProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [errors, setErrors] = useState<SetErrors>({});
  const [typed, setTyped] = useState<Partial<SetTexts>>(NOTHING_TYPED);
  const lastTap = useRef(0);
  const shown: SetTexts = { ...texts, ...typed };
  const weight = measures.weightSymbol;

  const type = (field: keyof SetTexts, value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (!done) actions.changeDraft((draft) => ({ ...draft, typed: { ...draft.typed, [rowKey(exercise.id, position)]: { ...draft.typed[rowKey(exercise.id, position)], [field]: value } } }));
  };

  const toggle = async () => {
    // A double tap marks a set done once, and does not undo it at once.
    if (performance.now() - lastTap.current < DOUBLE_TAP_MS) return;
    lastTap.current = performance.now();
    if (done) {
      setTyped(NOTHING_TYPED);
      await actions.undo(done);
      return;
    }
    const read = readSet(shown, timed, measures);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setTyped(NOTHING_TYPED);
    await actions.markDone(exercise, position, read.figures);
  };

  /** A done set's figure retyped: corrected when it reads, else said under its field. */
  const correct = () => {
    if (!done || Object.keys(typed).length === 0) return;
    const read = readSet(shown, timed, measures);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    const changed = read.figures.reps !== done.reps || read.figures.loadKg !== done.loadKg || read.figures.seconds !== done.seconds;
    setTyped(NOTHING_TYPED);
    if (changed) void actions.correct(done, read.figures);
  };

  const error = (field: keyof SetTexts) => (errors[field] ? t(errors[field]) : undefined);
  const label = t('training.setNumber', { number: position + 1 });
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }} data-testid="set-row" data-done={done ? 'true' : 'false'} role="group" aria-label={label}>
      <Typography sx={{ minWidth: 24, pt: 2, fontWeight: 600 }} color={done ? 'success.main' : 'text.secondary'} aria-hidden="true">
        {position + 1}
      </Typography>
      {timed ? (
        <DecimalField
          decimals={0}
          label={t('training.seconds')}
          value={shown.seconds}
          onChange={(event) => type('seconds', event.target.value)}
          onBlur={correct}
          error={Boolean(errors.seconds)}
          helperText={error('seconds')}
          slotProps={{ htmlInput: { 'data-testid': 'set-seconds', 'aria-label': `${label}: ${t('training.seconds')}` } }}
        />
      ) : (
        <>
          <DecimalField
            decimals={measures.system === 'us' ? 1 : 2}
            label={t('training.load', { unit: weight })}
            value={shown.load}
            onChange={(event) => type('load', event.target.value)}
            onBlur={correct}
            error={Boolean(errors.load)}
            helperText={error('load')}
            slotProps={{ htmlInput: { 'data-testid': 'set-load', 'aria-label': `${label}: ${t('training.load', { unit: weight })}` } }}
          />
          <DecimalField
            decimals={0}
            label={t('training.reps')}
            value={shown.reps}
            onChange={(event) => type('reps', event.target.value)}
            onBlur={correct}
            error={Boolean(errors.reps)}
            helperText={error('reps')}
            slotProps={{ htmlInput: { 'data-testid': 'set-reps', 'aria-label': `${label}: ${t('training.reps')}` } }}
          />
        </>
      )}
      {/* No touch ripple (as Save's, ADR 014): with it still running at the click, the set's write
          waited for the next vsync before its first answer (ADR 030); the icon turning to a
          check is the tap's feedback. */}
      <IconButton
        onClick={() => void toggle()}
        color={done ? 'success' : 'default'}
        aria-pressed={Boolean(done)}
        aria-label={t(done ? 'training.undoSet' : 'training.markDone', { number: position + 1 })}
        data-testid="set-done"
        disableTouchRipple
        sx={{ mt: 0.5, width: 48, height: 48 }}
      >
        {done ? <CheckCircleIcon fontSize="large" /> : <RadioButtonUncheckedIcon fontSize="large" />}
      </IconButton>
    </Stack>
  );
}

/**
 * One exercise of a session: what the plan asks, last time's sets, a row per set with its
 * figures pre-filled (a set that went as planned is one tap), and the exercise's own actions.
 */
export const ExerciseCard = memo(function ExerciseCard({ exercise, past, notes, safety, draft, measures, first, last, actions }: ExerciseCardProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [note, setNote] = useState(exercise.note ?? '');
  const timed = exercise.kind === 'time';
  const rows = rowCount(exercise, past, draft);
  const doneCount = exercise.sets.length;
  const prescription = exercise.prescription;
  const asked = [
    prescription?.sets && prescription.reps ? t('training.setsReps', { sets: prescription.sets, reps: prescription.reps }) : prescription?.sets ? t('training.sets', { sets: prescription.sets }) : null,
    prescription?.rest ? t('training.rest', { rest: prescription.rest }) : null,
  ].filter((fact): fact is string => fact !== null);
  const lastTime = past?.lastSets.length
    ? past.lastSets.map((set) => (set.seconds !== null ? t('training.secondsShort', { seconds: set.seconds }) : set.loadKg !== null ? `${loadText(set.loadKg, measures, intl.locale)} ${measures.weightSymbol} × ${set.reps}` : `${set.reps}`)).join(' · ')
    : null;
  const setRows = (count: number) => actions.changeDraft((draft) => ({ ...draft, rows: { ...draft.rows, [exercise.id]: count } }));
  const lastRowDone = exercise.sets.some((set) => set.position === rows - 1);

  return (
    <Card variant="outlined" data-testid="session-exercise" data-skipped={exercise.skipped ? 'true' : 'false'} sx={{ opacity: exercise.skipped ? 0.6 : 1 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {exercise.name}
            </Typography>
            {asked.length > 0 && <Typography color="text.secondary">{asked.join(' · ')}</Typography>}
          </Stack>
          <Chip size="small" label={t('training.setsDone', { done: doneCount, total: rows })} color={doneCount >= rows ? 'success' : 'default'} />
        </Stack>
        {notes && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {notes}
          </Typography>
        )}
        {safety && (
          <Typography variant="body2" color="warning.main" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mt: 0.5 }}>
            <WarningIcon sx={{ fontSize: 16 }} aria-hidden="true" />
            {safety}
          </Typography>
        )}
        {lastTime && (
          <Typography
            component={RouterLink}
            to={exerciseHistoryPath(exercise.exerciseKey)}
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5, display: 'block', width: 'fit-content' }}
            aria-label={t('training.history.lastTimeLink', { text: t('training.lastTime', { sets: lastTime }) })}
            data-testid="last-time"
          >
            {t('training.lastTime', { sets: lastTime })}
          </Typography>
        )}
        {!exercise.skipped && (
          <Stack sx={{ gap: 1, mt: 1.5 }}>
            {Array.from({ length: rows }, (_, position) => {
              const done = exercise.sets.find((set) => set.position === position);
              const texts = done ? setTexts(done, measures, intl.locale) : { ...setTexts(prefilled(exercise, past, position), measures, intl.locale), ...draft.typed[rowKey(exercise.id, position)] };
              return <SetRow key={`${position}:${done?.id ?? 'todo'}`} exercise={exercise} position={position} done={done} texts={texts} timed={timed} measures={measures} actions={actions} />;
            })}
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setRows(rows + 1)} data-testid="add-set">
                {t('training.addSet')}
              </Button>
              {rows > 1 && !lastRowDone && (
                <Button size="small" startIcon={<RemoveIcon />} onClick={() => setRows(rows - 1)} data-testid="remove-set">
                  {t('training.removeSet')}
                </Button>
              )}
            </Stack>
            <OutlinedTextField
              label={t('training.note')}
              value={note}
              multiline
              minRows={1}
              fullWidth
              onChange={(event) => setNote(event.target.value)}
              onBlur={() => {
                if (note.trim() !== (exercise.note ?? '')) void actions.annotate(exercise, note);
              }}
              slotProps={{ htmlInput: { 'data-testid': 'exercise-note', maxLength: NOTES_MAX } }}
            />
          </Stack>
        )}
        <Stack direction="row" sx={{ gap: 0.5, mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button size="small" onClick={() => void actions.skip(exercise, !exercise.skipped)} data-testid="skip-exercise">
            {t(exercise.skipped ? 'training.unskip' : 'training.skip')}
          </Button>
          {!exercise.prescription && doneCount === 0 && (
            <Button size="small" color="error" onClick={() => void actions.remove(exercise)} data-testid="remove-exercise">
              {t('training.removeExercise')}
            </Button>
          )}
          <IconButton size="small" disabled={first} onClick={() => void actions.move(exercise, -1)} aria-label={t('training.moveUp', { name: exercise.name })} data-testid="move-up">
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" disabled={last} onClick={() => void actions.move(exercise, 1)} aria-label={t('training.moveDown', { name: exercise.name })} data-testid="move-down">
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </Stack>
      </CardContent>
    </Card>
  );
});
