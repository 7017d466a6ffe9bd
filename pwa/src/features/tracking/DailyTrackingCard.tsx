import { memo, startTransition, useCallback, useMemo, useOptimistic, useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CelebrationIcon from '@mui/icons-material/Celebration';
import { emptyDay } from '#protocol/conflict/rules.ts';
import { canCompleteDay, dailyPercent, dailyPoints, pointsRequired, type DayFields } from '#protocol/domain/daily-progress.ts';
import { PROGRESS_FIELDS, type ProgressField } from '#protocol/mutations/envelope.ts';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import { write } from '#pwa/sync/user-data.ts';
import { useDay } from '#pwa/db/use-day.ts';
import { useHydratedLater } from '#pwa/lib/hydration.ts';

const LEVEL_MARKS = [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) }));

/** The controls' height on a phone (320 to 768 px wide, in the three languages). */
const CONTROLS_HEIGHT_PX = 424;

/**
 * Where the controls go, in the dashboard the build renders. They are below a phone's fold, and
 * their markup and styles (two switches, two sliders) made the page too big to arrive in a
 * connection's first round trip (ADR 026); they render once the page has hydrated, in a commit of
 * their own.
 */
function ControlsPlaceholder() {
  return (
    <Stack sx={{ height: CONTROLS_HEIGHT_PX, gap: 3 }} aria-hidden data-testid="daily-tracking-placeholder">
      {['55%', '55%', '90%', '90%'].map((width, index) => (
        <Skeleton key={index} width={width} />
      ))}
    </Stack>
  );
}

type Edit = (field: ProgressField, value: boolean | number) => void;

/**
 * A habit's switch. A tap moves the thumb in a render of this switch alone, in the tap's own task;
 * the card (points, the unsaved flag, Save) follows in a transition, which React renders after the
 * browser has painted the thumb. The card's whole re-render in the tap's task kept a phone's first
 * tap on a habit over 100 ms (ADR 026).
 */
const HabitSwitch = memo(function HabitSwitch({ field, checked, disabled, label, testId, onEdit }: { field: 'workoutCompleted' | 'dietFollowed'; checked: boolean; disabled: boolean; label: string; testId: string; onEdit: Edit }) {
  const [shown, show] = useOptimistic(checked);
  const toggle = (on: boolean) =>
    startTransition(() => {
      show(on);
      onEdit(field, on);
    });
  return (
    <FormControlLabel
      control={<Switch checked={shown} onChange={(_e, on) => toggle(on)} disabled={disabled} slotProps={{ input: { 'data-testid': testId } as object }} />}
      label={label}
    />
  );
});

const LevelSlider = memo(function LevelSlider({ field, value, disabled, onEdit }: { field: 'mood' | 'energy'; value: number; disabled: boolean; onEdit: Edit }) {
  const intl = useIntl();
  const levelText = (level: number) => intl.formatMessage({ id: `tracking.daily.level${level}` });
  return (
    <Box sx={{ px: 1 }}>
      <Typography id={`${field}-label`} variant="body2" gutterBottom>
        {intl.formatMessage({ id: `tracking.daily.${field}` })}: {levelText(value)}
      </Typography>
      <Slider
        value={value}
        min={1}
        max={5}
        step={1}
        marks={LEVEL_MARKS}
        disabled={disabled}
        onChange={(_e, level) => onEdit(field, level as number)}
        getAriaValueText={levelText}
        slotProps={{ input: { 'aria-labelledby': `${field}-label`, 'data-testid': `slider-${field}` } as object }}
      />
    </Box>
  );
});

/** The day's points and what is left to earn, for the values shown. */
const DayPoints = memo(function DayPoints({ values }: { values: DayFields }) {
  const intl = useIntl();
  const points = dailyPoints(values);
  const percent = dailyPercent(values);
  const label = intl.formatMessage({ id: 'tracking.daily.points' }, { points });
  return (
    <Stack sx={{ gap: 1, mt: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="points-today">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {intl.formatNumber(percent / 100, { style: 'percent' })}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ height: 8, borderRadius: 4 }} />
      <Typography variant="caption" color="text.secondary">
        {intl.formatMessage({ id: 'tracking.daily.pointsRequired' }, { count: pointsRequired(values) })}
      </Typography>
    </Stack>
  );
});

/**
 * SPEC §2/§4 daily tracking card: toggles and sliders edit a draft; Save sends only the fields
 * that differ from the saved values, and completes the day when the rule is met.
 */
export function DailyTrackingCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const localDate = todayLocalDate();
  const stored = useDay(localDate);
  // A commit after the rest of the page's first renders: the controls are below the fold.
  const hydrated = useHydratedLater();
  const reading = stored === undefined;
  const saved = useMemo(() => stored ?? emptyDay(localDate), [stored, localDate]);
  const [draft, setDraft] = useState<{ date: string; fields: DayFields } | null>(null);
  const [celebrating, setCelebrating] = useState(false);
  const [saving, setSaving] = useState(false);

  const values: DayFields = draft?.date === localDate ? draft.fields : saved;
  const changed = PROGRESS_FIELDS.filter((field) => values[field] !== saved[field]);
  const locked = saved.isCompleted;
  const disabled = locked || reading;

  const edit = useCallback<Edit>(
    (field, value) => setDraft((current) => ({ date: localDate, fields: { ...(current?.date === localDate ? current.fields : saved), [field]: value } })),
    [localDate, saved],
  );

  const save = async () => {
    setSaving(true);
    try {
      for (const field of changed) await write('progress.set', { field, value: values[field] });
      if (canCompleteDay(values)) {
        await write('progress.complete', {});
        setCelebrating(true);
      }
      setDraft(null);
    } catch (error) {
      console.error('progress.save', error); // SPEC §8: daily progress save errors are only logged
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" aria-busy={reading || !hydrated} data-testid="daily-tracking">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('tracking.daily.title')}
          </Typography>
          {changed.length > 0 && !locked && <Chip color="warning" size="small" label={t('tracking.daily.unsaved')} data-testid="unsaved-flag" />}
        </Stack>
        {hydrated ? (
          <>
            {locked && (
              <Alert severity="success" icon={<CelebrationIcon />} sx={{ mb: 2 }} data-testid="day-complete-banner">
                {t('tracking.daily.completeBanner')}
              </Alert>
            )}
            <Box sx={{ opacity: locked ? 0.55 : 1 }} aria-disabled={locked}>
              <Stack sx={{ gap: 1 }}>
                <HabitSwitch field="workoutCompleted" checked={values.workoutCompleted} disabled={disabled} label={t('tracking.daily.workout')} testId="toggle-workout" onEdit={edit} />
                <HabitSwitch field="dietFollowed" checked={values.dietFollowed} disabled={disabled} label={t('tracking.daily.diet')} testId="toggle-diet" onEdit={edit} />
                <LevelSlider field="mood" value={values.mood} disabled={disabled} onEdit={edit} />
                <LevelSlider field="energy" value={values.energy} disabled={disabled} onEdit={edit} />
              </Stack>
              <DayPoints values={values} />
              {!locked && (
                <Button variant="contained" onClick={save} disabled={changed.length === 0 || saving} sx={{ mt: 2 }} data-testid="save-progress">
                  {t('tracking.daily.save')}
                </Button>
              )}
            </Box>
          </>
        ) : (
          <ControlsPlaceholder />
        )}
      </CardContent>
      <Dialog open={celebrating} onClose={() => setCelebrating(false)} aria-labelledby="congrats-title">
        <DialogTitle id="congrats-title">{t('tracking.congrats.title')}</DialogTitle>
        <DialogContent>
          <Typography>{t('tracking.congrats.message')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setCelebrating(false)} autoFocus>
            {t('tracking.congrats.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
