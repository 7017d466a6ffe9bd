import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeightOutlined';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { uuidv7 } from '#protocol/ids.ts';
import { checkNotes, checkWeight, NOTES_MAX, WEIGHT_MAX, WEIGHT_MIN } from '#protocol/mutations/fields.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';
import { WEIGHT_SUBMIT_MARK } from '#pwa/db/local-writes.ts';

/**
 * SPEC §2/§8 weight-record modal. Saving writes to this device first (it works offline) and the
 * sync sends it later; the modal closes and resets on success or cancel.
 */
export function WeightRecordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [weight, setWeight] = useState('');
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  // Blocks a double submit without re-rendering before the write (a render then delays IndexedDB).
  const inFlight = useRef(false);

  const close = () => {
    setWeight('');
    setNotes('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    performance.mark(WEIGHT_SUBMIT_MARK);
    event.preventDefault();
    const checkedWeight = checkWeight(weight);
    if (!checkedWeight.ok) {
      showToast({ severity: 'error', title: t('tracking.weight.errorTitle'), description: t(checkedWeight.key) });
      return;
    }
    const checkedNotes = checkNotes(notes);
    if (!checkedNotes.ok) {
      showToast({ severity: 'error', title: t('tracking.weight.errorTitle'), description: t(checkedNotes.key) });
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    const slow = setTimeout(() => setSaving(true), 150);
    try {
      const now = new Date();
      await write('weight.add', { id: uuidv7(now.getTime()), weight: checkedWeight.value, notes: checkedNotes.value, createdAt: now.toISOString() });
      showToast({
        severity: 'success',
        title: t('tracking.weight.successTitle'),
        description: t('tracking.weight.successDescription', { weight: intl.formatNumber(checkedWeight.value, { maximumFractionDigits: 1 }) }),
      });
      close();
    } catch (error) {
      console.error('weight.add', error);
      showToast({ severity: 'error', title: t('tracking.weight.failedTitle'), description: t('tracking.weight.failedDescription') });
    } finally {
      clearTimeout(slow);
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="weight-dialog-title">
      <form noValidate onSubmit={submit} data-testid="weight-form">
        <DialogTitle id="weight-dialog-title">{t('tracking.weight.title')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <OutlinedTextField
              label={t('tracking.weight.label')}
              type="number"
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { min: WEIGHT_MIN, max: WEIGHT_MAX, step: 0.1, inputMode: 'decimal', 'data-testid': 'weight-input' } }}
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
          <Button type="submit" variant="contained" disabled={saving} data-testid="weight-save">
            {t(saving ? 'tracking.weight.saving' : 'tracking.weight.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The "log weight" action with its dialog, for the dashboard and /progress. */
export function RecordWeightButton({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} startIcon={<MonitorWeightIcon />} onClick={() => setOpen(true)} data-testid="record-weight">
        {intl.formatMessage({ id: 'tracking.weight.open' })}
      </Button>
      <WeightRecordDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
