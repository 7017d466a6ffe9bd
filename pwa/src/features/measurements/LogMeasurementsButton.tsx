import { startTransition, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import StraightenIcon from '@mui/icons-material/Straighten';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { useHealthConsent } from '#pwa/db/use-health-consent.ts';

const NewMeasurementDialog = lazyPart(() => import('./NewMeasurementDialog.tsx').then((m) => m.NewMeasurementDialog));

/**
 * "Log measurements" (issue 21), for the dashboard's quick actions and /progress. The form and its
 * strings load on the first tap (the service worker keeps them for offline use), so the
 * dashboard's first load does not carry them.
 */
export function LogMeasurementsButton({ variant = 'outlined' }: { variant?: 'contained' | 'outlined' }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // Measurements are health data (issue 22, part 4): without the consent, /progress says where to give it.
  if (useHealthConsent() === false) return null;
  return (
    <>
      <Button variant={variant} startIcon={<StraightenIcon />} onClick={() => startTransition(() => setOpen(true))} data-testid="log-measurements">
        {intl.formatMessage({ id: 'measurements.open' })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <NewMeasurementDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
