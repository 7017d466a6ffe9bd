import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCurrentDb } from '#pwa/db/current.ts';
import { devicePushState, turnOnDevicePush } from './device-push.ts';

/** A person who said "not now" is not asked again here for a month. */
const DISMISSED_KEY = 'leve.push-offer-dismissed';
const QUIET_MS = 30 * 24 * 3_600_000;

const dismissedRecently = () => Date.now() - Number(localStorage.getItem(DISMISSED_KEY) ?? 0) < QUIET_MS;

/**
 * The app's own offer to turn notifications on (issue 50, ADR 032 "Asking permission"), shown at
 * a moment that makes sense (after a first message to the coach): it says what they are for, and
 * the browser asks only when the person presses "Turn on". Shown only to a device that is off
 * and could be on; "Not now" is remembered on this device.
 */
export function PushOffer({ textId, turnOnId, notNowId }: { textId: string; turnOnId: string; notNowId: string }) {
  const intl = useIntl();
  const db = useCurrentDb();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    if (!dismissedRecently()) void devicePushState().then((state) => live && setShown(state === 'off'));
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;

  const notNow = () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    setShown(false);
  };
  const turnOn = async () => {
    setShown(false);
    try {
      await turnOnDevicePush(db);
    } catch (error) {
      console.error('push.offer', error);
    }
  };
  return (
    <Alert severity="info" data-testid="push-offer" sx={{ mb: 1 }}>
      {intl.formatMessage({ id: textId })}
      <Stack direction="row" sx={{ gap: 1, mt: 1 }}>
        <Button size="small" variant="contained" onClick={() => void turnOn()} data-testid="push-offer-turn-on">
          {intl.formatMessage({ id: turnOnId })}
        </Button>
        <Button size="small" onClick={notNow}>
          {intl.formatMessage({ id: notNowId })}
        </Button>
      </Stack>
    </Alert>
  );
}
