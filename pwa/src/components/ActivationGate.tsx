import { useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';

/** SPEC §4 activation prompt shown instead of diet and workout without an active paid plan. */
export function ActivationGate({ gate }: { gate: 'trial' | 'noPlan' }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  return (
    <Card variant="outlined" data-testid="activation-gate" data-gate={gate}>
      <CardContent>
        <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2, py: 3 }}>
          <LockIcon color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography variant="h6" component="h2">
            {t(gate === 'trial' ? 'gate.trialTitle' : 'gate.noPlanTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            {t(gate === 'trial' ? 'gate.trialMessage' : 'gate.noPlanMessage')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button onClick={() => navigate(-1)}>{t('gate.back')}</Button>
            <Button variant="contained" component={RouterLink} to="/plan-upgrade" data-testid="gate-activate">
              {t('gate.activate')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
