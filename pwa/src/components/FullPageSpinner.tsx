import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while the catalogs or the session load; labelled by whoever renders it. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center' }} role="status" aria-busy="true" aria-label={label}>
      <CircularProgress aria-hidden={label ? undefined : true} aria-label={label} />
    </Box>
  );
}
