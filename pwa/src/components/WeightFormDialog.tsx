import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { weightJump } from '#protocol/domain/weight-typo.ts';
import { checkNotes, NOTES_MAX } from '#protocol/mutations/fields.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { DecimalField } from './DecimalField.tsx';
import { OutlinedTextField } from './OutlinedTextField.tsx';
import { WEIGHT_SUBMIT_MARK } from '#pwa/db/local-writes.ts';
import { DOUBLE_TAP_MS } from '#pwa/lib/double-tap.ts';


export interface WeightFormValues {
  weight: number;
  notes: string | null;
}

/** A weight more than 15% from the last one, waiting for the user's answer (issue 16, 5b). */
interface Question {
  typed: number;
  last: number;
  suggestion: number | null;
  notes: string | null;
}

/**
 * The weight form of SPEC §5 as a dialog, for a new record (tracking) and a correction
 * (progress): the weight in the person's unit (ADR 020) and the locale's decimals (ADR 015), optional notes, and before saving
 * a weight far from `last`, "Did you mean …?" with the likely intended weight. `onSave` writes;
 * the dialog closes and resets when it resolves, and stays open (values kept) when it throws.
 */
export function WeightFormDialog({
  open,
  onClose,
  onSave,
  titleId,
  initial,
  last,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (values: WeightFormValues) => Promise<void>;
  titleId: string;
  /** The record being corrected; absent for a new one. */
  initial?: WeightFormValues;
  /** The weight to compare with (the last record's), read when the dialog opens; null asks nothing. */
  last: () => Promise<number | null> | number | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const shown = (kg: number) => measures.weight(kg);
  const [weight, setWeight] = useState(() => (initial ? measures.weightField(initial.weight) : ''));
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [question, setQuestion] = useState<Question | null>(null);
  const [saving, setSaving] = useState(false);
  // The question is smaller than the form: the second tap of a double tap on Save lands on its backdrop
  // or on an answer. Its answers wait a moment (then the first takes the focus) and the backdrop does nothing.
  const [answerableQuestion, setAnswerableQuestion] = useState<Question | null>(null);
  const answerable = question !== null && answerableQuestion === question;
  const firstAnswer = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (!question) return;
    const wait = setTimeout(() => setAnswerableQuestion(question), DOUBLE_TAP_MS);
    return () => clearTimeout(wait);
  }, [question]);
  useEffect(() => {
    if (answerable) firstAnswer.current?.focus();
  }, [answerable]);
  // Blocks a double submit without re-rendering before the write (a render then delays IndexedDB).
  const inFlight = useRef(false);
  // Read as the dialog opens, so that Save goes straight to the write (the local-write figure).
  const reference = useRef<Promise<number | null> | null>(null);
  useEffect(() => {
    // A read that fails (the database closed at logout) only skips the question.
    reference.current = open ? Promise.resolve().then(last).catch(() => null) : null;
    // `last` is read once per opening: a new function each render must not read it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = () => {
    setWeight('');
    setNotes('');
    setQuestion(null);
    onClose();
  };

  const save = async (values: WeightFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const slow = setTimeout(() => setSaving(true), 150);
    try {
      await onSave(values);
      close();
    } catch {
      setQuestion(null); // the caller said why; the values stay to try again
    } finally {
      clearTimeout(slow);
      inFlight.current = false;
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    performance.mark(WEIGHT_SUBMIT_MARK); // splits the local-write figure (npm run bench -- local-write)
    event.preventDefault();
    const checkedWeight = measures.readWeight(weight);
    if (!checkedWeight.ok) {
      showToast({ severity: 'error', title: { id: 'tracking.weight.errorTitle' }, description: { id: checkedWeight.key } });
      return;
    }
    const checkedNotes = checkNotes(notes);
    if (!checkedNotes.ok) {
      showToast({ severity: 'error', title: { id: 'tracking.weight.errorTitle' }, description: { id: checkedNotes.key } });
      return;
    }
    const compared = checkedWeight.value === initial?.weight ? null : await (reference.current ?? last());
    // The separator slip is looked for in the digits as typed, in the person's unit.
    const jump = weightJump(measures.weightFigure(checkedWeight.value), compared === null ? null : measures.weightFigure(compared));
    if (jump && compared !== null) {
      const suggestion = jump.suggestion === null ? null : measures.readWeight(String(jump.suggestion));
      setQuestion({ typed: checkedWeight.value, last: compared, suggestion: suggestion?.ok ? suggestion.value : null, notes: checkedNotes.value });
      return;
    }
    await save({ weight: checkedWeight.value, notes: checkedNotes.value });
  };

  // Only an answer leaves the question: Escape goes back to the field, as "Fix it" does.
  const dismiss = (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (!question) close();
    else if (reason === 'escapeKeyDown') setQuestion(null);
  };

  const labelId = 'weight-dialog-title';
  return (
    <Dialog open={open} onClose={dismiss} fullWidth maxWidth="xs" aria-labelledby={labelId}>
      {question ? (
        <div data-testid="weight-confirm">
          <DialogTitle id={labelId}>
            {question.suggestion !== null ? t('tracking.weight.didYouMean', { suggestion: shown(question.suggestion) }) : t('tracking.weight.confirmTitle')}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {question.suggestion !== null
                ? t('tracking.weight.typedVersusLast', { typed: shown(question.typed), last: shown(question.last) })
                : t('tracking.weight.farFromLast', { typed: shown(question.typed), last: shown(question.last) })}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {question.suggestion === null && (
              <Button disabled={!answerable} onClick={() => setQuestion(null)} data-testid="weight-fix">
                {t('tracking.weight.fix')}
              </Button>
            )}
            <Button
              variant={question.suggestion === null ? 'contained' : 'text'}
              disabled={saving || !answerable}
              ref={question.suggestion === null ? firstAnswer : undefined}
              onClick={() => void save({ weight: question.typed, notes: question.notes })}
              data-testid="weight-keep-typed"
            >
              {t('tracking.weight.keepTyped', { typed: shown(question.typed) })}
            </Button>
            {question.suggestion !== null && (
              <Button
                variant="contained"
                disabled={saving || !answerable}
                ref={firstAnswer}
                onClick={() => void save({ weight: question.suggestion as number, notes: question.notes })}
                data-testid="weight-use-suggestion"
              >
                {t('tracking.weight.useSuggestion', { suggestion: shown(question.suggestion) })}
              </Button>
            )}
          </DialogActions>
        </div>
      ) : (
        <form noValidate onSubmit={submit} data-testid="weight-form">
          <DialogTitle id={labelId}>{t(titleId)}</DialogTitle>
          <DialogContent>
            <Stack sx={{ gap: 2, pt: 1 }}>
              <DecimalField
                label={t('tracking.weight.label', { unit: measures.weightSymbol })}
                value={weight}
                onChange={(event) => setWeight(event.target.value)}
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'weight-input' } }}
              />
              <OutlinedTextField
                label={t('tracking.weight.notes')}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: NOTES_MAX, 'data-testid': 'weight-notes' } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('tracking.weight.cancel')}</Button>
            {/* No ripple or raised shadow, and the press leaves the focus in the field: a blur starts the
                field's 200 ms transitions, and while anything animates the frame that IndexedDB's answers
                wait for after a click comes only at the next vsync (ADR 014). */}
            <Button type="submit" variant="contained" disableTouchRipple disableElevation disabled={saving} onMouseDown={(event) => event.preventDefault()} data-testid="weight-save">
              {t(saving ? 'tracking.weight.saving' : 'tracking.weight.save')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
