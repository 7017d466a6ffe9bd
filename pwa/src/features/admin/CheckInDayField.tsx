import { useState } from 'react';
import { useIntl } from 'react-intl';
import { WEEKDAYS, type Weekday } from '#protocol/domain/check-ins.ts';
import { NativeSelectField } from '#pwa/components/NativeSelectField.tsx';
import { showToast } from '#pwa/lib/toast.ts';
import { weekdayName } from '#pwa/lib/weekday.ts';
import { coachApi } from './admin-api.ts';
import { failureText } from './feedback.ts';

/**
 * A client's check-in day as their coach sets it (issue 22, part 2): the weekday their dashboard
 * asks for the week's check-in, the day they registered until the coach moves it. Saved when
 * chosen; the client's devices pull it with the profile. A failed save says why and shows the
 * day the server keeps.
 */
export function CheckInDayField({ clientId, clientName, day, onSaved }: { clientId: string; clientName: string; day: Weekday; onSaved: () => void }) {
  const intl = useIntl();
  const [shown, setShown] = useState<Weekday>(day);
  const [saving, setSaving] = useState(false);

  const choose = async (value: string) => {
    const chosen = Number(value) as Weekday;
    if (!WEEKDAYS.includes(chosen) || chosen === shown) return;
    setShown(chosen);
    setSaving(true);
    try {
      await coachApi.setCheckInDay(clientId, chosen);
      showToast({ severity: 'success', title: intl.formatMessage({ id: 'admin.detail.checkInDaySaved' }, { name: clientName, day: weekdayName(intl.locale, chosen) }) });
      onSaved();
    } catch (error) {
      setShown(day);
      showToast({ severity: 'error', title: intl.formatMessage({ id: 'admin.detail.checkInDayFailed' }), description: failureText(intl, error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <NativeSelectField
      label={intl.formatMessage({ id: 'admin.detail.checkInDay' })}
      value={String(shown)}
      options={WEEKDAYS.map((weekday) => ({ value: String(weekday), label: weekdayName(intl.locale, weekday) }))}
      onChange={(event) => void choose(event.target.value)}
      helperText={intl.formatMessage({ id: 'admin.detail.checkInDayHelp' }, { name: clientName })}
      slotProps={{ htmlInput: { disabled: saving } }}
      data-testid="admin-check-in-day"
    />
  );
}
