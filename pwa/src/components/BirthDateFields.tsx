import { useIntl } from 'react-intl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NativeSelectField, type SelectOption } from './NativeSelectField.tsx';

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
  const select = (name: keyof BirthDateParts, labelId: string, options: SelectOption[]) => (
    <NativeSelectField
      id={`${idPrefix}${name}`}
      name={name}
      label={t(labelId)}
      value={values[name]}
      // The empty choice is named, not a dash: a screen reader says what choosing it does.
      options={clearable ? [{ value: '', label: t('profile.notProvided') }, ...options] : options}
      onChange={(event) => onChange(name, event.target.value)}
      error={Boolean(error)}
      fullWidth
    />
  );
  const numbers = (list: number[]) => list.map((n) => ({ value: String(n), label: String(n) }));
  return (
    <>
      <FormLabel component="legend">{t('register.birthDate')}</FormLabel>
      <Stack direction="row" sx={{ gap: 1 }}>
        {select('birthDay', 'register.day', numbers(DAYS))}
        {select('birthMonth', 'register.month', MONTHS.map((m) => ({ value: String(m), label: intl.formatDate(new Date(2000, m - 1, 1), { month: 'long' }) })))}
        {select('birthYear', 'register.year', numbers(birthYears(new Date())))}
      </Stack>
      {error && <Typography color="error" variant="caption">{error}</Typography>}
    </>
  );
}
