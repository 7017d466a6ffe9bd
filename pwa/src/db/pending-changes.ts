import type { UserDb } from './user-db.ts';

/**
 * Changes of this device not yet on the server: the outbox, and each photo whose files wait to be
 * uploaded (its record may have left already). Read through indexes only: no photo's bytes.
 */
export async function countPendingChanges(db: UserDb): Promise<number> {
  const [queued, photos] = await Promise.all([db.outbox.count(), db.photoFiles.where('[kind+state]').equals(['image', 'waiting']).count()]);
  return queued + photos;
}
