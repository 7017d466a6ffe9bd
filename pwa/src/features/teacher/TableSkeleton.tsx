import { useIntl } from 'react-intl';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** A tab's table while its first load runs. */
export function TableSkeleton() {
  const intl = useIntl();
  return (
    <Stack sx={{ gap: 1 }} role="status" aria-busy="true" aria-label={intl.formatMessage({ id: 'teacher.loading' })}>
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={32} />
      <Skeleton variant="rounded" height={32} />
    </Stack>
  );
}
