import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { beep, clock, justEnded, secondsLeft } from './rest-clock.ts';

export interface Rest {
  endsAt: number;
  seconds: number;
}

/** A tap adds or takes this much rest. */
const STEP_SECONDS = 15;

/**
 * The rest after a set (issue 48): counted from the wall clock, so it is right after the screen
 * was off or the app in the background; at zero it vibrates and beeps when the app is visible,
 * and says so to a screen reader. The client adds or takes time, or skips it.
 */
export function RestTimer({ rest, onChange }: { rest: Rest; onChange: (rest: Rest | null) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [now, setNow] = useState(() => Date.now());
  const previous = useRef(now);
  useEffect(() => {
    const tick = () => {
      const at = Date.now();
      if (justEnded(rest.endsAt, previous.current, at) && document.visibilityState === 'visible') {
        navigator.vibrate?.([200, 100, 200]);
        beep();
      }
      previous.current = at;
      setNow(at);
    };
    tick();
    const timer = setInterval(tick, 250);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [rest.endsAt]);

  const left = secondsLeft(rest.endsAt, now);
  const over = left === 0;
  const shift = (by: number) => onChange({ endsAt: Math.max(now, rest.endsAt + by * 1000), seconds: Math.max(1, rest.seconds + by) });
  return (
    <Paper elevation={6} sx={{ position: 'sticky', bottom: { xs: 72, md: 16 }, p: 2, zIndex: 2 }} data-testid="rest-timer" data-over={over ? 'true' : 'false'}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Stack>
          <Typography variant="body2" color="text.secondary">
            {t(over ? 'training.restOver' : 'training.resting')}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }} data-testid="rest-left" role="timer" aria-live="off">
            {clock(left)}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ gap: 0.5 }}>
          <Button onClick={() => shift(-STEP_SECONDS)} disabled={over} aria-label={t('training.restLess', { seconds: STEP_SECONDS })}>
            {t('training.restStepLess', { seconds: STEP_SECONDS })}
          </Button>
          <Button onClick={() => shift(STEP_SECONDS)} aria-label={t('training.restMore', { seconds: STEP_SECONDS })} data-testid="rest-more">
            {t('training.restStepMore', { seconds: STEP_SECONDS })}
          </Button>
          <Button variant="contained" onClick={() => onChange(null)} data-testid="rest-skip">
            {t(over ? 'training.restDone' : 'training.restSkip')}
          </Button>
        </Stack>
      </Stack>
      <LinearProgress variant="determinate" value={rest.seconds > 0 ? (100 * left) / rest.seconds : 0} sx={{ mt: 1 }} aria-hidden="true" />
      {/* Said once, when the rest ends: a screen reader does not read the ticking figure. */}
      <Typography sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }} aria-live="assertive">
        {over ? t('training.restOver') : ''}
      </Typography>
    </Paper>
  );
}
