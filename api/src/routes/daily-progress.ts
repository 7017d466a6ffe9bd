import type { Context } from 'hono';
import { isHlc } from '#protocol/clock/hlc.ts';
import { isLocalDate } from '#protocol/domain/calendar.ts';
import { checkBoolean, checkLevel } from '#protocol/mutations/fields.ts';
import { progressComplete } from '#protocol/mutations/progress-complete.ts';
import { progressSet, type ProgressField } from '#protocol/mutations/progress-set.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import { findUserById } from '../services/clients.ts';
import { progressSummary, requestTimeZone, todayFor } from '../services/daily-progress.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { readJsonObject } from '../http/validate.ts';
import type { AppEnv } from '../http/env.ts';

/** One route per field; `legacyKey` is the body key the original API used for a level. */
const FIELDS = {
  workout: { field: 'workoutCompleted', legacyKey: null },
  diet: { field: 'dietFollowed', legacyKey: null },
  mood: { field: 'mood', legacyKey: 'mood' },
  energy: { field: 'energy', legacyKey: 'energy' },
} as const satisfies Record<string, { field: ProgressField; legacyKey: string | null }>;

/**
 * SPEC §7 daily progress, online; the same service as the progress mutations. An empty body keeps
 * the original meaning for today (workout and diet toggle, mood and energy take `{ mood }` /
 * `{ energy }`); `{ value, localDate, hlc }` makes a call exact and idempotent.
 */
export function dailyProgressRoutes(deps: AppDeps) {
  const user = async (c: Context<AppEnv>) => {
    const row = await findUserById(deps.database.sql, currentUser(c).id);
    if (!row) throw new DomainError('UNAUTHENTICATED');
    return row;
  };

  /** The day a call is about: the body's/query's localDate, else today in the given or home zone. */
  const dayOf = (countryCode: string, localDate: unknown, timeZone: unknown) => {
    if (localDate !== undefined) {
      if (typeof localDate !== 'string' || !isLocalDate(localDate)) throw validationError([{ field: 'localDate', key: 'validation.invalidDate' }]);
      return localDate;
    }
    return todayFor(countryCode, deps.now(), requestTimeZone(timeZone, () => countryCode));
  };

  /** A device's HLC, checked; none, and the write gets a server stamp. */
  const deviceHlcOf = (value: unknown): string | undefined => {
    if (value === undefined || isHlc(value)) return value;
    throw validationError([{ field: 'hlc', key: 'validation.invalidType' }]);
  };
  // In the write's unit of work: a fast device clock gets the server's time (ADR 007), after every stamp an instance stored.
  const stampOf = async (deviceHlc: string | undefined) => (deviceHlc === undefined ? undefined : deps.versions.stamp(deviceHlc));

  /** Sets one field of a day (`legacyKey` null: a yes/no field, toggled by an empty body). */
  const setField = ({ field, legacyKey }: (typeof FIELDS)[keyof typeof FIELDS]) => async (c: Context<AppEnv>) => {
    const me = await user(c);
    const body = await readJsonObject(c);
    const localDate = dayOf(me.countryCode, body.localDate, body.timeZone);
    const deviceHlc = deviceHlcOf(body.hlc);
    const raw = body.value ?? (legacyKey ? body[legacyKey] : undefined);
    // No value on a yes/no field toggles it: read and written in the same transaction.
    const toggle = raw === undefined && legacyKey === null;
    const checked = toggle ? ({ ok: true, value: true } as const) : field === 'mood' || field === 'energy' ? checkLevel(raw) : checkBoolean(raw);
    if (!checked.ok) throw validationError([{ field: body.value !== undefined || !legacyKey ? 'value' : legacyKey, key: checked.key }]);
    const write = await deps.groupCommit.run(async () => {
      const value = toggle ? !((await deps.dailyProgress.day(me.id, localDate))?.[field] ?? false) : checked.value;
      return deps.mutations.run(me.id, progressSet, { field, value }, { hlc: await stampOf(deviceHlc), localDate });
    });
    if (!write.ok) throw new DomainError(write.code);
    return c.json({ progress: await progressSummary(deps, me.id, localDate) });
  };

  return createRouter('/api/daily-progress')
    .get('/', 'signedIn', async (c) => {
      const me = await user(c);
      const localDate = dayOf(me.countryCode, c.req.query('date'), c.req.query('timeZone'));
      return c.json({ progress: await progressSummary(deps, me.id, localDate) });
    })
    .post('/workout', 'signedIn', setField(FIELDS.workout))
    .post('/diet', 'signedIn', setField(FIELDS.diet))
    .post('/mood', 'signedIn', setField(FIELDS.mood))
    .post('/energy', 'signedIn', setField(FIELDS.energy))
    .post('/complete', 'signedIn', async (c) => {
      const me = await user(c);
      const body = await readJsonObject(c);
      const localDate = dayOf(me.countryCode, body.localDate, body.timeZone);
      const deviceHlc = deviceHlcOf(body.hlc);
      const write = await deps.groupCommit.run(async () => deps.mutations.run(me.id, progressComplete, {}, { hlc: await stampOf(deviceHlc), localDate }));
      if (!write.ok) throw new DomainError(write.code);
      return c.json({ progress: await progressSummary(deps, me.id, localDate) });
    });
}
