/**
 * Progress photos' records on SQLite (issue 21): the generic owned rows (./owned-rows.ts), plus
 * what the uploads need: whose photo an id is, and marking a photo stored once its files are in.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffProgressPhoto } from '#protocol/contract/staff.ts';
import type { PhotoRecord } from '#protocol/contract/tracking.ts';
import type { MessagePhotoArgs } from '#protocol/mutations/fields.ts';
import type { AppDatabase } from '../db/client.ts';
import { progressPhotos } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import { p } from './queries.ts';
import type { SyncVersions } from './sync-versions.ts';

/** A progress photo as a coach lists it (`StaffProgressPhoto`): select these columns, map the row with `toStaffPhoto`. */
export const STAFF_PHOTO_COLUMNS = "id, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt, pose, width, height, stored_at IS NOT NULL AS stored";
export type StaffPhotoRow = Omit<StaffProgressPhoto, 'stored'> & { stored: number };
export const toStaffPhoto = (row: StaffPhotoRow): StaffProgressPhoto => ({ ...row, stored: row.stored === 1 });


type ProgressPhotoRow = typeof progressPhotos.$inferSelect;

export const toProgressPhoto = ({ id, kind, pose, contentType, bytes, thumbnailBytes, width, height, createdAt, storedAt, deletedAt }: ProgressPhotoRow): PhotoRecord => ({
  id,
  createdAt: new Date(createdAt).toISOString(),
  // A progress photo always has its pose, a message's never (the mutators write them so).
  ...(kind === 'message' ? { kind, pose: null } : { kind, pose: pose ?? 'front' }),
  contentType,
  bytes,
  thumbnailBytes,
  width,
  height,
  stored: storedAt !== null,
  deleted: deletedAt !== null,
});

/** `threadChanged(clientId)`: a message's photo has arrived, so the coaches' open threads show it. */
export function createProgressPhotos(database: AppDatabase, versions: SyncVersions, now: () => number, threadChanged: (clientId: string) => void = () => {}) {
  const { db } = database;
  const owned = createOwnedRows(database, versions, progressPhotos, {
    toRow: toProgressPhoto,
    // `stored` is the server's to set (markStored): a device's write never changes it, and a
    // tombstone keeps the time of the delete.
    toColumns: ({ stored: _stored, deleted, createdAt, ...fields }) => ({ ...fields, createdAt: Date.parse(createdAt), ...(deleted ? { deletedAt: now() } : {}) }),
  });
  const ownerOf = db.select({ userId: progressPhotos.userId, deletedAt: progressPhotos.deletedAt }).from(progressPhotos).where(eq(progressPhotos.id, p('id'))).prepare();

  return {
    ...owned,

    /** Whose photo `id` is, if it exists and is not deleted. */
    ownerOf(id: string): string | null {
      const row = ownerOf.get({ id });
      return row && row.deletedAt === null ? row.userId : null;
    },

    /**
     * A message's photo whose files are already in place (a coach's, sent whole, issue 22): stored
     * from the start, in the caller's transaction with its message.
     */
    addStored(userId: string, photo: MessagePhotoArgs & { createdAt: number }): void {
      db.insert(progressPhotos)
        .values({ ...photo, userId, kind: 'message', pose: null, storedAt: now(), version: versions.bump(userId) })
        .run();
    },

    /** Both files are in: the photo is stored, with a new version so the user's devices pull it. */
    markStored(userId: string, id: string): void {
      const marked = database.sqlite.transaction(() =>
        db.update(progressPhotos)
          .set({ storedAt: now(), version: versions.bump(userId) })
          .where(and(eq(progressPhotos.id, id), eq(progressPhotos.userId, userId), isNull(progressPhotos.storedAt)))
          .returning({ kind: progressPhotos.kind })
          .all(),
      )();
      if (marked[0]?.kind === 'message') threadChanged(userId);
    },
  };
}

export type ProgressPhotos = ReturnType<typeof createProgressPhotos>;
