/**
 * Progress photos' files on disk (issue 21): `<UPLOADS_PATH>/photos/<user id>/<photo id>.<kind>`,
 * kind `image` or `thumbnail`. An upload arrives in chunks appended to a `.part` file and is
 * renamed into place whole, so a file in place is always complete; a dropped connection resumes
 * from the part's size. Ids are checked UUIDs, so no name here can leave the folder.
 */
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DomainError } from '#protocol/errors.ts';
import { sniffImageType } from './image-upload.ts';

export const PHOTO_FILE_KINDS = ['image', 'thumbnail'] as const;
export type PhotoFileKind = (typeof PHOTO_FILE_KINDS)[number];

const sizeOf = async (file: string): Promise<number | null> => {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
};

export type AppendResult = { kind: 'appended'; received: number; complete: boolean } | { kind: 'offsetMismatch'; received: number } | { kind: 'typeMismatch' };

export function createPhotoFiles(uploadsPath: string, quotaBytes: number) {
  const folderOf = (userId: string) => path.join(uploadsPath, 'photos', userId);
  const fileOf = (userId: string, photoId: string, kind: PhotoFileKind) => path.join(folderOf(userId), `${photoId}.${kind}`);
  const partOf = (userId: string, photoId: string, kind: PhotoFileKind) => `${fileOf(userId, photoId, kind)}.part`;

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
    const whole = await sizeOf(file);
    if (whole !== null) return { kind: 'appended', received: whole, complete: true };
    const part = partOf(userId, photoId, kind);
    const received = (await sizeOf(part)) ?? 0;
    if (start !== received) return { kind: 'offsetMismatch', received };
    await mkdir(folderOf(userId), { recursive: true });
    await appendFile(part, chunk);
    const now = received + chunk.length;
    if (now < total) return { kind: 'appended', received: now, complete: false };
    const head = Buffer.alloc(16);
    const handle = await open(part, 'r');
    try {
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
    if (sniffImageType(head) !== type) {
      await rm(part, { force: true });
      return { kind: 'typeMismatch' };
    }
    await rename(part, file);
    return { kind: 'appended', received: now, complete: true };
  }

  /** Bytes of photos a user keeps, parts included (the quota counts what is on disk). */
  async function usage(userId: string): Promise<number> {
    let names: string[];
    try {
      names = await readdir(folderOf(userId));
    } catch {
      return 0;
    }
    const sizes = await Promise.all(names.map((name) => sizeOf(path.join(folderOf(userId), name))));
    return sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  }

  return {
    /** How much of a file has arrived, and whether it is complete. */
    async received(userId: string, photoId: string, kind: PhotoFileKind): Promise<{ received: number; complete: boolean }> {
      const whole = await sizeOf(fileOf(userId, photoId, kind));
      if (whole !== null) return { received: whole, complete: true };
      return { received: (await sizeOf(partOf(userId, photoId, kind))) ?? 0, complete: false };
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
     * A whole file at once (a coach's photo, sent online in one request, issue 22): written to its
     * part and renamed into place, so a file in place is still always complete.
     */
    async write(userId: string, photoId: string, kind: PhotoFileKind, bytes: Uint8Array): Promise<void> {
      await mkdir(folderOf(userId), { recursive: true });
      const part = partOf(userId, photoId, kind);
      await writeFile(part, bytes);
      await rename(part, fileOf(userId, photoId, kind));
    },

    /** A complete file as a stream, or null. */
    async read(userId: string, photoId: string, kind: PhotoFileKind): Promise<{ body: ReadableStream; size: number } | null> {
      const file = fileOf(userId, photoId, kind);
      const size = await sizeOf(file);
      if (size === null) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream, size };
    },

    usage,

    /** Refuses `bytes` more in the user's folder when they would pass the photo quota (`PHOTO_QUOTA_MB`). */
    async refuseOverQuota(userId: string, bytes: number): Promise<void> {
      if ((await usage(userId)) + bytes > quotaBytes) throw new DomainError('PHOTO_QUOTA_EXCEEDED');
    },

    /** Erases a photo's files (deleted by its owner). */
    async remove(userId: string, photoId: string): Promise<void> {
      await Promise.all(PHOTO_FILE_KINDS.flatMap((kind) => [rm(fileOf(userId, photoId, kind), { force: true }), rm(partOf(userId, photoId, kind), { force: true })]));
    },

    /** Erases every photo of a user (their account is deleted). */
    async removeUser(userId: string): Promise<void> {
      await rm(folderOf(userId), { recursive: true, force: true });
    },
  };
}

export type PhotoFiles = ReturnType<typeof createPhotoFiles>;
