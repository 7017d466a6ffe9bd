/**
 * The reminders that come back (issue 50, ADR 032 "Scheduled in the database"): the weigh-in at
 * the person's time on their days, the evening one at 20:00, the check-in on its day at 09:00,
 * each in the client's own zone. Each is kept one occurrence ahead as a notice row: a client with
 * none waiting gets their next (at registration, after the last one was handled, after they
 * changed their time, days or zone, which takes back the waiting ones). Whether one is still
 * worth sending (the switch, the day still chosen, today's tracking not done, the week's check-in
 * not sent) is decided when it falls due.
 */
import { DEFAULT_WEIGH_IN_DAYS, DEFAULT_WEIGH_IN_TIME } from '#protocol/domain/notice-choices.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { UserRow } from '../db/schema/index.ts';
import { checkInDayOf, userRows } from '../services/clients.ts';
import { homeTimeZone } from '../services/daily-progress.ts';
import type { Notices } from './notices.ts';
import { instantOf, nextOccurrence } from './schedule.ts';

export const REMINDER_KINDS = ['weighIn', 'trackingEvening', 'checkInDay'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const isReminderKind = (kind: string): kind is ReminderKind => (REMINDER_KINDS as readonly string[]).includes(kind);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
/** A client with no weigh-in day chosen is looked at again a day later (a row that is never sent). */
const NO_DAY_KEY = 'none';

type Person = Pick<UserRow, 'id' | 'countryCode' | 'timeZone' | 'weighInTime' | 'weighInDays' | 'checkInDay' | 'createdAt'>;

export const zoneOf = (person: Pick<UserRow, 'timeZone' | 'countryCode'>) => person.timeZone ?? homeTimeZone(person.countryCode);

/** When the reminder next falls due after `after`, for its local date, and until when it is still worth sending. */
export function nextReminder(kind: ReminderKind, person: Person, after: number): { key: string; dueAt: number; notAfter: number | null } | null {
  const zone = zoneOf(person);
  const next =
    kind === 'weighIn'
      ? nextOccurrence(zone, person.weighInTime ?? DEFAULT_WEIGH_IN_TIME, person.weighInDays ?? DEFAULT_WEIGH_IN_DAYS, after)
      : kind === 'trackingEvening'
        ? nextOccurrence(zone, '20:00', EVERY_DAY, after)
        : nextOccurrence(zone, '09:00', [checkInDayOf(person)], after);
  if (!next) return null;
  // A weigh-in reminder is worth it for two hours; the evening one until the day ends; the check-in's for the day.
  const midnight = instantOf(zone, new Date(Date.parse(`${next.localDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), '00:00');
  const notAfter = kind === 'weighIn' ? next.dueAt + 2 * HOUR_MS : midnight;
  return { key: next.localDate, dueAt: next.dueAt, notAfter };
}

export function createReminders(db: SqlDatabase, notices: Notices, now: () => number) {
  const reminders = {
    /**
     * Looks at the next `chunk` clients by id after `after` and gives each one missing a reminder
     * of a kind their next one; the last id looked at, or null past the last client. A client
     * whose next one cannot be made now is looked at again on the next pass.
     */
    async scheduleMissing(after: string, chunk: number): Promise<string | null> {
      const ids = await db.all<{ id: string }>("SELECT id FROM users WHERE role = 'user' AND id > ? ORDER BY id LIMIT ?", [after, chunk]);
      const last = ids.at(-1)?.id;
      if (last === undefined) return null;
      for (const kind of REMINDER_KINDS) {
        const rows = await db.all<Record<string, unknown>>(
          `SELECT u.* FROM users u WHERE u.role = 'user' AND u.id > ? AND u.id <= ?
             AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.user_id = u.id AND n.kind = ? AND n.done_at IS NULL)`,
          [after, last, kind],
        );
        if (rows.length === 0) continue;
        // One transaction a chunk: a first start with many clients writes their reminders in a few commits.
        await db.transaction(async () => {
          for (const row of rows) {
            const person = userRows.decode(row);
            // An occurrence already handled (the time moved later on a day whose reminder went out) is passed for the one after.
            let from = now();
            for (let tries = 0; tries < 8; tries++) {
              const next = nextReminder(kind, person, from) ?? { key: `${NO_DAY_KEY}:${localDateIn(zoneOf(person), new Date(from + DAY_MS))}`, dueAt: from + DAY_MS, notAfter: null };
              if (await notices.schedule({ userId: person.id, kind, key: next.key, dueAt: next.dueAt, notAfter: next.notAfter, payload: '{}' })) break;
              from = next.dueAt;
            }
          }
        });
      }
      return last;
    },

    /**
     * Whether this instance makes the pass now: true for one caller each `everyMs` among all the
     * instances on the database (the upsert that moves the next turn on is atomic on both), so
     * several instances do not each walk every client every minute.
     */
    async takePassTurn(everyMs: number): Promise<boolean> {
      const at = now();
      const { changes } = await db.run(
        "INSERT INTO scheduled_runs (name, next_at) VALUES ('reminders', ?) ON CONFLICT (name) DO UPDATE SET next_at = excluded.next_at WHERE scheduled_runs.next_at <= ?",
        [at + everyMs, at],
      );
      return changes === 1;
    },

    /**
     * Every client, a chunk at a time (`scheduleMissing`), `pause` between chunks: the scheduler
     * yields the event loop there, so that a pass over 100,000 clients is many short blocks rather
     * than one long one (bench/notices.bench.ts). `stop` ends the pass early (a shutdown).
     */
    async scheduleAllMissing(chunk: number, pause: () => Promise<unknown> = async () => {}, stop: () => boolean = () => false): Promise<void> {
      for (let after: string | null = ''; after !== null && !stop(); ) {
        after = await reminders.scheduleMissing(after, chunk);
        if (after !== null) await pause();
      }
    },

    /** Takes back the reminders waiting for a client whose time, days, zone or check-in day changed: the next ones follow the change. */
    async reschedule(userId: string, kinds: readonly ReminderKind[] = REMINDER_KINDS): Promise<void> {
      await db.run(`DELETE FROM notices WHERE user_id = ? AND done_at IS NULL AND kind IN (${kinds.map(() => '?').join(', ')})`, [userId, ...kinds]);
    },
  };
  return reminders;
}

export type Reminders = ReturnType<typeof createReminders>;
