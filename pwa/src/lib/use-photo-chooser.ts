import { useRef, useState, type ChangeEvent } from 'react';
import { encodePhoto, UnreadablePhoto, type EncodedPhoto } from './encode-photo.ts';

/** Why a chosen photo went nowhere: not an image this browser reads, or anything else (logged). */
export type PhotoChoiceFailure = 'unreadable' | 'failed';

/**
 * A file input's change handler for a photo (issues 21 and 22): the chosen file re-encoded (no
 * EXIF, no GPS) and handed to `onEncoded`, one at a time; `preparing` while it runs. A failure of
 * the encoding or of `onEncoded` goes to `onFailure` once, for the caller's own wording.
 */
export function usePhotoChooser(onEncoded: (photo: EncodedPhoto) => Promise<void> | void, onFailure: (failure: PhotoChoiceFailure) => void) {
  const [preparing, setPreparing] = useState(false);
  // A second choice while one is encoding is ignored even before the state's re-render lands.
  const running = useRef(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again still fires a change
    if (!file || running.current) return;
    running.current = true;
    setPreparing(true);
    try {
      await onEncoded(await encodePhoto(file));
    } catch (error) {
      if (error instanceof UnreadablePhoto) onFailure('unreadable');
      else {
        console.error('photo', error);
        onFailure('failed');
      }
    } finally {
      running.current = false;
      setPreparing(false);
    }
  };

  return { preparing, choose };
}
