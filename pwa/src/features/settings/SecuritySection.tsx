import { useState } from 'react';
import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '#pwa/lib/error-message.ts';
import { detailErrors, fieldMessage } from '#pwa/lib/form-errors.ts';
import { lazySchemaErrors } from '#pwa/lib/lazy-schema-errors.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { useOnlineResource } from '#pwa/lib/use-online-resource.ts';
import type { AccountSession } from '#protocol/contract/clients.ts';
import { accountSecurityApi } from './account-security-api.ts';
import { deviceName } from './device-name.ts';

const PASSWORD_FIELDS = [
  { name: 'currentPassword', labelId: 'settings.security.currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', labelId: 'settings.security.newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', labelId: 'settings.security.confirmPassword', autoComplete: 'new-password' },
] as const;
type PasswordValues = Record<(typeof PASSWORD_FIELDS)[number]['name'], string>;

/**
 * yup and the schema load when the form is first used, not with /settings (ADR 026: a route's own
 * code stays under 60 KB); the server checks the same schema.
 */
const validation = lazySchemaErrors(() => import('#protocol/schemas/clients.ts').then((m) => m.passwordChangeSchema));

/** The password again, then a new one: the other browsers are signed out, this one stays. */
function PasswordChangeForm({ onChanged }: { onChanged: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const form = useFormik<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateOnChange: false,
    validateOnBlur: false,
    validate: validation.validate,
    onSubmit: async (values, helpers) => {
      try {
        const { revokedSessions } = await accountSecurityApi.changePassword(values);
        showToast({ severity: 'success', title: t('settings.security.passwordChanged'), description: t('settings.security.passwordChangedOthers', { count: revokedSessions }) });
        helpers.resetForm();
        onChanged();
      } catch (error) {
        const fields = detailErrors(error);
        if (fields) helpers.setErrors(fields);
        showToast({ severity: 'error', title: t('settings.security.passwordFailed'), description: errorMessage(intl, error, 'errors.network') });
      }
    },
  });

  return (
    <Stack component="form" noValidate onFocus={validation.preload} onSubmit={form.handleSubmit} sx={{ gap: 2 }} data-testid="password-form">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('settings.security.passwordTitle')}
      </Typography>
      {PASSWORD_FIELDS.map((field) => {
        const error = form.submitCount > 0 ? fieldMessage(intl, form.errors[field.name]) : undefined;
        return (
          <TextField
            key={field.name}
            id={`security-${field.name}`}
            name={field.name}
            type="password"
            label={t(field.labelId)}
            value={form.values[field.name]}
            onChange={form.handleChange}
            autoComplete={field.autoComplete}
            error={Boolean(error)}
            helperText={error}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': `security-${field.name}` } }}
          />
        );
      })}
      <div>
        <Button type="submit" variant="contained" disabled={form.isSubmitting} data-testid="password-submit">
          {t(form.isSubmitting ? 'settings.security.changing' : 'settings.security.changePassword')}
        </Button>
      </div>
    </Stack>
  );
}

/** The account's signed-in browsers, this one marked; any other can be signed out from here. */
function SessionList({ sessions, error, retry, onRevoked }: { sessions: AccountSession[] | null; error: unknown; retry: () => void; onRevoked: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [busy, setBusy] = useState(false);

  const act = async <T,>(action: () => Promise<T>, success: (result: T) => string) => {
    setBusy(true);
    try {
      showToast({ severity: 'success', title: success(await action()) });
    } catch (failure) {
      showToast({ severity: 'error', title: t('settings.security.revokeFailed'), description: errorMessage(intl, failure, 'errors.network') });
    } finally {
      setBusy(false);
      onRevoked();
    }
  };

  if (error && !sessions) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry} data-testid="sessions-retry">
            {t('settings.security.retry')}
          </Button>
        }
      >
        {t('settings.security.sessionsError')}
      </Alert>
    );
  }
  if (!sessions) {
    return (
      <Stack sx={{ gap: 1 }} role="status" aria-busy="true" aria-label={t('settings.security.sessionsLoading')}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  const others = sessions.filter((session) => !session.current);
  return (
    <Stack sx={{ gap: 1 }}>
      <List disablePadding data-testid="session-list">
        {sessions.map((session) => {
          const device = deviceName(session.userAgent) ?? t('settings.security.unknownDevice');
          return (
            <ListItem
              key={session.id}
              disableGutters
              divider
              data-testid="session"
              secondaryAction={
                session.current ? (
                  <Chip size="small" color="primary" variant="outlined" label={t('settings.security.thisDevice')} />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    aria-label={t('settings.security.revokeLabel', { device })}
                    onClick={() => void act(() => accountSecurityApi.revoke(session.id), () => t('settings.security.revoked'))}
                    data-testid="session-revoke"
                  >
                    {t('settings.security.revoke')}
                  </Button>
                )
              }
              sx={{ pr: 14 }}
            >
              <ListItemText
                primary={device}
                secondary={t('settings.security.since', { date: intl.formatDate(session.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
              />
            </ListItem>
          );
        })}
      </List>
      <div>
        <Button
          variant="outlined"
          color="error"
          disabled={busy || others.length === 0}
          onClick={() => void act(accountSecurityApi.revokeOthers, (result) => t('settings.security.revokedOthers', { count: result.revokedSessions }))}
          data-testid="sessions-revoke-others"
        >
          {t('settings.security.revokeOthers')}
        </Button>
      </div>
    </Stack>
  );
}

/** Settings → Security: change the password, see and end the account's sessions (issue 8). */
export function SecuritySection() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const sessions = useOnlineResource('sessions', accountSecurityApi.sessions);
  const reload = () => void sessions.reload();

  return (
    <Card variant="outlined" data-testid="security-section">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('settings.security.title')}
        </Typography>
        <PasswordChangeForm onChanged={reload} />
        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('settings.security.sessionsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('settings.security.sessionsNote')}
        </Typography>
        <SessionList sessions={sessions.data?.sessions ?? null} error={sessions.error} retry={reload} onRevoked={reload} />
      </CardContent>
    </Card>
  );
}
