import { startTransition, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeightOutlined';
import { WeightFormDialog, type WeightFormValues } from '#pwa/components/WeightFormDialog.tsx';
import { lastWeight } from '#pwa/db/use-weight-records.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { lazyPart } from '#pwa/components/LazyPart.tsx';

// Offered after a first weigh-in (it checks that itself): loaded after a weigh-in, not with the dashboard.
const PushOffer = lazyPart(() => import('#pwa/notices/PushOffer.tsx').then((m) => m.PushOffer));

/**
 * SPEC §2/§8 weight-record modal. Saving writes to this device first (it works offline) and the
 * sync sends it later; the modal closes and resets on success or cancel. A weight far from the
 * last record asks "Did you mean …?" first (ADR 015).
 */
export function WeightRecordDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved?: () => void }) {
  const measures = useMeasures();

  const save = async ({ weight, notes }: WeightFormValues) => {
    try {
      const now = new Date();
      await write('weight.add', { id: uuidv7(now.getTime()), weight, notes, createdAt: now.toISOString() });
      showToast({
        severity: 'success',
        title: { id: 'tracking.weight.successTitle' },
        description: { id: 'tracking.weight.successDescription', values: { weight: measures.weight(weight) } },
      });
      onSaved?.();
    } catch (error) {
      console.error('weight.add', error);
      showToast({ severity: 'error', title: { id: 'tracking.weight.failedTitle' }, description: { id: 'tracking.weight.failedDescription' } });
      throw error;
    }
  };

  return <WeightFormDialog key={String(open)} open={open} onClose={onClose} onSave={save} titleId="tracking.weight.title" last={lastWeight} />;
}

/** The "log weight" action with its dialog, for the dashboard and /progress. */
export function RecordWeightButton({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // After a first weigh-in, the app offers the weigh-in reminder on this phone (issue 50).
  const [saved, setSaved] = useState(false);
  return (
    <>
      {/* The dialog mounts as a transition: the tap paints its ripple at once instead of waiting
          for the whole dialog (~600 ms on a slow phone; issue 20, interaction to next paint). */}
      <Button variant={variant} startIcon={<MonitorWeightIcon />} onClick={() => startTransition(() => setOpen(true))} data-testid="record-weight">
        {intl.formatMessage({ id: 'tracking.weight.open' })}
      </Button>
      <WeightRecordDialog open={open} onClose={() => setOpen(false)} onSaved={() => setSaved(true)} />
      {saved && (
        <Suspense fallback={null}>
          <PushOffer moment="afterWeighIn" />
        </Suspense>
      )}
    </>
  );
}
