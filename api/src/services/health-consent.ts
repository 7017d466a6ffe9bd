/**
 * The LGPD consent for health data (issue 22, part 4; ADR 028, "Consent for health data"): given
 * at registration or later in Settings, withdrawn in Settings at any time (LGPD art. 8 §5).
 *
 * Withdrawing erases what the consent covered, at once and for good: body measurements, progress
 * photos (records and files), check-ins and medical conditions. Every device of the person drops
 * its copies on its next pull, which starts again from nothing (`users.resync_from`).
 */
import { DomainError } from '#protocol/errors.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { PhotoFiles } from './photo-files.ts';
import { recordHealthConsent, userRows } from './clients.ts';

export function createHealthConsent(db: SqlDatabase, versions: SyncVersions, photoFiles: PhotoFiles, coachesChanged: (clientId: string) => Promise<void>, now: () => number) {
  // Read and then written in one transaction: on PostgreSQL the row is locked until it ends, so
  // two devices' taps record the consent once, and no profile edit lands between the read and the
  // write (a lock that leaves the key share of a push's new rows free, as subscriptions' does).
  const lock = db.dialect === 'postgres' ? ' FOR NO KEY UPDATE' : '';
  const userOf = async (userId: string) => {
    const stored = await db.get<Record<string, unknown>>(`SELECT * FROM users WHERE id = ?${lock}`, [userId]);
    if (!stored) throw new DomainError('UNAUTHENTICATED');
    return userRows.decode(stored);
  };

  return {
    /**
     * Gives the consent, read in `locale` (the interface's); giving it again changes nothing (a
     * double tap, a second device).
     */
    give: (userId: string, locale: Locale): Promise<void> =>
      db.transaction(async () => {
        const user = await userOf(userId);
        if (user.healthConsentAt !== null) return;
        const at = now();
        await recordHealthConsent(db, userId, 'given', locale, at);
        await db.run('UPDATE users SET health_consent_at = ?, version = ?, updated_at = ? WHERE id = ?', [at, await versions.bump(userId), at, userId]);
      }),

    /** Withdraws it and erases what it covered; without a consent there is nothing to do. */
    async withdraw(userId: string, locale: Locale): Promise<void> {
      const photos = await db.transaction(() => versions.inUnitOfWork(async (): Promise<string[]> => {
        const user = await userOf(userId);
        if (user.healthConsentAt === null) return [];
        const at = now();
        // A message's photo is part of the conversation, not a progress photo: it stays with its message.
        const ids = (await db.all<{ id: string }>("SELECT id FROM progress_photos WHERE user_id = ? AND kind = 'progress'", [userId])).map(({ id }) => id);
        await recordHealthConsent(db, userId, 'withdrawn', locale, at);
        await db.run('DELETE FROM body_measurements WHERE user_id = ?', [userId]);
        await db.run("DELETE FROM progress_photos WHERE user_id = ? AND kind = 'progress'", [userId]);
        await db.run('DELETE FROM check_ins WHERE user_id = ?', [userId]);
        const version = await versions.bump(userId);
        // The conditions' erasure is a change of the field like any other, stamped by the server's clock:
        // an edit a phone made before it and sends later (after a new consent) does not bring them back.
        const { names, params } = userRows.encode({
          healthConsentAt: null,
          medicalConditions: [],
          profileHlcs: { ...user.profileHlcs, medicalConditions: await versions.stamp() },
          resyncFrom: version,
          version,
          updatedAt: at,
        });
        await db.run(`UPDATE users SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE id = ?`, [...params, userId]);
        await coachesChanged(userId);
        return ids;
      }));
      // After the commit: a file is never gone while its record could still be rolled back.
      for (const id of photos) await photoFiles.remove(userId, id);
    },
  };
}

export type HealthConsent = ReturnType<typeof createHealthConsent>;
