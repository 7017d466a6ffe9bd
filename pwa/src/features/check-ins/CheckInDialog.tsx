import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CHECK_IN_SCORES, type CheckInScore } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { loadMutators } from '#protocol/mutations/envelope.ts';
import { checkNotes, NOTES_MAX } from '#protocol/mutations/fields.ts';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';

const LEVELS = [1, 2, 3, 4, 5] as const;

/**
 * The week's check-in form (issue 22, part 2): the weight, pre-filled from the latest weigh-in in
 * the person's unit and decimals; six questions from 1 to 5; a note. Saved on this device first
 * (offline too) and sent by the sync; a weight that changed is also logged as a weigh-in, so
 * the weight chart has it. A double tap on Send saves once.
 */
export function CheckInDialog({
  week,
  questions,
  latestWeight,
  extras,
  onClose,
}: {
  week: string;
  questions: string[];
  latestWeight: number | null;
  /** Logging this week's measurements and photos (optional), as the app offers them. */
  extras?: ReactNode;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const [weight, setWeight] = useState(() => (latestWeight === null ? '' : measures.weightField(latestWeight)));
  const [scores, setScores] = useState<Partial<Record<CheckInScore, number>>>({});
  const [note, setNote] = useState('');
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ''));
  const [tried, setTried] = useState(false);
  const inFlight = useRef(false);
  const missing = CHECK_IN_SCORES.filter((score) => scores[score] === undefined);

  // The check-in's mutator loads with the form, not with Send: a phone that loses its signal
  // while filling it in (with no service worker yet) still saves it.
  useEffect(() => {
    loadMutators(['checkin.submit']).catch((error: unknown) => console.error('checkin.mutators', error));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    setTried(true);
    const checkedWeight = weight.trim() === '' ? ({ ok: true, value: null } as const) : measures.readWeight(weight);
    const checkedNote = checkNotes(note);
    const problem = !checkedWeight.ok ? checkedWeight.key : !checkedNote.ok ? checkedNote.key : missing.length > 0 ? 'checkIn.missing' : null;
    if (problem || !checkedWeight.ok || !checkedNote.ok) {
      showToast({ severity: 'error', title: t('checkIn.errorTitle'), description: t(problem ?? 'checkIn.missing') });
      return;
    }
    inFlight.current = true;
    try {
      const now = new Date();
      await write('checkin.submit', {
        id: uuidv7(now.getTime()),
        week,
        createdAt: now.toISOString(),
        weight: checkedWeight.value,
        ...(scores as Record<CheckInScore, number>),
        note: checkedNote.value,
        // An unanswered question is left out (the rule drops it too).
        answers: questions.map((question, index) => ({ question, answer: (answers[index] ?? '').trim() })).filter(({ answer }) => answer !== ''),
      });
      if (checkedWeight.value !== null && checkedWeight.value !== latestWeight) {
        await write('weight.add', { id: uuidv7(now.getTime()), weight: checkedWeight.value, notes: null, createdAt: now.toISOString() });
      }
      showToast({ severity: 'success', title: t('checkIn.savedTitle'), description: t('checkIn.savedDescription') });
      onClose();
    } catch (error) {
      console.error('checkin.submit', error);
      showToast({ severity: 'error', title: t('checkIn.failedTitle'), description: t('checkIn.failedDescription') });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="check-in-title" data-testid="check-in-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="check-in-title">{t('checkIn.dialogTitle', { date: intl.formatDate(`${week}T12:00:00`, { day: 'numeric', month: 'long' }) })}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2.5, pt: 1 }}>
            <DecimalField
              label={t('checkIn.weight', { unit: measures.weightSymbol })}
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
              helperText={latestWeight === null ? undefined : t('checkIn.weightHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'check-in-weight' } }}
            />
            {extras && (
              <Stack sx={{ gap: 1 }} data-testid="check-in-extras">
                <Typography variant="body2" color="text.secondary">
                  {t('checkIn.extras')}
                </Typography>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  {/* The extras may load on demand: the form stays while they do. */}
                  <Suspense fallback={null}>{extras}</Suspense>
                </Stack>
              </Stack>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('checkIn.scale')}
            </Typography>
            {CHECK_IN_SCORES.map((score) => {
              const invalid = tried && scores[score] === undefined;
              return (
                <Stack key={score} sx={{ gap: 0.5 }}>
                  <Typography id={`check-in-${score}`} component="p" sx={{ fontWeight: 600 }}>
                    {t(`checkIn.scores.${score}`)}
                  </Typography>
                  <ToggleButtonGroup
                    exclusive
                    value={scores[score] ?? null}
                    onChange={(_event, value: number | null) => setScores((current) => ({ ...current, [score]: value ?? undefined }))}
                    aria-labelledby={`check-in-${score}`}
                    color="primary"
                    size="small"
                    // The chosen value filled, not only tinted: it must read at a glance in both themes.
                    sx={{
                      '& .MuiToggleButton-root': { flex: 1, minHeight: 44 },
                      '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                    }}
                    data-testid={`check-in-${score}`}
                  >
                    {LEVELS.map((level) => (
                      <ToggleButton key={level} value={level} data-testid={`check-in-${score}-${level}`}>
                        {intl.formatNumber(level)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                  {invalid && <FormHelperText error>{intl.formatMessage({ id: 'validation.levelRange' })}</FormHelperText>}
                </Stack>
              );
            })}
            {/* The coach's own words, whole, above their field (a 200-character question does not fit a field's label). */}
            {questions.map((question, index) => (
              <Stack key={question} sx={{ gap: 0.5 }}>
                <Typography component="label" htmlFor={`check-in-answer-${index + 1}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {question}
                </Typography>
                <TextField
                  id={`check-in-answer-${index + 1}`}
                  value={answers[index] ?? ''}
                  onChange={(event) => setAnswers((current) => current.map((answer, at) => (at === index ? event.target.value : answer)))}
                  multiline
                  slotProps={{ htmlInput: { maxLength: NOTES_MAX, 'data-testid': `check-in-answer-${index + 1}` } }}
                />
              </Stack>
            ))}
            <OutlinedTextField
              label={t('checkIn.note')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: NOTES_MAX, 'data-testid': 'check-in-note' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('checkIn.cancel')}</Button>
          <Button type="submit" variant="contained" data-testid="check-in-submit">
            {t('checkIn.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
