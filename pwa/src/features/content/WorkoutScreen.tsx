import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { loadContentMessages } from './i18n/messages.ts';

/** SPEC §2 /workout: a placeholder until the workout viewer comes; the programme lives in My Content. */
function Workout() {
  const intl = useIntl();
  return (
    <>
      <PageHeading titleId="nav.workout" />
      <Paper variant="outlined" sx={{ p: 4 }} data-testid="workout-placeholder">
        <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
            <ConstructionIcon color="action" aria-hidden="true" />
            <Typography color="text.secondary">{intl.formatMessage({ id: 'content.workout.viewerComingSoon' })}</Typography>
          </Stack>
          <Button variant="outlined" component={RouterLink} to="/content?tab=workouts">
            {intl.formatMessage({ id: 'content.workout.seeProgramme' })}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

/** The screen with its own strings, which load with it. */
export function WorkoutScreen() {
  return (
    <FeatureMessages load={loadContentMessages}>
      <Workout />
    </FeatureMessages>
  );
}
