import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { HealthConsentText } from '#pwa/components/HealthConsent.tsx';
import { loadAnswerMessages } from '#pwa/components/i18n/messages.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { flush } from '#pwa/sync/user-data.ts';
import { useHealthConsentAt } from '#pwa/db/use-health-consent.ts';
import { toLocale } from '#protocol/i18n/locales.ts';

const consent = apiClient.clients.me['health-consent'];

/**
 * The LGPD consent for health data (issue 22, part 4): its state with its date, given here, or
 * withdrawn after saying what is erased. Both need the server: the erasure is done there, and
 * every device then drops its copies on its next pull.
 */
export function HealthConsentSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const setClient = useSession((s) => s.setClient);
  const [withdrawing, setWithdrawing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The session's word until the device's profile has loaded.
  const sessionAt = useSession((s) => s.client?.healthConsentAt ?? null);
  const stored = useHealthConsentAt();
  const known = stored === undefined ? sessionAt : stored;
  // The server's answer to a change made here, shown until this device's profile has pulled it.
  const [answered, setAnswered] = useState<{ at: string | null } | null>(null);
  useEffect(() => {
    if (answered?.at === stored) setAnswered(null);
  }, [answered, stored]);
  const givenAt = answered ? answered.at : known;
  // The notices where health data would be recorded link here (`/settings#health-data`).
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#health-data') card.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const change = async (action: 'give' | 'withdraw') => {
    if (busy) return;
    setBusy(true);
    try {
      // The record keeps the language the wording was read in: this interface's, whatever the profile's.
      const { client: updated } = await answer(action === 'give' ? consent.$put({ json: { locale: toLocale(intl.locale) ?? undefined } }) : consent.$delete());
      setClient(updated);
      setAnswered({ at: updated.healthConsentAt });
      setWithdrawing(false);
      showToast({ severity: 'success', title: t(action === 'give' ? 'settings.healthData.givenToast' : 'settings.healthData.withdrawnToast') });
      void flush();
    } catch (error) {
      showToast({ severity: 'error', title: t('settings.healthData.failed'), description: errorMessage(intl, error, 'errors.network') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card ref={card} variant="outlined" id="health-data" sx={{ scrollMarginTop: 72 }} data-testid="health-consent-section" data-consent={givenAt ? 'given' : 'none'}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('settings.healthData.title')}
        </Typography>
        <FeatureMessages load={loadAnswerMessages} fallback={null}>
          <HealthConsentText />
        </FeatureMessages>
        <Typography sx={{ fontWeight: 600, my: 2 }} data-testid="health-consent-state">
          {givenAt ? t('settings.healthData.given', { date: intl.formatDate(givenAt, { dateStyle: 'long' }) }) : t('settings.healthData.notGiven')}
        </Typography>
        {givenAt ? (
          <Button color="error" variant="outlined" onClick={() => setWithdrawing(true)} data-testid="health-consent-withdraw">
            {t('settings.healthData.withdraw')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void change('give')} disabled={busy} data-testid="health-consent-give">
            {t('settings.healthData.give')}
          </Button>
        )}
      </CardContent>
      <Dialog open={withdrawing} onClose={() => setWithdrawing(false)} aria-labelledby="health-consent-withdraw-title">
        <DialogTitle id="health-consent-withdraw-title">{t('settings.healthData.withdrawTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('settings.healthData.withdrawText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWithdrawing(false)}>{t('settings.deleteCancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void change('withdraw')} disabled={busy} data-testid="health-consent-withdraw-confirm">
            {t('settings.healthData.withdrawConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
