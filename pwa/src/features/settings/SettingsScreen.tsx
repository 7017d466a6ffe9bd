import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { PageHeading } from '#pwa/components/PageHeading.tsx';
import { LOCALES, toLocale } from '#protocol/i18n/locales.ts';
import type { UnitSystem } from '#protocol/domain/units.ts';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { UnitSystemSelect } from '#pwa/components/UnitSystemSelect.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { answer, apiClient, ApiRequestError } from '#pwa/lib/api.ts';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { useSession } from '#pwa/lib/session.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { write } from '#pwa/sync/user-data.ts';
import { loadSettingsMessages } from './i18n/messages.ts';
import { SecuritySection } from './SecuritySection.tsx';
import { HealthConsentSection } from './HealthConsentSection.tsx';
import { NoticesSection } from './NoticesSection.tsx';

/** SPEC §3 local-only settings: kept on this device. What the person is told is on their profile (NoticesSection). */
const SETTINGS_KEY = 'leve.settings';
const DEFAULTS = {
  privacy: { profileVisible: true, shareProgress: false, dataAnalytics: false },
  autoBackup: true,
};
type LocalSettings = typeof DEFAULTS;
const THEME_MODES = ['light', 'dark', 'system'] as const;
const isThemeMode = (value: string): value is (typeof THEME_MODES)[number] => (THEME_MODES as readonly string[]).includes(value);

function readSettings(): LocalSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<LocalSettings>;
    return { ...DEFAULTS, ...stored, privacy: { ...DEFAULTS.privacy, ...stored.privacy } };
  } catch {
    return DEFAULTS;
  }
}

/** SPEC §2 /settings, with account security, data export and account deletion (LGPD and GDPR rights). */
function Settings() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const client = useSession((s) => s.client);
  const logout = useSession((s) => s.logout);
  const setClient = useSession((s) => s.setClient);
  const { mode, setMode } = useColorScheme();
  const locale = useLocaleStore((s) => s.locale);
  const measures = useMeasures();
  const choose = useLocaleStore((s) => s.choose);
  const [settings, setSettings] = useState(readSettings);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  // The language is the profile's (ADR 019): saved at once, offline too, and synced, so the
  // server writes to the user in it and the user's other devices switch to it.
  const chooseLanguage = (value: string) => {
    const chosen = toLocale(value);
    if (!chosen) return;
    choose(chosen);
    if (client) setClient({ ...client, preferredLanguage: chosen });
    write('profile.update', { fields: { preferredLanguage: chosen } }).catch((error: unknown) => console.error('settings.language', error));
  };

  // Units are the profile's too (ADR 020): every device shows and asks for weights in them.
  const chooseUnits = (value: UnitSystem) => {
    if (client) setClient({ ...client, unitSystem: value });
    write('profile.update', { fields: { unitSystem: value } }).catch((error: unknown) => console.error('settings.units', error));
  };

  const toggle = (group: 'privacy', key: string) =>
    setSettings((s) => ({ ...s, [group]: { ...s[group], [key]: !(s[group] as Record<string, boolean>)[key] } }));

  const save = () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    showToast({ severity: 'success', title: { id: 'settings.saved' } });
  };

  const exportData = async () => {
    try {
      const data = await answer(apiClient.clients.me.export.$get());
      const blob = new Blob([JSON.stringify({ ...data, localSettings: settings }, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `leve-coach-export-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      showToast({ severity: 'info', title: { id: 'settings.exportStarted' } });
    } catch (error) {
      showToast({ severity: 'error', title: { id: 'settings.exportFailed' }, description: errorMessage(intl, error, 'errors.network') });
    }
  };

  const deleteAccount = async () => {
    setBusy(true);
    try {
      await answer(apiClient.clients.me.$delete({ json: { password } }));
      setDeleting(false);
      localStorage.removeItem(SETTINGS_KEY);
      await logout();
      showToast({ severity: 'warning', title: { id: 'settings.deleted' } });
      navigate('/login', { replace: true });
    } catch (error) {
      const blocked = error instanceof ApiRequestError && error.code === 'USER_HAS_ACTIVE_PLAN';
      showToast({ severity: 'error', title: t(blocked ? 'settings.deleteBlockedTitle' : 'settings.deleteFailed'), description: errorMessage(intl, error, 'errors.network') });
    } finally {
      setBusy(false);
    }
  };

  const section = (titleId: string, children: React.ReactNode, testId?: string) => (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t(titleId)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
  const switches = (group: 'privacy', prefix: string) =>
    Object.entries(settings[group]).map(([key, on]) => (
      <FormControlLabel key={key} control={<Switch checked={on} onChange={() => toggle(group, key)} />} label={t(`settings.${prefix}${capitalize(key)}`)} />
    ));

  return (
    <>
      <PageHeading titleId="nav.settings" />
      <Stack sx={{ gap: 2, maxWidth: 720 }}>
        {section(
          'settings.account',
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
            <div>
              <Typography sx={{ fontWeight: 600 }}>{client?.name}</Typography>
              <Typography color="text.secondary">{client?.email}</Typography>
            </div>
            <Button component={RouterLink} to="/profile" variant="outlined">
              {t('settings.editProfile')}
            </Button>
          </Stack>,
        )}
        <SecuritySection />
        {section(
          'settings.appearance',
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <NativeSelectField
              label={t('settings.theme')}
              value={mode ?? 'system'}
              options={THEME_MODES.map((value) => ({ value, label: t(`settings.theme${capitalize(value)}`) }))}
              onChange={(e) => {
                if (isThemeMode(e.target.value)) setMode(e.target.value);
              }}
              fullWidth
              id="settings-theme"
            />
            <NativeSelectField
              label={t('settings.language')}
              value={locale ?? 'pt-BR'}
              options={LOCALES.map((value) => ({ value, label: t(`language.${value}`), lang: value }))}
              onChange={(e) => chooseLanguage(e.target.value)}
              fullWidth
              id="settings-language"
              data-testid="settings-language"
            />
            <UnitSystemSelect value={measures.system} onChange={chooseUnits} id="settings-units" />
          </Stack>,
        )}
        <NoticesSection />
        {section(
          'settings.privacy',
          <Stack>
            {switches('privacy', 'privacy')}
            <FormControlLabel control={<Switch checked={settings.autoBackup} onChange={() => setSettings((s) => ({ ...s, autoBackup: !s.autoBackup }))} />} label={t('settings.autoBackup')} />
          </Stack>,
        )}
        {client?.role === 'user' && <HealthConsentSection />}
        {section(
          'settings.dataTitle',
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('settings.dataNotice')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
              <Button variant="outlined" onClick={exportData} data-testid="export-data">
                {t('settings.export')}
              </Button>
              {/* Streamed by the server: an album of photos never has to fit in the phone's memory. */}
              <Button variant="outlined" href="/api/clients/me/export.zip" download data-testid="export-data-zip">
                {t('settings.exportZip')}
              </Button>
              <Button color="error" variant="outlined" onClick={() => setDeleting(true)} data-testid="delete-account">
                {t('settings.delete')}
              </Button>
            </Stack>
          </>,
        )}
        <div>
          <Button variant="contained" onClick={save} data-testid="save-settings">
            {t('settings.save')}
          </Button>
        </div>
      </Stack>

      <Dialog open={deleting} onClose={() => setDeleting(false)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{t('settings.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            <strong>{client?.name}</strong>: {t('settings.deleteWarning')}
          </DialogContentText>
          <OutlinedTextField type="password" label={t('settings.deletePassword')} value={password} onChange={(e) => setPassword(e.target.value)} fullWidth autoComplete="current-password" slotProps={{ htmlInput: { 'data-testid': 'delete-password' } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)}>{t('settings.deleteCancel')}</Button>
          <Button color="error" variant="contained" onClick={deleteAccount} disabled={busy || password === ''} data-testid="delete-confirm">
            {t('settings.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The screen with its own strings (account security), which load with it. */
export function SettingsScreen() {
  return (
    <FeatureMessages load={loadSettingsMessages}>
      <Settings />
    </FeatureMessages>
  );
}
