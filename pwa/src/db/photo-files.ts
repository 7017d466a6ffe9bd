import type { ErrorCode } from '#protocol/errors.ts';
import type { Mutation } from '#protocol/mutations/envelope.ts';
import type { MessageSendArgs } from '#protocol/mutations/message-send.ts';
import type { PhotoAddArgs } from '#protocol/mutations/photo-add.ts';
import { recordMutation } from './local-writes.ts';
import { photoFileKey, type PhotoFile, type UserDb } from './user-db.ts';

export interface PhotoFiles {
  image: ArrayBuffer;
  thumbnail: ArrayBuffer;
}

/** The mutations that bring a photo's record: a progress photo, or a message with its photo. */
export type PhotoWrite = { name: 'photo.add'; args: PhotoAddArgs } | { name: 'message.send'; args: MessageSendArgs & { photo: NonNullable<MessageSendArgs['photo']> } };

/**
 * A photo taken on this device (issue 21, and a message's, issue 22): its two files are kept here
 * and the mutation that brings its record is recorded in one transaction, so an upload round (the
 * service worker's, say) never finds files without their record, nor a record whose files are
 * missing. The files stay after the upload: the photo shows at once and offline.
 */
export async function recordPhoto(db: UserDb, write: PhotoWrite, files: PhotoFiles, at: Date = new Date()): Promise<Mutation> {
  const photo = write.name === 'photo.add' ? write.args : write.args.photo;
  const row = (kind: PhotoFile['kind']): PhotoFile => ({
    key: photoFileKey(photo.id, kind),
    photoId: photo.id,
    kind,
    contentType: photo.contentType,
    bytes: files[kind],
    state: 'waiting',
    failure: null,
  });
  return db.transaction('rw', [db.photoFiles, db.meta, db.outbox, db.synced('progressPhotos'), db.synced('messages')], async () => {
    await db.photoFiles.bulkPut([row('thumbnail'), row('image')]);
    return write.name === 'photo.add' ? recordMutation(db, 'photo.add', write.args, at) : recordMutation(db, 'message.send', write.args, at);
  });
}

/** The photo a pending mutation brings, if it brings one (its files wait for it to be pushed). */
export const photoOfMutation = (mutation: Mutation): string | null =>
  mutation.name === 'photo.add' ? mutation.args.id : mutation.name === 'message.send' ? (mutation.args.photo?.id ?? null) : null;

/**
 * The photos whose upload the server refused (storage full, wrong type), with why: read through the
 * upload state's index, so the screens that show a photo's state never read the photos' bytes.
 */
export async function refusedPhotos(db: UserDb): Promise<ReadonlyMap<string, ErrorCode>> {
  const refused = await db.photoFiles.where('[kind+state]').equals(['thumbnail', 'refused']).toArray();
  return new Map(refused.flatMap((file) => (file.failure ? [[file.photoId, file.failure] as const] : [])));
}
