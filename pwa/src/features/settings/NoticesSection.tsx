import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { WEEKDAYS, type Weekday } from '#protocol/domain/check-ins.ts';
import {
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  DEFAULT_WEIGH_IN_DAYS,
  DEFAULT_WEIGH_IN_TIME,
  isWallTime,
  NOTICE_CHANNELS,
  noticeChoicesOf,
  noticeKindsFor,
  type NoticeChannel,
  type NoticeChoicesChange,
  type NoticeKind,
} from '#protocol/domain/notice-choices.ts';
import type { ProfileUpdateInput } from '#protocol/schemas/clients.ts';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { OutlinedTextField } from '#pwa/components/OutlinedTextField.tsx';
import { useCurrentDb } from '#pwa/db/current.ts';
import { useLocalProfile } from '#pwa/db/use-content.ts';
import { devicePushState, keepDevicePushSaved, turnOffDevicePush, turnOnDevicePush, type DevicePushState } from '#pwa/notices/device-push.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { answer, apiClient } from '#pwa/lib/api.ts';
import { deviceTimeZone } from '#pwa/db/local-writes.ts';
import { capitalize } from '#pwa/lib/text.ts';
import { useSession } from '#pwa/lib/session.ts';
import { write } from '#pwa/sync/user-data.ts';

const labelId = (kind: NoticeKind) => `settings.notice${capitalize(kind)}`;
const columnId = (channel: NoticeChannel) => `settings.noticeColumn${capitalize(channel)}`;

/** The zones the browser knows, the person's own kept first in line if it is not among them. */
function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** A time of day, saved whenever it is a whole one: a field being cleared or typed into is not yet a time. */
function TimeField({ label, stored, onTime, testId }: { label: string; stored: string; onTime: (time: string) => void; testId: string }) {
  const [typed, setTyped] = useState(stored);
  return (
    <Box sx={{ flex: 1, maxWidth: 240 }}>
      <OutlinedTextField
        type="time"
        label={label}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          if (isWallTime(event.target.value)) onTime(event.target.value);
        }}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      />
    </Box>
  );
}

/**
 * Whether this device gets push, and the button that changes it: the browser asks for permission
 * only when the person presses it. Blocked, unsupported and iPhone-not-installed say what to do.
 */
function DevicePush() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const db = useCurrentDb();
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void devicePushState().then((found) => {
      if (!live) return;
      setState(found);
      // On since an earlier sign-in: saved again for this one (a subscription ends with its sign-in).
      if (found === 'on') keepDevicePushSaved(db).catch((error: unknown) => console.error('push.keep', error));
    });
    return () => {
      live = false;
    };
  }, [db]);

  const change = async (on: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      setState(await (on ? turnOnDevicePush(db) : turnOffDevicePush(db)));
    } catch (error) {
      console.error('push.change', error);
      showToast({ severity: 'error', title: t('settings.devicePushFailed'), description: t('settings.devicePushFailedDescription') });
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  const text = { on: 'settings.devicePushOn', off: 'settings.devicePushOff', denied: 'settings.devicePushDenied', unsupported: 'settings.devicePushUnsupported', 'install-first': 'settings.devicePushInstallFirst' }[state];
  return (
    <Alert severity={state === 'on' ? 'success' : state === 'off' ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="device-push" data-state={state}>
      <Typography variant="body2">{t(text)}</Typography>
      {(state === 'on' || state === 'off') && (
        <Button variant={state === 'off' ? 'contained' : 'text'} size="small" sx={{ mt: 1 }} disabled={busy} onClick={() => void change(state === 'off')} data-testid="device-push-toggle">
          {t(state === 'off' ? 'settings.devicePushTurnOn' : 'settings.devicePushTurnOff')}
        </Button>
      )}
    </Alert>
  );
}

/**
 * What the person is told, and when (issue 50, ADR 032): a push and an e-mail switch for each kind
 * of notice their role gets, the weigh-in reminder's time and days, their zone and quiet hours.
 * Each is a profile field, saved at once on this device (offline too) and synced to the others.
 */
export function NoticesSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const role = useSession((s) => s.client?.role ?? 'user');
  const profile = useLocalProfile();
  const notices = noticeChoicesOf(profile?.notices);
  const timeZone = profile?.timeZone ?? deviceTimeZone();
  const weighInDays = profile?.weighInDays ?? DEFAULT_WEIGH_IN_DAYS;
  // Whether this server can send e-mail (SMTP): asked once online; offline the switches stay as they are.
  const [emailReady, setEmailReady] = useState(true);
  useEffect(() => {
    let live = true;
    answer(apiClient.notices.channels.$get())
      .then(({ email }) => live && setEmailReady(email))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const save = (fields: ProfileUpdateInput) => write('profile.update', { fields }).catch((error: unknown) => console.error('settings.notices', error));
  const choose = (kind: NoticeKind, channel: NoticeChannel, on: boolean) => save({ notices: { [kind]: { [channel]: on } } as NoticeChoicesChange });
  const toggleDay = (day: Weekday) => save({ weighInDays: weighInDays.includes(day) ? weighInDays.filter((d) => d !== day) : [...weighInDays, day].sort() });
  const weekdayName = (day: Weekday) => capitalize(new Date(Date.UTC(2024, 0, 7 + day)).toLocaleDateString(intl.locale, { weekday: 'short', timeZone: 'UTC' }));

  return (
    <Card variant="outlined" data-testid="notices-section">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('settings.notifications')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.notificationsIntro')}
        </Typography>
        <DevicePush />
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.5 }}>
          <Stack component="li" direction="row" aria-hidden="true" sx={{ alignItems: 'center' }}>
            <span style={{ flex: 1 }} />
            {NOTICE_CHANNELS.map((channel) => (
              <Typography key={channel} variant="caption" color="text.secondary" sx={{ width: 64, textAlign: 'center' }}>
                {t(columnId(channel))}
              </Typography>
            ))}
          </Stack>
          {noticeKindsFor(role).map((kind) => (
            <Stack component="li" key={kind} direction="row" sx={{ alignItems: 'center' }} data-testid={`notice-${kind}`}>
              <Typography sx={{ flex: 1, minWidth: 0 }}>{t(labelId(kind))}</Typography>
              {NOTICE_CHANNELS.map((channel) => (
                <Stack key={channel} sx={{ width: 64, alignItems: 'center' }}>
                  <Switch
                    checked={notices[kind][channel]}
                    disabled={channel === 'email' && !emailReady}
                    onChange={(event) => void choose(kind, channel, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('settings.noticeSwitchLabel', { notice: t(labelId(kind)), channel: t(columnId(channel)) }), 'data-testid': `notice-${kind}-${channel}` } as object }}
                  />
                </Stack>
              ))}
            </Stack>
          ))}
        </Stack>
        {!emailReady && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="email-unavailable">
            {t('settings.emailUnavailable')}
          </Typography>
        )}

        {/* The times are typed into fields of their own, filled once the device's profile has loaded. */}
        {profile && (
          <Stack sx={{ gap: 2, mt: 3 }}>
            {role === 'user' && (
              <>
                <TimeField label={t('settings.weighInTime')} stored={profile.weighInTime ?? DEFAULT_WEIGH_IN_TIME} onTime={(time) => void save({ weighInTime: time })} testId="weigh-in-time" />
                <FormGroup role="group" aria-labelledby="weigh-in-days-label" row>
                  <FormLabel id="weigh-in-days-label" sx={{ width: '100%' }}>
                    {t('settings.weighInDays')}
                  </FormLabel>
                  {WEEKDAYS.map((day) => (
                    <FormControlLabel
                      key={day}
                      control={<Checkbox checked={weighInDays.includes(day)} onChange={() => void toggleDay(day)} slotProps={{ input: { 'data-testid': `weigh-in-day-${day}` } as object }} />}
                      label={weekdayName(day)}
                    />
                  ))}
                </FormGroup>
              </>
            )}
            <NativeSelectField
              label={t('settings.timeZone')}
              value={timeZone}
              options={zonesWith(timeZone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
              onChange={(event) => void save({ timeZone: event.target.value })}
              helperText={t('settings.timeZoneHelp')}
              fullWidth
              id="settings-time-zone"
              data-testid="settings-time-zone"
            />
            <div>
              <FormLabel component="p" sx={{ mb: 1 }}>
                {t('settings.quietHours')}
              </FormLabel>
              <Stack direction="row" sx={{ gap: 2 }}>
                {(['quietStart', 'quietEnd'] as const).map((field) => (
                  <TimeField
                    key={field}
                    label={t(`settings.${field}`)}
                    stored={profile[field] ?? (field === 'quietStart' ? DEFAULT_QUIET_START : DEFAULT_QUIET_END)}
                    onTime={(time) => void save({ [field]: time })}
                    testId={`settings-${field}`}
                  />
                ))}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('settings.quietHelp')}
              </Typography>
            </div>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
