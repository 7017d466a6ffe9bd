import { useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { GenerationSource } from '#protocol/contract/staff.ts';
import { DecimalField } from '#pwa/components/DecimalField.tsx';
import { ApiRequestError } from '#pwa/lib/api.ts';
import { schemaErrors } from '#pwa/lib/schema-errors.ts';
import { adminApi, type PlanKind } from './admin-api.ts';
import { planFailed, planSucceeded } from './feedback.ts';
import { PLAN_FORMS, toFormValues, toPayload, type PlanFormValues } from './plan-form.ts';
import { PlanPreview } from './PlanPreview.tsx';

/** What the dialog edits: a new plan (blank or from a generated draft) or a stored one. */
export type PlanFormTarget =
  | { kind: PlanKind; mode: 'create'; userId: string; draft?: Record<string, unknown>; source?: GenerationSource }
  | { kind: PlanKind; mode: 'edit'; plan: { id: string } & Record<string, unknown> };

const TITLES: Record<PlanKind, Record<'create' | 'edit', string>> = {
  diet: { create: 'admin.detail.newDiet', edit: 'admin.form.editDietTitle' },
  workout: { create: 'admin.detail.newWorkout', edit: 'admin.form.editWorkoutTitle' },
};

/**
 * SPEC §2/§5 diet and workout form dialogs (create and edit). Checked with the server's schemas
 * before sending; a 400's field details show under their fields. A generated draft fills the form
 * and is stored only when the professional presses Save, always as a draft.
 */
export function PlanFormDialog({ target, onClose, onSaved }: { target: PlanFormTarget; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { kind } = target;
  const { schema, fields } = PLAN_FORMS[kind];
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const form = useFormik<PlanFormValues>({
    initialValues: toFormValues(kind, target.mode === 'edit' ? target.plan : target.draft),
    validateOnBlur: false,
    validateOnChange: false,
    validate: (values) => schemaErrors(schema, values),
    onSubmit: async (values) => {
      setServerErrors({});
      const action = target.mode === 'create' ? 'create' : 'update';
      try {
        const payload = toPayload(kind, values);
        if (target.mode === 'create') await adminApi.create(kind, target.userId, payload);
        else await adminApi.update(kind, target.plan.id, payload);
        planSucceeded(intl, kind, action);
        onSaved();
      } catch (error) {
        if (error instanceof ApiRequestError && error.details.length > 0) {
          setServerErrors(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
        }
        planFailed(intl, kind, action, error);
      }
    },
  });

  const errorText = (name: string) => {
    const key = form.errors[name];
    return key ? t(key) : serverErrors[name];
  };
  const titleId = `${kind}-form-title`;

  return (
    <Dialog
      open
      onClose={form.isSubmitting ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit} data-testid={`${kind}-form`} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t(TITLES[kind][target.mode])}</DialogTitle>
        <DialogContent dividers>
          <Stack sx={{ gap: 2 }}>
            {target.mode === 'create' && target.source && (
              <Alert severity={target.source === 'builtin' ? 'warning' : 'info'} data-testid="plan-form-source">
                {t(target.source === 'builtin' ? 'admin.form.draftBuiltin' : 'admin.form.draftAi')}
              </Alert>
            )}
            {fields.map((field) => {
              const error = errorText(field.name);
              const helperText = error ?? (field.structured ? t('admin.form.structuredHint') : undefined);
              const props = {
                id: `${kind}-form-${field.name}`,
                name: field.name,
                label: t(field.labelId),
                required: field.required,
                value: form.values[field.name] ?? '',
                onChange: form.handleChange,
                error: Boolean(error),
                helperText,
                fullWidth: true,
                slotProps: { htmlInput: { 'data-testid': `${kind}-form-${field.name}` } },
              };
              // Whole kcal: the numeric keyboard, a text input (ADR 015).
              if (field.numeric) return <DecimalField key={field.name} {...props} decimals={0} />;
              return <TextField key={field.name} {...props} multiline={field.rows !== undefined} minRows={field.rows} />;
            })}
            <PlanPreview kind={kind} values={form.values} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.isSubmitting} data-testid="plan-form-cancel">
            {t('admin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting} data-testid="plan-form-save">
            {t(form.isSubmitting ? 'admin.saving' : 'admin.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
