/**
 * The server's side of the mutators (sync-protocol/mutations, ADR 025): their storage port on
 * SQLite for one user, and the runner a push and a REST write both go through, with the rule only
 * the server holds (the consent for health data). Runs in the caller's transaction.
 */
import { eq } from 'drizzle-orm';
import { parseHlc, type Clock } from '#protocol/clock/hlc.ts';
import { isDeviceDateAhead } from '#protocol/clock/device-date.ts';
import { DomainError } from '#protocol/errors.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { refused, runMutator, type Mutator, type MutatorResult } from '#protocol/mutations/mutator.ts';
import { recordsHealthData } from '#protocol/domain/health-consent.ts';
import type { MutatorStorage } from '#protocol/mutations/storage.ts';
import type { Db } from '../db/client.ts';
import { users, type UserRow } from '../db/schema/index.ts';
import { findUserById, isUniqueViolation, latestWeight } from './clients.ts';
import { todayFor } from './daily-progress.ts';
import { perSyncedTable } from '#protocol/tables.ts';
import type { SyncedTablesStorage } from '#protocol/mutations/storage.ts';
import type { Repositories } from '../repositories/synced-tables.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';

/**
 * The stamps of a write: its HLC, and the day it belongs to for a habit (the device's, when it
 * names one; else the client's day in their country's time zone).
 */
export interface ServerStamps {
  hlc?: string;
  localDate?: string;
}

export function createMutations(db: Db, versions: SyncVersions, repositories: Repositories, clock: Clock, now: () => number) {
  /** The mutators' storage for one user: every write stamped with the next sync version. */
  function storageFor(userId: string): MutatorStorage {
    const tables = perSyncedTable<SyncedTablesStorage>((name) => repositories[name].storageFor(userId));

    /**
     * A weight typed in a profile save is a weigh-in at the save's time (ADR 018), never a change
     * of the registration weight: recorded when it differs from the weight current then; a record
     * made after the save (another device, an offline save sent late) is newer and stays current.
     */
    function weighIn(weight: number, stamp: string | undefined, registered: number | null) {
      const at = Math.min(parseHlc(stamp ?? '')?.millis ?? now(), now());
      const latest = latestWeight(db, userId);
      if (latest && latest.createdAt > at) return;
      if ((latest?.weight ?? registered) === weight) return;
      tables.weightRecords.insert({ id: uuidv7(at), weight, notes: null, createdAt: new Date(at).toISOString(), deleted: false, hlcs: {} });
    }

    return {
      ...tables,
      profile: {
        get: () => {
          const user = findUserById(db, userId);
          return user && { profileHlcs: user.profileHlcs };
        },
        patch: ({ currentWeight, ...fields }, profileHlcs) => {
          let user: UserRow | undefined;
          try {
            user = db
              .update(users)
              .set({ ...fields, profileHlcs, version: versions.bump(userId), updatedAt: now() })
              .where(eq(users.id, userId))
              .returning()
              .get();
          } catch (error) {
            if (isUniqueViolation(error)) throw new DomainError('EMAIL_TAKEN', { fields: [{ field: 'email', key: 'errors.EMAIL_TAKEN' }] });
            throw error;
          }
          if (user && typeof currentWeight === 'number') weighIn(currentWeight, profileHlcs.currentWeight, user.currentWeight);
        },
      },
    };
  }

  /**
   * Runs mutators for one user: the one door of every write, a push's (one runner per batch) and a
   * REST call's alike. Two rules the device cannot hold for the server are checked here, before any
   * mutator reads the change:
   * - a device date later than any time zone's today is a wrong calendar (issue 46): refused, so
   *   nothing is filed in a day that has not come;
   * - a change that records health data needs the person's consent (ADR 028, "Consent for health
   *   data"). The consent is read at the first such change only, and once: it is given and
   *   withdrawn through its own route, never in a push.
   */
  function runnerFor(userId: string) {
    const storage = storageFor(userId);
    let consented: boolean | undefined;
    return <A>(mutator: Mutator<string, A>, args: A, stamps: ServerStamps = {}): MutatorResult => {
      const at = now();
      if (stamps.localDate !== undefined && isDeviceDateAhead(stamps.localDate, at)) return refused('DEVICE_DATE_AHEAD');
      if (recordsHealthData(mutator.name, args) && !(consented ??= findUserById(db, userId)?.healthConsentAt != null)) return refused('HEALTH_CONSENT_REQUIRED');
      const context = {
        hlc: stamps.hlc ?? clock.now(),
        // Worked out only by a mutator that reads it (a habit's day), not by every weigh-in.
        get localDate() {
          return stamps.localDate ?? todayFor(findUserById(db, userId)?.countryCode ?? '', at);
        },
        now: at,
      };
      return runMutator(mutator.apply(args, context), storage);
    };
  }

  /**
   * Runs one mutator for a user, as a push would. A refusal is the result; a DomainError with
   * details (an e-mail already taken) is thrown for REST to answer with them.
   */
  const run = <A>(userId: string, mutator: Mutator<string, A>, args: A, stamps: ServerStamps = {}): MutatorResult => runnerFor(userId)(mutator, args, stamps);

  return { storageFor, runnerFor, run };
}

export type Mutations = ReturnType<typeof createMutations>;
export type MutationRunner = ReturnType<Mutations['runnerFor']>;
