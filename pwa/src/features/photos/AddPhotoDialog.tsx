import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { PHOTO_POSES, type PhotoPose } from '#protocol/conflict/rules.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { showToast } from '#pwa/lib/toast.ts';
import { writePhoto } from '#pwa/sync/user-data.ts';
import { usePhotoChooser } from '#pwa/lib/use-photo-chooser.ts';

/** Kept in the DOM for the label that opens it (and for tests), out of sight and of the tab order. */
const hiddenInput = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A new progress photo (issue 21): the pose, then the camera (`capture`) or the gallery. The photo
 * is resized and re-encoded here, which drops its EXIF and GPS, and kept on this device with its
 * record; the sync sends both when there is a network.
 */
export function AddPhotoDialog({ onClose, initialPose = 'front' }: { onClose: () => void; initialPose?: PhotoPose }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [pose, setPose] = useState<PhotoPose>(initialPose);
  const poseLabelId = useId();

  const { preparing: busy, choose } = usePhotoChooser(
    async (photo) => {
      const now = new Date();
      const args = {
        id: uuidv7(now.getTime()),
        createdAt: now.toISOString(),
        pose,
        contentType: photo.contentType,
        bytes: photo.image.byteLength,
        thumbnailBytes: photo.thumbnail.byteLength,
        width: photo.width,
        height: photo.height,
      };
      await writePhoto({ name: 'photo.add', args }, { image: photo.image, thumbnail: photo.thumbnail });
      showToast({ severity: 'success', title: t('photos.savedTitle'), description: t('photos.savedDescription') });
      onClose();
    },
    (failure) => showToast({ severity: 'error', title: t(`photos.${failure}Title`), description: t(`photos.${failure}Description`) }),
  );

  const source = (capture: boolean) => (
    <Button
      component="label"
      variant={capture ? 'contained' : 'outlined'}
      startIcon={capture ? <PhotoCameraIcon /> : <PhotoLibraryIcon />}
      disabled={busy}
      data-testid={capture ? 'photo-take' : 'photo-choose'}
    >
      {t(capture ? 'photos.takePhoto' : 'photos.chooseFromGallery')}
      <input
        type="file"
        accept="image/*"
        {...(capture ? { capture: 'environment' } : {})}
        style={hiddenInput}
        tabIndex={-1}
        disabled={busy}
        onChange={(event) => void choose(event)}
        data-testid={capture ? 'photo-camera-input' : 'photo-gallery-input'}
      />
    </Button>
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${poseLabelId}-title`}>
      <DialogTitle id={`${poseLabelId}-title`}>{t('photos.addTitle')}</DialogTitle>
      <DialogContent>
        <FormLabel id={poseLabelId}>{t('photos.poseLabel')}</FormLabel>
        <RadioGroup row aria-labelledby={poseLabelId} value={pose} onChange={(event) => setPose(event.target.value as PhotoPose)}>
          {PHOTO_POSES.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(`photos.poses.${value}`)} disabled={busy} data-testid={`photo-pose-${value}`} />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          {t('photos.addHint')}
        </Typography>
        {busy ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <Typography>{t('photos.preparing')}</Typography>
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {source(true)}
            {source(false)}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('photos.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
