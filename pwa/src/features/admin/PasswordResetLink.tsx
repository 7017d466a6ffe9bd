import { useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { whatsappLink } from '#pwa/lib/support-contact.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { adminApi, type PasswordResetLinkResponse } from './admin-api.ts';
import { failureText } from './feedback.ts';

/**
 * ADR 017: where no SMTP is configured, an admin makes the user's reset link here and shares it
 * by WhatsApp (the message is in the user's language) or copies it. Each click makes a new link.
 */
export function PasswordResetLink({ userId, phone }: { userId: string; phone: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<PasswordResetLinkResponse | null>(null);

  const create = async () => {
    setBusy(true);
    try {
      setMade(await adminApi.passwordResetLink(userId));
    } catch (failure) {
      showToast({ severity: 'error', title: t('admin.resetLink.failed'), description: failureText(intl, failure) });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.link);
      showToast({ severity: 'success', title: t('admin.resetLink.copied') });
    } catch {
      showToast({ severity: 'warning', title: t('admin.resetLink.copyFailed') });
    }
  };

  const digits = phone?.replace(/\D/g, '') ?? '';
  return (
    <Stack sx={{ gap: 1 }} data-testid="admin-reset-link">
      <Button variant="outlined" startIcon={<KeyIcon />} disabled={busy} onClick={() => void create()} sx={{ alignSelf: 'flex-start' }} data-testid="admin-reset-create">
        {t(made ? 'admin.resetLink.again' : 'admin.resetLink.create')}
      </Button>
      {made && (
        <>
          <TextField
            label={t('admin.resetLink.label')}
            value={made.link}
            size="small"
            fullWidth
            helperText={t('admin.resetLink.expires', { time: intl.formatTime(made.expiresAt, { timeStyle: 'short' }) })}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'admin-reset-url' } }}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="admin-reset-copy">
              {t('admin.resetLink.copy')}
            </Button>
            {digits ? (
              <Button
                size="small"
                startIcon={<WhatsAppIcon />}
                href={whatsappLink(digits, made.message)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="admin-reset-whatsapp"
              >
                {t('admin.resetLink.share')}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('admin.resetLink.noPhone')}
              </Typography>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
