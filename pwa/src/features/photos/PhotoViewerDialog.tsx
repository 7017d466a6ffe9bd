import { useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { ProgressPhoto } from '#protocol/conflict/rules.ts';
import { PhotoImage } from '#pwa/components/PhotoImage.tsx';
import { showToast } from '#pwa/lib/toast.ts';
import { write } from '#pwa/sync/user-data.ts';

/** One photo at full size, with its delete: asked first, since the server erases the files for good. */
export function PhotoViewerDialog({ photo, label, onClose }: { photo: ProgressPhoto; label: { pose: string; date: string }; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    try {
      await write('photo.delete', { id: photo.id });
    } catch (error) {
      console.error('photo.delete', error);
      showToast({ severity: 'error', title: t('photos.failedTitle'), description: t('photos.failedDescription') });
      return;
    }
    showToast({ severity: 'success', title: t('photos.deletedTitle') });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="photo-viewer">
      <DialogTitle>{`${label.pose} · ${label.date}`}</DialogTitle>
      <DialogContent>
        <PhotoImage
          photoId={photo.id}
          kind="image"
          alt={t('photos.photoAlt', { pose: label.pose.toLocaleLowerCase(intl.locale), date: label.date })}
          unavailableLabel={t('photos.unavailable')}
          sx={{ width: '100%', aspectRatio: `${photo.width} / ${photo.height}`, objectFit: 'contain', borderRadius: 1 }}
        />
        {confirming && (
          <Typography sx={{ mt: 2 }} role="alert">
            {t('photos.deleteConfirm')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>{t('photos.cancel')}</Button>
            <Button color="error" variant="contained" onClick={() => void remove()} data-testid="photo-delete-confirm">
              {t('photos.deleteConfirmAction')}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} data-testid="photo-delete">
              {t('photos.delete')}
            </Button>
            <Button onClick={onClose}>{t('photos.close')}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
