import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from './PageHeading.tsx';

/** A titled stand-in for a screen another issue builds. */
export function PlaceholderScreen({ titleId }: { titleId: string }) {
  return (
    <>
      <PageHeading titleId={titleId} />
      <Paper variant="outlined" sx={{ p: 4, display: 'flex', gap: 2, alignItems: 'center' }}>
        <ConstructionIcon color="action" aria-hidden="true" />
        <Typography color="text.secondary">
          <FormattedMessage id="placeholder.comingSoon" />
        </Typography>
      </Paper>
    </>
  );
}
