import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeading } from '#pwa/components/PageHeading.tsx';

export function NotFoundScreen() {
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 2 }} data-testid="not-found">
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden="true" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <PageHeading titleId="notFound.title" />
      <Typography color="text.secondary">
        <FormattedMessage id="notFound.description" />
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        <FormattedMessage id="notFound.backHome" />
      </Button>
    </Stack>
  );
}
