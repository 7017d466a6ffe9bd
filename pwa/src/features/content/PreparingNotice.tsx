import { useIntl } from 'react-intl';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassIcon from '@mui/icons-material/HourglassTopOutlined';

/**
 * SPEC §2/§4: with a plan but nothing published yet, a professional is evaluating the profile
 * and the diet or workout arrives within 4 hours.
 */
export function PreparingNotice({ kind }: { kind: 'diet' | 'workout' }) {
  const intl = useIntl();
  return (
    <Card variant="outlined" data-testid="preparing-notice">
      <CardContent>
        <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1.5, py: 3 }}>
          <HourglassIcon color="primary" sx={{ fontSize: 44 }} aria-hidden="true" />
          <Typography variant="h6" component="p">
            {intl.formatMessage({ id: `content.preparing.${kind}Title` })}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            {intl.formatMessage({ id: `content.preparing.${kind}Message` })}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
