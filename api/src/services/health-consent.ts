/**
 * The LGPD consent for health data (issue 22, part 4; ADR 028, "Consent for health data"): given
 * at registration or later in Settings, withdrawn in Settings at any time (LGPD art. 8 §5).
 *
 * Withdrawing erases what the consent covered, at once and for good: body measurements, progress
 * photos (records and files), check-ins and medical conditions. Every device of the person drops
 * its copies on its next pull, which starts again from nothing (`users.resync_from`).
 */
import type Database from 'better-sqlite3';
import { DomainError } from '#protocol/errors.ts';
import type { Clock } from '#protocol/clock/hlc.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { Db } from '../db/client.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { PhotoFiles } from './photo-files.ts';
import { findUserById, recordHealthConsent } from './clients.ts';

export function createHealthConsent(
  sqlite: Database.Database,
  db: Db,
  versions: SyncVersions,
  photoFiles: PhotoFiles,
  clock: Clock,
  coachesChanged: (clientId: string) => void,
  now: () => number,
) {
  const markGiven = sqlite.prepare('UPDATE users SET health_consent_at = ?, version = ?, updated_at = ? WHERE id = ?');
  // A message's photo is part of the conversation, not a progress photo: it stays with its message.
  const photoIds = sqlite.prepare<[string], { id: string }>("SELECT id FROM progress_photos WHERE user_id = ? AND kind = 'progress'");
  const erasures = [
    sqlite.prepare('DELETE FROM body_measurements WHERE user_id = ?'),
    sqlite.prepare("DELETE FROM progress_photos WHERE user_id = ? AND kind = 'progress'"),
    sqlite.prepare('DELETE FROM check_ins WHERE user_id = ?'),
  ];
  // The conditions' erasure is a change of the field like any other, stamped by the server's clock:
  // an edit a phone made before it and sends later (after a new consent) does not bring them back.
  const markWithdrawn = sqlite.prepare(
    "UPDATE users SET health_consent_at = NULL, medical_conditions = '[]', profile_hlcs = json_set(profile_hlcs, '$.medicalConditions', ?), resync_from = ?, version = ?, updated_at = ? WHERE id = ?",
  );

  const userOf = (userId: string) => {
    const user = findUserById(db, userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    return user;
  };

  return {
    /**
     * Gives the consent, read in `locale` (the interface's); giving it again changes nothing (a
     * double tap, a second device).
     */
    give: sqlite.transaction((userId: string, locale: Locale): void => {
      const user = userOf(userId);
      if (user.healthConsentAt !== null) return;
      const at = now();
      recordHealthConsent(db, userId, 'given', locale, at);
      markGiven.run(at, versions.bump(userId), at, userId);
    }),

    /** Withdraws it and erases what it covered; without a consent there is nothing to do. */
    async withdraw(userId: string, locale: Locale): Promise<void> {
      const photos = sqlite.transaction((): string[] => {
        const user = userOf(userId);
        if (user.healthConsentAt === null) return [];
        const at = now();
        const ids = photoIds.all(userId).map(({ id }) => id);
        recordHealthConsent(db, userId, 'withdrawn', locale, at);
        for (const erase of erasures) erase.run(userId);
        const version = versions.bump(userId);
        markWithdrawn.run(clock.now(), version, version, at, userId);
        coachesChanged(userId);
        return ids;
      })();
      // After the commit: a file is never gone while its record could still be rolled back.
      for (const id of photos) await photoFiles.remove(userId, id);
    },
  };
}

export type HealthConsent = ReturnType<typeof createHealthConsent>;
