import { useState } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { StaffProgressPhoto } from '#protocol/contract/staff.ts';
import { PhotoImage } from '#pwa/components/PhotoImage.tsx';

/** A client's photos, in the order given, as thumbnails that open full size; one not uploaded yet says so. */
export function ClientPhotos({ photos }: { photos: StaffProgressPhoto[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [open, setOpen] = useState<StaffProgressPhoto | null>(null);
  const label = (photo: StaffProgressPhoto) => ({ pose: t(`admin.progress.poses.${photo.pose}`), date: intl.formatDate(photo.createdAt, { dateStyle: 'medium' }) });
  if (photos.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="admin-no-photos">
        {t('admin.progress.noPhotos')}
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1 }} data-testid="admin-photos">
        {photos.map((photo) => (
          <Box component="li" key={photo.id} data-testid="admin-photo" data-photo-id={photo.id}>
            {photo.stored ? (
              <ButtonBase onClick={() => setOpen(photo)} aria-label={t('admin.progress.openPhoto', label(photo))} sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden' }}>
                <PhotoImage photoId={photo.id} kind="thumbnail" alt="" unavailableLabel={t('admin.progress.photoUnavailable')} sx={{ width: '100%', aspectRatio: '3 / 4' }} />
              </ButtonBase>
            ) : (
              <Box sx={{ aspectRatio: '3 / 4', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 0.5, textAlign: 'center' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('admin.progress.photoWaiting')}
                </Typography>
              </Box>
            )}
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
              {label(photo).date}
            </Typography>
          </Box>
        ))}
      </Box>
      {open && (
        <Dialog open onClose={() => setOpen(null)} fullWidth maxWidth="sm" data-testid="admin-photo-viewer">
          <DialogTitle>{t('admin.progress.photoAlt', label(open))}</DialogTitle>
          <DialogContent>
            <PhotoImage
              photoId={open.id}
              kind="image"
              alt={t('admin.progress.photoAlt', label(open))}
              unavailableLabel={t('admin.progress.photoUnavailable')}
              sx={{ width: '100%', aspectRatio: `${open.width} / ${open.height}`, objectFit: 'contain' }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>{t('admin.progress.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
