/**
 * Progress photos' files (issue 21): `photos/<user id>/<photo id>.<kind>`, kind `image` or
 * `thumbnail`, in the file store (ADR 031: the uploads folder, or the STORAGE_URL bucket). An
 * upload arrives in chunks appended to the file's part and is put in place whole, so a file in
 * place is always complete; a dropped connection resumes from the part's size. Ids are checked
 * UUIDs, so no key here can leave the user's prefix.
 */
import { DomainError } from '#protocol/errors.ts';
import type { FileStore, StoredFile } from '../storage/file-store.ts';
import { sniffImageType } from './image-upload.ts';

export const PHOTO_FILE_KINDS = ['image', 'thumbnail'] as const;
export type PhotoFileKind = (typeof PHOTO_FILE_KINDS)[number];

export type AppendResult = { kind: 'appended'; received: number; complete: boolean } | { kind: 'offsetMismatch'; received: number } | { kind: 'typeMismatch' };

export function createPhotoFiles(store: FileStore, quotaBytes: number) {
  const folderOf = (userId: string) => `photos/${userId}/`;
  const fileOf = (userId: string, photoId: string, kind: PhotoFileKind) => `${folderOf(userId)}${photoId}.${kind}`;

  /**
   * One append at a time per file: a phone that resends a chunk while its first try is still being
   * written (its answer slow, not lost) must find the part's new size, not append the chunk twice.
   */
  const appending = new Map<string, Promise<unknown>>();
  const oneAtATime = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (appending.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    appending.set(key, settled);
    try {
      return await run;
    } finally {
      if (appending.get(key) === settled) appending.delete(key);
    }
  };

  async function appendNow(userId: string, photoId: string, kind: PhotoFileKind, start: number, chunk: Uint8Array, total: number, type: string): Promise<AppendResult> {
    const file = fileOf(userId, photoId, kind);
    const whole = await store.size(file);
    if (whole !== null) return { kind: 'appended', received: whole, complete: true };
    const received = await store.partSize(file);
    // Every byte arrived before, but putting the file in place failed: finish that now.
    if (received === total) return complete(file, received, type);
    if (start !== received) return { kind: 'offsetMismatch', received };
    await store.appendPart(file, start, chunk);
    const now = received + chunk.length;
    if (now < total) return { kind: 'appended', received: now, complete: false };
    return complete(file, now, type);
  }

  async function complete(file: string, received: number, type: string): Promise<AppendResult> {
    if (sniffImageType(await store.partHead(file, 16)) !== type) {
      await store.dropPart(file);
      return { kind: 'typeMismatch' };
    }
    await store.completePart(file);
    return { kind: 'appended', received, complete: true };
  }

  /** Bytes of photos a user keeps, parts included (the quota counts what is stored). */
  async function usage(userId: string): Promise<number> {
    return (await store.list(folderOf(userId))).reduce((sum, object) => sum + object.size, 0);
  }

  return {
    /** How much of a file has arrived, and whether it is complete. */
    async received(userId: string, photoId: string, kind: PhotoFileKind): Promise<{ received: number; complete: boolean }> {
      const whole = await store.size(fileOf(userId, photoId, kind));
      if (whole !== null) return { received: whole, complete: true };
      return { received: await store.partSize(fileOf(userId, photoId, kind)), complete: false };
    },

    /**
     * Appends `chunk` at `start` of a file of `total` bytes. A chunk that does not start where the
     * part ends is refused with what has arrived. The last chunk must make a file of the declared
     * type (its first bytes, never its name or header), or the part is dropped.
     */
    append(userId: string, photoId: string, kind: PhotoFileKind, start: number, chunk: Uint8Array, total: number, type: string): Promise<AppendResult> {
      return oneAtATime(`${userId}/${photoId}/${kind}`, () => appendNow(userId, photoId, kind, start, chunk, total, type));
    },

    /**
     * A whole file at once (a coach's photo, sent online in one request, issue 22), put in place
     * whole, so a file in place is still always complete.
     */
    async write(userId: string, photoId: string, kind: PhotoFileKind, bytes: Uint8Array): Promise<void> {
      await store.write(fileOf(userId, photoId, kind), bytes);
    },

    /** A complete file as a stream, or null. */
    read(userId: string, photoId: string, kind: PhotoFileKind): Promise<StoredFile | null> {
      return store.read(fileOf(userId, photoId, kind));
    },

    usage,

    /** Refuses `bytes` more in the user's folder when they would pass the photo quota (`PHOTO_QUOTA_MB`). */
    async refuseOverQuota(userId: string, bytes: number): Promise<void> {
      if ((await usage(userId)) + bytes > quotaBytes) throw new DomainError('PHOTO_QUOTA_EXCEEDED');
    },

    /** Erases a photo's files (deleted by its owner). */
    async remove(userId: string, photoId: string): Promise<void> {
      await Promise.all(PHOTO_FILE_KINDS.map((kind) => store.remove(fileOf(userId, photoId, kind))));
    },

    /** Erases every photo of a user (their account is deleted). */
    async removeUser(userId: string): Promise<void> {
      await store.removeAll(folderOf(userId));
    },
  };
}

export type PhotoFiles = ReturnType<typeof createPhotoFiles>;
