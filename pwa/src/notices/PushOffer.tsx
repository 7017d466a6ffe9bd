import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { useCurrentDb, useUserDb } from '#pwa/db/current.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { devicePushState, turnOnDevicePush } from './device-push.ts';
import { loadNoticeMessages } from './i18n/messages.ts';

/** A person who said "not now" is not asked again on this device for a month, wherever. */
const DISMISSED_KEY = 'leve.push-offer-dismissed';
const QUIET_MS = 30 * 24 * 3_600_000;

const dismissedRecently = () => Date.now() - Number(localStorage.getItem(DISMISSED_KEY) ?? 0) < QUIET_MS;

/** The moments the offer follows, each saying what the notices would bring then. */
export type PushOfferMoment = 'afterMessage' | 'afterWeighIn';

/** Whether the moment is the first of its kind: after a weigh-in, the person's first (read after the write). */
async function isFirst(moment: PushOfferMoment): Promise<boolean> {
  if (moment !== 'afterWeighIn') return true;
  return (await useUserDb.getState().db?.weightRecords.filter((record) => !record.deleted).count()) === 1;
}

/**
 * The app's own offer to turn notifications on (issue 50, ADR 032 "Asking permission"), shown at a
 * moment that makes sense (a first message to the coach, a first weigh-in): it says what they are
 * for, and the browser asks only when the person presses "Turn on". Shown only to a device that is
 * off and could be on; "Not now" is remembered on this device.
 */
export function PushOffer({ moment }: { moment: PushOfferMoment }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    if (!dismissedRecently()) void Promise.all([isFirst(moment), devicePushState()]).then(([first, state]) => live && setShown(first && state === 'off'));
    return () => {
      live = false;
    };
  }, [moment]);
  if (!shown) return null;
  return (
    <FeatureMessages load={loadNoticeMessages} fallback={null}>
      <Offer moment={moment} onDone={() => setShown(false)} />
    </FeatureMessages>
  );
}

function Offer({ moment, onDone }: { moment: PushOfferMoment; onDone: () => void }) {
  const intl = useIntl();
  const db = useCurrentDb();
  const t = (id: string) => intl.formatMessage({ id });
  const notNow = () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    onDone();
  };
  const turnOn = async () => {
    onDone();
    try {
      // Refused in the browser's own question: the person answered it, nothing more to say here.
      if ((await turnOnDevicePush(db)) === 'on') showToast({ severity: 'success', title: t('pushOffer.on'), description: t('pushOffer.onDescription') });
    } catch (error) {
      console.error('push.offer', error);
      showToast({ severity: 'error', title: t('pushOffer.failed'), description: t('pushOffer.failedDescription') });
    }
  };
  return (
    <Alert severity="info" data-testid="push-offer" data-moment={moment} sx={{ my: 1 }}>
      {t(`pushOffer.${moment}`)}
      <Stack direction="row" sx={{ gap: 1, mt: 1 }}>
        <Button size="small" variant="contained" onClick={() => void turnOn()} data-testid="push-offer-turn-on">
          {t('pushOffer.turnOn')}
        </Button>
        <Button size="small" onClick={notNow} data-testid="push-offer-not-now">
          {t('pushOffer.notNow')}
        </Button>
      </Stack>
    </Alert>
  );
}
