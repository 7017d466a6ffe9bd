import { useState } from 'react';
import { useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { showToast } from '#pwa/lib/toast.ts';
import { adminApi } from './admin-api.ts';
import { failureText } from './feedback.ts';

/**
 * ADR 013: a self-registered teacher acts on their own referred students at once, and on the
 * unassigned clients only after an admin approves them here. Only admins see teachers in the panel.
 */
export function TeacherApproval({ teacherId, approvedAt, onApproved }: { teacherId: string; approvedAt: string | null; onApproved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [approving, setApproving] = useState(false);

  if (approvedAt) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="admin-teacher-approved">
        {t('admin.teacher.approvedAt', { date: intl.formatDate(approvedAt, { dateStyle: 'medium' }) })}
      </Typography>
    );
  }

  const approve = async () => {
    setApproving(true);
    try {
      await adminApi.approveTeacher(teacherId);
      showToast({ severity: 'success', title: t('admin.toast.teacherApproved') });
      onApproved();
    } catch (failure) {
      showToast({ severity: 'error', title: t('admin.toast.teacherApproveFailed'), description: failureText(intl, failure) });
    } finally {
      setApproving(false);
    }
  };

  return (
    <Alert
      severity="info"
      data-testid="admin-teacher-pending"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={approving}
          startIcon={approving ? <CircularProgress size={14} color="inherit" aria-hidden="true" /> : <VerifiedIcon />}
          onClick={() => void approve()}
          data-testid="admin-approve-teacher"
        >
          {t('admin.teacher.approve')}
        </Button>
      }
    >
      {t('admin.teacher.pending')}
    </Alert>
  );
}
