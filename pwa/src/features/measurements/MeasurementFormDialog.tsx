import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MEASUREMENT_FIELDS, MEASUREMENT_SITES, type MeasurementField } from '#protocol/conflict/rules.ts';
import { checkBodyFat } from '#protocol/mutations/fields.ts';
import { hasSomeMeasurement } from '#protocol/mutations/measurement-add.ts';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { formatDecimal } from '#pwa/lib/locale-decimal.ts';

export type MeasurementValues = Record<MeasurementField, number | null>;

const emptyTexts = () => Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, ''])) as Record<MeasurementField, string>;

/**
 * The body measurements form (issue 21), for a new record and a correction: each site in the
 * person's unit (cm or in, ADR 020) and the language's decimals (ADR 015), body fat in %, each
 * optional but one at least. A wrong figure is named under its field; the values stay. `onSave`
 * writes; the dialog closes when it resolves and stays open when it throws.
 */
export function MeasurementFormDialog({
  onClose,
  onSave,
  titleId,
  initial,
}: {
  onClose: () => void;
  onSave: (values: MeasurementValues) => Promise<void>;
  titleId: string;
  initial?: MeasurementValues;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const [texts, setTexts] = useState(() => {
    const filled = emptyTexts();
    if (initial) {
      for (const site of MEASUREMENT_SITES) filled[site] = measures.lengthField(initial[site]);
      filled.bodyFat = formatDecimal(initial.bodyFat, intl.locale);
    }
    return filled;
  });
  const [errors, setErrors] = useState<Partial<Record<MeasurementField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const inputs = useRef<Partial<Record<MeasurementField, HTMLInputElement | null>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const values = {} as MeasurementValues;
    const found: Partial<Record<MeasurementField, string>> = {};
    for (const field of MEASUREMENT_FIELDS) {
      const checked = field === 'bodyFat' ? checkBodyFat(texts.bodyFat) : measures.readLength(texts[field]);
      if (checked.ok) values[field] = checked.value;
      else found[field] = checked.key;
    }
    setErrors(found);
    const firstWrong = MEASUREMENT_FIELDS.find((field) => found[field]);
    if (firstWrong) {
      setFormError(null);
      inputs.current[firstWrong]?.focus();
      return;
    }
    if (!hasSomeMeasurement(values)) {
      setFormError('validation.measurementRequired');
      inputs.current.waist?.focus();
      return;
    }
    setFormError(null);
    inFlight.current = true;
    setSaving(true);
    try {
      await onSave(values);
      onClose();
    } catch {
      // The caller said why; the values stay to try again.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const labelId = 'measurement-dialog-title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={labelId}>
      <form noValidate onSubmit={submit} data-testid="measurement-form">
        <DialogTitle id={labelId}>{t(titleId)}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            {t('measurements.formHint')}
          </DialogContentText>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="measurement-form-error">
              {t(formError)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, pt: 1 }}>
            {MEASUREMENT_FIELDS.map((field) => (
              // "Gordura corporal (%)" does not fit half a phone's width.
              <Box key={field} sx={field === 'bodyFat' ? { gridColumn: '1 / -1' } : undefined}>
                <DecimalField
                  label={field === 'bodyFat' ? t('measurements.bodyFatLabel') : t('measurements.fieldLabel', { site: t(`measurements.sites.${field}`), unit: measures.lengthSymbol })}
                  value={texts[field]}
                  onChange={(event) => setTexts((current) => ({ ...current, [field]: event.target.value }))}
                  error={Boolean(errors[field])}
                  helperText={errors[field] ? t(errors[field]) : undefined}
                  inputRef={(element: HTMLInputElement | null) => {
                    inputs.current[field] = element;
                  }}
                  autoFocus={field === 'waist'}
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': `measurement-${field}` } }}
                />
              </Box>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('measurements.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="measurement-save">
            {t('measurements.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
