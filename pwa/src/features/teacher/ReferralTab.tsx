import { useFormik } from 'formik';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import type { ReferralLink } from '#protocol/contract/teacher.ts';
import { referralCodeUpdateSchema } from '#protocol/schemas/teachers.ts';
import { schemaErrors } from '#pwa/lib/schema-errors.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { detailErrors, fieldMessage } from '#pwa/lib/form-errors.ts';
import { failureText } from './feedback.ts';
import { LoadError } from './LoadError.tsx';
import { QrCode } from './QrCode.tsx';
import { teacherApi } from './teacher-api.ts';
import { TableSkeleton } from './TableSkeleton.tsx';

/** SPEC §5: at most 15 characters. */
const CODE_MAX_LENGTH = 15;

function Stat({ labelId, value, testId }: { labelId: string; value: string; testId: string }) {
  const intl = useIntl();
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {intl.formatMessage({ id: labelId })}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** SPEC §5 code edit: upper case as typed, at most 15, the shared schema's messages; a taken code (409) under the field. */
function CodeForm({ link, onUpdated }: { link: ReferralLink; onUpdated: (link: ReferralLink) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useFormik({
    initialValues: { code: link.code },
    enableReinitialize: true,
    validateOnChange: false,
    validateOnBlur: false,
    validate: (values) => schemaErrors(referralCodeUpdateSchema, values),
    onSubmit: async (values, helpers) => {
      try {
        const { referralLink } = await teacherApi.updateCode(link.id, values.code.trim());
        onUpdated(referralLink);
        showToast({ severity: 'success', title: t('teacher.referral.updated') });
      } catch (error) {
        console.error('teacher.referral.update', error);
        const fields = detailErrors(error);
        if (fields) helpers.setErrors(fields);
        // SPEC §8: 'Erro ao atualizar código' with the server's error (or the connection message).
        showToast({ severity: 'error', title: t('teacher.referral.updateFailed'), description: failureText(intl, error) });
      }
    },
  });
  const error = fieldMessage(intl, form.errors.code);
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} aria-labelledby="referral-edit-title">
      <Typography id="referral-edit-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('teacher.referral.editTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
        <TextField
          id="referral-code-input"
          name="code"
          size="small"
          label={t('teacher.referral.codeLabel')}
          value={form.values.code}
          onChange={(event) => void form.setFieldValue('code', event.target.value.toUpperCase().slice(0, CODE_MAX_LENGTH))}
          error={Boolean(error)}
          helperText={error ?? t('teacher.referral.codeHelp')}
          autoComplete="off"
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'referral-code-input', maxLength: CODE_MAX_LENGTH, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={form.isSubmitting || form.values.code === link.code} data-testid="referral-code-save" sx={{ whiteSpace: 'nowrap' }}>
          {t(form.isSubmitting ? 'teacher.referral.saving' : 'teacher.referral.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/** SPEC §2 referral: the link, its code and QR, copy and share, the figures, and the code edit. */
export function ReferralTab({
  links,
  error,
  retry,
  onUpdated,
}: {
  links: ReferralLink[] | null;
  error: unknown;
  retry: () => void;
  onUpdated: (link: ReferralLink) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (error && !links) return <LoadError error={error} retry={retry} />;
  if (!links) return <TableSkeleton />;
  const link = links[0];
  if (!link) return <LoadError error={null} retry={retry} titleId="teacher.referral.notFoundTitle" messageId="teacher.referral.notFoundMessage" />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      showToast({ severity: 'success', title: t('teacher.referral.copied') });
    } catch (failure) {
      console.error('teacher.referral.copy', failure);
      showToast({ severity: 'error', title: t('teacher.referral.copyFailed') });
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: t('app.name'), text: t('teacher.referral.shareText'), url: link.url });
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) console.error('teacher.referral.share', failure); // closing the sheet is no error
    }
  };

  return (
    <Stack sx={{ gap: 3 }}>
      <Paper variant="outlined" component="section" aria-labelledby="referral-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Typography id="referral-title" variant="h6" component="h2" gutterBottom>
          {t('teacher.referral.title')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3, alignItems: { xs: 'center', md: 'flex-start' } }}>
          <QrCode value={link.url} label={t('teacher.referral.qr')} testId="referral-qr" />
          <Stack sx={{ gap: 1.5, minWidth: 0, width: '100%' }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('teacher.referral.link')}
              </Typography>
              <Link href={link.url} target="_blank" rel="noopener noreferrer" data-testid="referral-link" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                {link.url}
              </Link>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('teacher.referral.code')}
              </Typography>
              <Typography variant="h6" component="p" data-testid="referral-code" sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
                {link.code}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="referral-copy">
                {t('teacher.referral.copy')}
              </Button>
              {canShare && (
                <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()} data-testid="referral-share">
                  {t('teacher.referral.share')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
      </Paper>

      <Box component="section" aria-labelledby="referral-stats-title">
        <Typography id="referral-stats-title" variant="h6" component="h2" gutterBottom>
          {t('teacher.referral.statsTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))', gap: 2 }}>
          <Stat labelId="teacher.referral.clicks" value={intl.formatNumber(link.clicks)} testId="referral-clicks" />
          <Stat labelId="teacher.referral.conversions" value={intl.formatNumber(link.conversions)} testId="referral-conversions" />
          <Stat labelId="teacher.referral.rate" value={intl.formatNumber(link.conversionRate, { style: 'percent', maximumFractionDigits: 1 })} testId="referral-rate" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="referral-stats-note">
          {t('teacher.referral.statsNote')}
        </Typography>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <CodeForm link={link} onUpdated={onUpdated} />
      </Paper>
    </Stack>
  );
}
