import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHECK_IN_SCORES, MEASUREMENT_FIELDS, type CheckIn } from '#protocol/conflict/rules.ts';
import type { CoachCheckIn } from '#protocol/contract/messages.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { MESSAGE_MAX } from '#protocol/mutations/fields.ts';
import { useMeasures } from '#pwa/db/use-measures.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { checkInApi } from './admin-api.ts';
import { ClientPhotos } from './ClientPhotos.tsx';
import { weekText } from './CheckInsSection.tsx';
import { failureText } from './feedback.ts';

/**
 * A check-in under review (issue 22, part 2): the week's figures beside the previous check-in's,
 * the client's note and answers, the week's photos, and the coach's feedback, which reaches the client as a message
 * and marks the check-in reviewed. The feedback's id is kept while its text is unchanged, so a
 * resend after a lost answer sends it once.
 */
export function CheckInReviewDialog({ item, onClose, onReviewed }: { item: CoachCheckIn; onClose: () => void; onReviewed: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const measures = useMeasures();
  const [feedback, setFeedback] = useState('');
  const [sending, setSending] = useState(false);
  const draft = useRef<{ messageId: string; feedback: string } | null>(null);
  const { checkIn, previous, clientName, measurements, previousMeasurements } = item;
  const trimmed = feedback.trim();

  const rows: { label: string; now: string; before: string }[] = [
    { label: t('admin.checkIns.weight'), now: measures.weight(checkIn.weight) || t('admin.checkIns.none'), before: previous ? measures.weight(previous.weight) || t('admin.checkIns.none') : t('admin.checkIns.none') },
    ...CHECK_IN_SCORES.map((score) => ({
      label: t(`admin.checkIns.scores.${score}`),
      now: intl.formatNumber(checkIn[score]),
      before: previous ? intl.formatNumber((previous as CheckIn)[score]) : t('admin.checkIns.none'),
    })),
    // The sites measured with either check-in, in the coach's units.
    ...MEASUREMENT_FIELDS.filter((field) => measurements?.[field] != null || previousMeasurements?.[field] != null).map((field) => {
      const shown = (value: number | null | undefined) =>
        value == null ? t('admin.checkIns.none') : field === 'bodyFat' ? intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 }) : measures.length(value);
      return { label: t(`measurements.sites.${field}`), now: shown(measurements?.[field]), before: shown(previousMeasurements?.[field]) };
    }),
  ];

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || trimmed === '' || trimmed.length > MESSAGE_MAX) return;
    if (draft.current?.feedback !== trimmed) draft.current = { messageId: uuidv7(), feedback: trimmed };
    setSending(true);
    try {
      await checkInApi.review(checkIn.id, draft.current);
      showToast({ severity: 'success', title: t('admin.checkIns.sentTitle') });
      onReviewed();
    } catch (error) {
      showToast({ severity: 'error', title: t('admin.checkIns.failedTitle'), description: failureText(intl, error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="check-in-review-title" data-testid="check-in-review">
      <form onSubmit={(event) => void send(event)}>
        <DialogTitle id="check-in-review-title">{t('admin.checkIns.dialogTitle', { name: clientName, date: weekText(intl, checkIn.week) })}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
            <Table size="small" data-testid="check-in-review-figures">
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell align="right">{t('admin.checkIns.thisWeek')}</TableCell>
                  <TableCell align="right">{t('admin.checkIns.previous')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.label}>
                    <TableCell component="th" scope="row">
                      {row.label}
                    </TableCell>
                    <TableCell align="right">{row.now}</TableCell>
                    <TableCell align="right">{row.before}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {!previous && (
              <Typography variant="body2" color="text.secondary">
                {t('admin.checkIns.first', { name: clientName })}
              </Typography>
            )}
            {checkIn.note && (
              <div>
                <Typography variant="subtitle2" component="h3">
                  {t('admin.checkIns.note')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="check-in-review-note">
                  {checkIn.note}
                </Typography>
              </div>
            )}
            {checkIn.answers.length > 0 && (
              <div>
                <Typography variant="subtitle2" component="h3">
                  {t('admin.checkIns.answers')}
                </Typography>
                {checkIn.answers.map((answer) => (
                  <Typography key={answer.question} sx={{ overflowWrap: 'anywhere' }}>
                    <strong>{answer.question}</strong> {answer.answer}
                  </Typography>
                ))}
              </div>
            )}
            {item.photos.length > 0 && (
              <div data-testid="check-in-review-photos">
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {t('admin.checkIns.photos')}
                </Typography>
                <ClientPhotos photos={item.photos} />
              </div>
            )}
            <TextField
              label={t('admin.checkIns.feedback', { name: clientName })}
              value={feedback}
              onChange={(event) => setFeedback(event.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: MESSAGE_MAX, 'data-testid': 'check-in-review-feedback' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('admin.checkIns.close')}</Button>
          <Button type="submit" variant="contained" disabled={sending || trimmed === ''} data-testid="check-in-review-send">
            {t('admin.checkIns.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
