/**
 * Progress photos' records (issue 21): the generic owned rows (./owned-rows.ts), plus what the
 * uploads need: whose photo an id is, and marking a photo stored once its files are in.
 */
import type { StaffProgressPhoto } from '#protocol/contract/staff.ts';
import type { PhotoRecord } from '#protocol/contract/tracking.ts';
import type { MessagePhotoArgs } from '#protocol/mutations/fields.ts';
import type { AppDatabase } from '../db/client.ts';
import { progressPhotos } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';
import type { SyncVersions } from './sync-versions.ts';

/** A progress photo as a coach lists it (`StaffProgressPhoto`): select these columns, map the row with `toStaffPhoto`. */
export const STAFF_PHOTO_COLUMNS = 'id, created_at, pose, width, height, CASE WHEN stored_at IS NULL THEN 0 ELSE 1 END AS stored';
export type StaffPhotoRow = Omit<StaffProgressPhoto, 'createdAt' | 'stored'> & { created_at: number; stored: number };
export const toStaffPhoto = ({ created_at, stored, ...row }: StaffPhotoRow): StaffProgressPhoto => ({ ...row, createdAt: new Date(created_at).toISOString(), stored: stored === 1 });

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

const OWNER_OF = 'SELECT user_id, deleted_at FROM progress_photos WHERE id = ?';
const INSERT_STORED =
  "INSERT INTO progress_photos (id, user_id, kind, pose, content_type, bytes, thumbnail_bytes, width, height, created_at, stored_at, version) VALUES (?, ?, 'message', NULL, ?, ?, ?, ?, ?, ?, ?, ?)";
const MARK_STORED = 'UPDATE progress_photos SET stored_at = ?, version = ? WHERE id = ? AND user_id = ? AND stored_at IS NULL RETURNING kind';

/** `threadChanged(clientId)`: a message's photo has arrived, so the coaches' open threads show it. */
export function createProgressPhotos(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number, threadChanged: (clientId: string) => Promise<void> = async () => {}) {
  const { sql: db } = database;
  const owned = createOwnedRows(database, versions, progressPhotos, {
    toRow: toProgressPhoto,
    // `stored` is the server's to set (markStored): a device's write never changes it, and a
    // tombstone keeps the time of the delete.
    toColumns: ({ id: _id, stored: _stored, deleted, createdAt, ...fields }) => ({ ...fields, createdAt: Date.parse(createdAt), ...(deleted ? { deletedAt: now() } : {}) }),
  });

  return {
    ...owned,

    /** Whose photo `id` is, if it exists and is not deleted. */
    async ownerOf(id: string): Promise<string | null> {
      const row = await db.get<{ user_id: string; deleted_at: number | null }>(OWNER_OF, [id]);
      return row && row.deleted_at === null ? row.user_id : null;
    },

    /**
     * A message's photo whose files are already in place (a coach's, sent whole, issue 22): stored
     * from the start, in the caller's transaction with its message.
     */
    async addStored(userId: string, { id, contentType, bytes, thumbnailBytes, width, height, createdAt }: MessagePhotoArgs & { createdAt: number }): Promise<void> {
      await db.run(INSERT_STORED, [id, userId, contentType, bytes, thumbnailBytes, width, height, createdAt, now(), await versions.bump(userId)]);
    },

    /** Both files are in: the photo is stored, with a new version so the user's devices pull it. */
    async markStored(userId: string, id: string): Promise<void> {
      const marked = await db.transaction(async () => {
        const version = await versions.bump(userId);
        return db.get<{ kind: string }>(MARK_STORED, [now(), version, id, userId]);
      });
      if (marked?.kind === 'message') await threadChanged(userId);
    },
  };
}

export type ProgressPhotos = ReturnType<typeof createProgressPhotos>;
