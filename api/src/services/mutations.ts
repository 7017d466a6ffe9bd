/**
 * The server's side of the mutators (sync-protocol/mutations, ADR 025): their storage port on
 * the database for one user, and the runner a push and a REST write both go through, with the rule only
 * the server holds (the consent for health data). Runs in the caller's transaction.
 */
import { parseHlc } from '#protocol/clock/hlc.ts';
import { isDeviceDateAhead } from '#protocol/clock/device-date.ts';
import { DomainError } from '#protocol/errors.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { refused, runMutatorAsync, type AsyncMutatorStorage, type Mutator, type MutatorResult } from '#protocol/mutations/mutator.ts';
import { recordsHealthData } from '#protocol/domain/health-consent.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { UserRow } from '../db/schema/index.ts';
import { findUserById, isUniqueViolation, userRows } from './clients.ts';
import { todayFor } from './daily-progress.ts';
import { perSyncedTable } from '#protocol/tables.ts';
import type { Repositories } from '../repositories/synced-tables.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { Reminders } from '../notices/reminders.ts';

/**
 * The stamps of a write: its HLC (a device's, as the server kept it; else a server stamp taken in
 * the write's unit of work), and the day it belongs to for a habit (the device's, when it names
 * one; else the client's day in their country's time zone).
 */
export interface ServerStamps {
  hlc?: string;
  localDate?: string;
}

/** The profile fields a reminder's next time is made from. */
const SCHEDULE_FIELDS = ['weighInTime', 'weighInDays', 'timeZone'];

export function createMutations(db: SqlDatabase, versions: SyncVersions, repositories: Repositories, now: () => number, reminders: Reminders) {
  /** The mutators' storage for one user: every write stamped with the next sync version. */
  function storageFor(userId: string): AsyncMutatorStorage {
    const tables = perSyncedTable<Omit<AsyncMutatorStorage, 'profile'>>((name) => repositories[name].storageFor(userId) as never);

    /**
     * A weight typed in a profile save is a weigh-in at the save's time (ADR 018), never a change
     * of the registration weight: recorded when it differs from the weight current then; a record
     * made after the save (another device, an offline save sent late) is newer and stays current.
     */
    async function weighIn(weight: number, stamp: string | undefined, registered: number | null) {
      const at = Math.min(parseHlc(stamp ?? '')?.millis ?? now(), now());
      const latest = await repositories.weightRecords.latest(userId);
      if (latest && latest.createdAt > at) return;
      if ((latest?.weight ?? registered) === weight) return;
      await tables.weightRecords.insert({ id: uuidv7(at), weight, notes: null, createdAt: new Date(at).toISOString(), deleted: false, hlcs: {} });
    }

    return {
      ...tables,
      profile: {
        get: async () => {
          const user = await findUserById(db, userId);
          return user && { profileHlcs: user.profileHlcs, notices: user.notices ?? {} };
        },
        patch: async ({ currentWeight, ...fields }, profileHlcs) => {
          let user: UserRow | undefined;
          const { names, params } = userRows.encode({ ...fields, profileHlcs, version: await versions.bump(userId), updatedAt: now() });
          try {
            const stored = await db.get<Record<string, unknown>>(`UPDATE users SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE id = ? RETURNING *`, [...params, userId]);
            user = stored && userRows.decode(stored);
          } catch (error) {
            if (isUniqueViolation(error)) throw new DomainError('EMAIL_TAKEN', { fields: [{ field: 'email', key: 'errors.EMAIL_TAKEN' }] });
            throw error;
          }
          if (user && typeof currentWeight === 'number') await weighIn(currentWeight, profileHlcs.currentWeight, user.currentWeight);
          // Reminders waiting were made for the old time, days or zone: the next ones follow the change.
          if (user && SCHEDULE_FIELDS.some((field) => field in fields)) await reminders.reschedule(userId);
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
    let countryCode: string | undefined;
    return async <A>(mutator: Mutator<string, A>, args: A, stamps: ServerStamps = {}): Promise<MutatorResult> => {
      const at = now();
      if (stamps.localDate !== undefined && isDeviceDateAhead(stamps.localDate, at)) return refused('DEVICE_DATE_AHEAD');
      if (recordsHealthData(mutator.name, args) && !(consented ??= (await findUserById(db, userId))?.healthConsentAt != null)) return refused('HEALTH_CONSENT_REQUIRED');
      // The client's day in their country's zone, for a write that names none (a REST habit).
      if (stamps.localDate === undefined) countryCode ??= (await findUserById(db, userId))?.countryCode ?? '';
      const context = { hlc: stamps.hlc ?? (await versions.stamp()), localDate: stamps.localDate ?? todayFor(countryCode ?? '', at), now: at };
      return runMutatorAsync(mutator.apply(args, context), storage);
    };
  }

  /**
   * Runs one mutator for a user, as a push would. A refusal is the result; a DomainError with
   * details (an e-mail already taken) is thrown for REST to answer with them.
   */
  const run = <A>(userId: string, mutator: Mutator<string, A>, args: A, stamps: ServerStamps = {}): Promise<MutatorResult> => {
    const work = () => versions.inUnitOfWork(() => runnerFor(userId)(mutator, args, stamps));
    // In a unit of work (and a transaction of its own when the caller has none), whose counter brings the stamp every instance orders after.
    return db.transactionLocals() ? work() : db.transaction(work);
  };

  return { storageFor, runnerFor, run };
}

export type Mutations = ReturnType<typeof createMutations>;
export type MutationRunner = ReturnType<Mutations['runnerFor']>;
