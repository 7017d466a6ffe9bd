import { useRef, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';

/**
 * The coach's photo for the next answer (issue 22): a button opening the file chooser (on a phone
 * it offers the camera too), a spinner while the photo is re-encoded, then its preview with a way
 * to take it off. The chosen file goes to `onChoose` (usePhotoChooser's handler).
 */
export function ThreadPhotoPicker({
  preview,
  preparing,
  disabled,
  onChoose,
  onRemove,
}: {
  preview: string | null;
  preparing: boolean;
  disabled: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // Hidden: inside the button it would nest one control in another.
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<AddPhotoIcon />} disabled={disabled || preparing} onClick={() => input.current?.click()} data-testid="coach-thread-attach-photo">
        {t('admin.threadPhoto.attach')}
      </Button>
      <input ref={input} type="file" accept="image/*" hidden onChange={onChoose} data-testid="coach-thread-photo-input" />
      {preparing && <CircularProgress size={20} aria-label={t('admin.threadPhoto.preparing')} />}
      {preview && (
        <Box sx={{ position: 'relative' }}>
          <Box component="img" src={preview} alt={t('admin.threadPhoto.attachedAlt')} sx={{ display: 'block', height: 56, borderRadius: 1 }} />
          <IconButton size="small" aria-label={t('admin.threadPhoto.remove')} onClick={onRemove} disabled={disabled} sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper' }} data-testid="coach-thread-remove-photo">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Stack>
  );
}
