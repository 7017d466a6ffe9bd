import { useIntl } from 'react-intl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface BirthDateParts {
  birthDay: string;
  birthMonth: string;
  birthYear: string;
}

/** The last 80 years, newest first, for the birth year selector. */
export function birthYears(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 81 }, (_, i) => year - i);
}

/** "1990-05-14" from the three selects; undefined while any is empty. */
export function birthDateOf({ birthDay, birthMonth, birthYear }: BirthDateParts): string | undefined {
  return birthYear && birthMonth && birthDay ? `${birthYear}-${birthMonth.padStart(2, '0')}-${birthDay.padStart(2, '0')}` : undefined;
}

/** The selects' values for a stored "1990-05-14" (or empty ones). */
export function birthDateParts(birthDate: string | null | undefined): BirthDateParts {
  const [year = '', month = '', day = ''] = birthDate ? birthDate.split('-') : [];
  return { birthDay: day ? String(Number(day)) : '', birthMonth: month ? String(Number(month)) : '', birthYear: year };
}

interface BirthDateFieldsProps {
  values: BirthDateParts;
  onChange: (name: keyof BirthDateParts, value: string) => void;
  /** Each select's id is `${idPrefix}birthDay` and so on. */
  idPrefix?: string;
  error?: string;
  /** Offers an empty choice, so an answer given before can be taken back. */
  clearable?: boolean;
}

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Day, month and year selects (SPEC §2), shared by registration and profile. */
export function BirthDateFields({ values, onChange, idPrefix = '', error, clearable = false }: BirthDateFieldsProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const select = (name: keyof BirthDateParts, labelId: string) => ({
    id: `${idPrefix}${name}`,
    name,
    label: t(labelId),
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: Boolean(error),
    fullWidth: true,
    select: true,
  });
  // Named, not a dash: a screen reader says what choosing it does.
  const empty = clearable ? [<MenuItem key="" value="">{t('profile.notProvided')}</MenuItem>] : [];
  return (
    <>
      <FormLabel component="legend">{t('register.birthDate')}</FormLabel>
      <Stack direction="row" sx={{ gap: 1 }}>
        <TextField {...select('birthDay', 'register.day')}>
          {[...empty, ...DAYS.map((d) => <MenuItem key={d} value={String(d)}>{d}</MenuItem>)]}
        </TextField>
        <TextField {...select('birthMonth', 'register.month')}>
          {[...empty, ...MONTHS.map((m) => <MenuItem key={m} value={String(m)}>{intl.formatDate(new Date(2000, m - 1, 1), { month: 'long' })}</MenuItem>)]}
        </TextField>
        <TextField {...select('birthYear', 'register.year')}>
          {[...empty, ...birthYears(new Date()).map((y) => <MenuItem key={y} value={String(y)}>{y}</MenuItem>)]}
        </TextField>
      </Stack>
      {error && <Typography color="error" variant="caption">{error}</Typography>}
    </>
  );
}
