import { useState } from 'react';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { PhotoImage } from './PhotoImage.tsx';

/** A thread's wording for its photos, in the catalog of the screen that shows them. */
export interface ThreadPhotoLabels {
  /** The photo's description (its alt text, and the viewer's name). */
  alt: string;
  /** The thumbnail's button. */
  open: string;
  /** A file that does not load. */
  unavailable: string;
  close: string;
}

/**
 * A message's photo in a thread (issue 22), the client's or the coach's side: its thumbnail (this
 * device's copy first), a button opening it full size in a named dialog.
 */
export function ThreadPhoto({ photoId, labels }: { photoId: string; labels: ThreadPhotoLabels }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={labels.open} sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', my: 0.5 }}>
        <PhotoImage photoId={photoId} kind="thumbnail" alt={labels.alt} unavailableLabel={labels.unavailable} sx={{ width: 200, height: 150 }} />
      </ButtonBase>
      {open && (
        // MUI names the dialog through its paper, the element with role="dialog".
        <Dialog open onClose={() => setOpen(false)} maxWidth="md" slotProps={{ paper: { 'aria-label': labels.alt } }}>
          <DialogContent sx={{ p: 1 }}>
            <PhotoImage photoId={photoId} kind="image" alt={labels.alt} unavailableLabel={labels.unavailable} sx={{ maxWidth: '100%', maxHeight: '80vh', minWidth: 200, minHeight: 150, objectFit: 'contain' }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{labels.close}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
