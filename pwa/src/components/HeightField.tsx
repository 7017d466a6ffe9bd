import { useIntl } from 'react-intl';
import Stack from '@mui/material/Stack';
import type { UnitSystem } from '#protocol/domain/units.ts';
import type { HeightFields } from '#pwa/lib/measures.ts';
import { DecimalField } from './DecimalField.tsx';

/**
 * The height as a person types it (ADR 020): centimetres, or feet and whole inches side by side.
 * Registration and the profile share it; `lib/measures.ts` reads the fields back into cm.
 */
export function HeightField({
  system,
  values,
  onChange,
  error,
  idPrefix = '',
}: {
  system: UnitSystem;
  values: HeightFields;
  onChange: (name: keyof HeightFields, value: string) => void;
  /** The message under the field (the schema reports the height as one field). */
  error?: string;
  idPrefix?: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (system === 'metric') {
    return (
      <DecimalField
        id={`${idPrefix}height`}
        name="height"
        label={t('register.height')}
        value={values.height}
        onChange={(event) => onChange('height', event.target.value)}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
    );
  }
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
      <DecimalField
        id={`${idPrefix}heightFeet`}
        name="heightFeet"
        label={t('units.heightFeet')}
        value={values.heightFeet}
        onChange={(event) => onChange('heightFeet', event.target.value)}
        decimals={0}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
      <DecimalField
        id={`${idPrefix}heightInches`}
        name="heightInches"
        label={t('units.heightInches')}
        value={values.heightInches}
        onChange={(event) => onChange('heightInches', event.target.value)}
        decimals={0}
        error={Boolean(error)}
        fullWidth
      />
    </Stack>
  );
}
