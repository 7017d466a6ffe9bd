/**
 * When a reminder falls due, in the person's own zone (issue 50, ADR 032 "Scheduled in the
 * database"): a local wall time turned into an instant across daylight-saving changes, the next
 * occurrence of a weekly reminder, and quiet hours that hold a notice until they end.
 */
import { localDateIn, weekdayOf } from '#protocol/domain/daily-progress.ts';
import { isWallTime, type WallTime } from '#protocol/domain/notice-choices.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const minutesOf = (time: WallTime) => {
  if (!isWallTime(time)) throw new RangeError(`Not an 'HH:MM' time: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
};

/** One formatter per zone (building one costs far more than using one); bounded, as zone names come from devices. */
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `instant`, read as if it were UTC: the offset is the difference. */
function wallAsUtc(timeZone: string, instant: number): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    if (wallFormats.size >= 1000) wallFormats.clear();
    wallFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year as number, (parts.month as number) - 1, parts.day, parts.hour, parts.minute, parts.second);
}

const offsetAt = (timeZone: string, instant: number) => wallAsUtc(timeZone, Math.floor(instant / 1000) * 1000) - Math.floor(instant / 1000) * 1000;

/**
 * The instant the zone's clocks read `time` on `localDate`. A time a change skips (02:30 when New
 * York's clocks go from 02:00 to 03:00) is the instant it would have been, which the clocks call
 * 03:30; a time a change repeats (01:30 when they go back from 02:00 to 01:00) is its first.
 */
export function instantOf(timeZone: string, localDate: string, time: WallTime): number {
  const wall = Date.parse(`${localDate}T00:00:00Z`) + minutesOf(time) * MINUTE_MS;
  if (Number.isNaN(wall)) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${localDate}`);
  // Zones change their offset at most once in two days: the offsets a day either side bracket it.
  const before = wall - offsetAt(timeZone, wall - DAY_MS);
  const after = wall - offsetAt(timeZone, wall + DAY_MS);
  const reads = (instant: number) => wallAsUtc(timeZone, instant) === wall;
  if (reads(before) && reads(after)) return Math.min(before, after);
  if (reads(after)) return after;
  return before;
}

/**
 * The next instant after `after` at which a weekly reminder set for `time` on `weekdays` (0 is
 * Sunday) falls due in the zone, with the local date it belongs to; null when no day is chosen.
 */
export function nextOccurrence(timeZone: string, time: WallTime, weekdays: readonly number[], after: number): { localDate: string; dueAt: number } | null {
  if (weekdays.length === 0) return null;
  const today = Date.parse(`${localDateIn(timeZone, new Date(after))}T00:00:00Z`);
  for (let day = 0; day <= 7; day++) {
    const localDate = new Date(today + day * DAY_MS).toISOString().slice(0, 10);
    if (!weekdays.includes(weekdayOf(localDate))) continue;
    const dueAt = instantOf(timeZone, localDate, time);
    if (dueAt > after) return { localDate, dueAt };
  }
  return null;
}

/**
 * When a notice due at `dueAt` may be sent: then, or at the end of the person's quiet hours when
 * it falls inside them (`start` to `end`, across midnight when `start` is later; none when equal).
 */
export function afterQuietHours(timeZone: string, dueAt: number, start: WallTime, end: WallTime): number {
  const [from, to] = [minutesOf(start), minutesOf(end)];
  if (from === to) return dueAt;
  const localDate = localDateIn(timeZone, new Date(dueAt));
  const minute = Math.floor((wallAsUtc(timeZone, dueAt) - Date.parse(`${localDate}T00:00:00Z`)) / MINUTE_MS);
  const quiet = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!quiet) return dueAt;
  // Quiet hours that began the evening before end this morning; those begun tonight, tomorrow.
  const endsOn = from > to && minute >= from ? new Date(Date.parse(`${localDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10) : localDate;
  return instantOf(timeZone, endsOn, end);
}
