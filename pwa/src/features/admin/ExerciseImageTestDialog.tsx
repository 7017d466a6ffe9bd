import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ExerciseImageTestResponse } from '#protocol/contract/staff.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { adminApi } from './admin-api.ts';
import { failureText } from './feedback.ts';

/** The image types the server recognises (it answers UNSUPPORTED_IMAGE to any other). */
const ACCEPTED = 'image/jpeg,image/png,image/webp';

function Section({ titleId, children }: { titleId: string; children: React.ReactNode }) {
  const intl = useIntl();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {intl.formatMessage({ id: titleId })}
      </Typography>
      {children}
    </Box>
  );
}

/** A line of chips, or a dash when the list is empty. */
function Chips({ items }: { items: string[] }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
      {items.length === 0 ? <Typography color="text.secondary">{'—'}</Typography> : items.map((item) => <Chip key={item} size="small" label={item} />)}
    </Stack>
  );
}

/**
 * SPEC §2 hidden exercise-image recognition test: send a photo, read what the server identified,
 * the catalog exercises it matched and the steps it ran.
 */
export function ExerciseImageTestDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // The server's step ids in the reader's language; an id this version does not know stays as sent.
  const stepName = (step: string) => (intl.messages[`admin.imageTest.steps.${step}`] === undefined ? step : t(`admin.imageTest.steps.${step}`));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExerciseImageTestResponse | null>(null);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setResult(null);
    try {
      setResult(await adminApi.testExerciseImage(file));
    } catch (error) {
      console.error('admin.exerciseImage', error);
      showToast({ severity: 'error', title: t('admin.imageTest.failed'), description: failureText(intl, error) });
    } finally {
      setBusy(false);
    }
  };

  const exercise = result?.identifiedExercise;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="exercise-image-test-title" data-testid="exercise-image-test">
      <DialogTitle id="exercise-image-test-title">{t('admin.imageTest.open')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('admin.imageTest.help')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" disabled={busy}>
              {t('admin.imageTest.choose')}
              <input
                type="file"
                accept={ACCEPTED}
                hidden
                data-testid="exercise-image-input"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setResult(null);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="exercise-image-file">
              {file ? file.name : t('admin.imageTest.noFile')}
            </Typography>
          </Stack>
          {busy && <LinearProgress aria-label={t('admin.imageTest.sending')} />}
          {exercise && result && (
            <Stack sx={{ gap: 2 }} data-testid="exercise-image-result">
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {t('admin.imageTest.identified')}
                </Typography>
                <Typography variant="h6" component="p" data-testid="exercise-image-name">
                  {exercise.name}
                </Typography>
                {exercise.description && <Typography>{exercise.description}</Typography>}
              </Box>
              <Section titleId="admin.imageTest.muscleGroups">
                <Chips items={exercise.muscleGroups} />
              </Section>
              <Section titleId="admin.imageTest.equipment">
                <Chips items={exercise.equipment} />
              </Section>
              <Section titleId="admin.imageTest.alternativeNames">
                <Chips items={exercise.alternativeNames} />
              </Section>
              <Section titleId="admin.imageTest.matches">
                {result.matchedExercises.length === 0 ? (
                  <Typography color="text.secondary">{t('admin.imageTest.noMatches')}</Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {result.matchedExercises.map((match) => (
                      <li key={match.id}>
                        <Typography>
                          {t(match.muscleGroups.length > 0 ? 'admin.imageTest.match' : 'admin.imageTest.matchPlain', {
                            name: match.name,
                            score: intl.formatNumber(match.score, { maximumFractionDigits: 2 }),
                            muscles: intl.formatList(match.muscleGroups, { type: 'unit' }),
                          })}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                )}
              </Section>
              <Section titleId="admin.imageTest.workflow">
                <Box component="ol" sx={{ m: 0, pl: 3 }}>
                  {result.workflow.map((step, index) => (
                    <li key={`${index}-${step.step}`}>
                      <Typography>
                        {t(step.status === 'ok' ? 'admin.imageTest.stepOk' : 'admin.imageTest.stepSkipped', { step: stepName(step.step), detail: step.detail })}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </Section>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="exercise-image-close">
          {t('admin.close')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!file || busy} data-testid="exercise-image-send">
          {t(busy ? 'admin.imageTest.sending' : 'admin.imageTest.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
