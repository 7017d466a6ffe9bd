import { useEffect, useState } from 'react';
import type { ProgressPhoto } from '#protocol/conflict/rules.ts';
import type { ErrorCode } from '#protocol/errors.ts';
import { useCurrentDb } from './current.ts';
import { useLiveData } from './live-data.ts';
import { refusedPhotos } from './photo-files.ts';
import { photoFileKey, serverPhotoUrl, type PhotoFile } from './user-db.ts';

export interface PhotoOnDevice extends ProgressPhoto {
  /** Why the server refused its files, when it did (storage full): they are not sent. */
  failure: ErrorCode | null;
}

/**
 * The progress photos of this user (issue 21), newest first, pending ones included; deleted ones
 * left out. The upload state is read from the refused files' index, never the photos' bytes.
 */
export function useProgressPhotos(): PhotoOnDevice[] | undefined {
  const db = useCurrentDb();
  return useLiveData(async () => {
    if (!db) return undefined;
    // A message's photo (issue 22) is shown in the thread only, never among the progress photos. (A
    // row pulled before message photos has no `kind`: it is a progress photo.)
    const photos = (await db.synced('progressPhotos').orderBy('createdAt').reverse().toArray()).filter((photo): photo is ProgressPhoto => photo.kind !== 'message' && !photo.deleted);
    const refused = await refusedPhotos(db);
    return photos.map((photo) => ({ ...photo, failure: refused.get(photo.id) ?? null }));
  }, [db]);
}

/**
 * Where an `<img>` finds one of a photo's files: the copy on this device when there is one (shown
 * offline and before the upload), else the server's, which only its owner, their teacher and admins
 * may read. Undefined while this device is looked at.
 */
export function usePhotoSource(photoId: string, kind: PhotoFile['kind']): string | undefined {
  const db = useCurrentDb();
  const file = useLiveData(async () => (db ? ((await db.photoFiles.get(photoFileKey(photoId, kind))) ?? null) : null), [db, photoId, kind]);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const bytes = file?.bytes;
  const contentType = file?.contentType;
  useEffect(() => {
    if (!bytes) return setObjectUrl(null);
    const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [bytes, contentType]);
  if (file === undefined) return undefined;
  if (file === null) return serverPhotoUrl(photoId, kind);
  return objectUrl ?? undefined;
}

