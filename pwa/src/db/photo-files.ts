import type { Mutation } from '#protocol/mutations/envelope.ts';
import type { PhotoAddArgs } from '#protocol/mutations/photo-add.ts';
import { recordMutation } from './local-writes.ts';
import { photoFileKey, type PhotoFile, type UserDb } from './user-db.ts';

export interface PhotoFiles {
  image: ArrayBuffer;
  thumbnail: ArrayBuffer;
}

/**
 * A photo taken on this device (issue 21): its two files are kept here and its `photo.add` is
 * recorded in one transaction, so an upload round (the service worker's, say) never finds files
 * without their record, nor a record whose files are missing. The files stay after the upload:
 * the photo shows at once and offline.
 */
export async function recordPhoto(db: UserDb, args: PhotoAddArgs, files: PhotoFiles, at: Date = new Date()): Promise<Mutation> {
  const row = (kind: PhotoFile['kind']): PhotoFile => ({
    key: photoFileKey(args.id, kind),
    photoId: args.id,
    kind,
    contentType: args.contentType,
    bytes: files[kind],
    state: 'waiting',
    failure: null,
  });
  return db.transaction('rw', [db.photoFiles, db.meta, db.outbox, db.synced('progressPhotos')], async () => {
    await db.photoFiles.bulkPut([row('thumbnail'), row('image')]);
    return recordMutation(db, 'photo.add', args, at);
  });
}
