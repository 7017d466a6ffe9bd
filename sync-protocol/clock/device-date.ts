/**
 * How far ahead a device's calendar can truly be (issue 46). No time zone is more than 14 hours
 * ahead of UTC (Kiribati, UTC+14), so no device anywhere is past the server's UTC date plus one
 * day. A later device date is a wrong calendar, not a place: what it dates is refused and the
 * user told, rather than filed years ahead. A date behind is not capped: a change made offline
 * long ago is sent late.
 */

const DAY_MS = 86_400_000;

/** The latest calendar day any time zone is on at `now` (ms since the epoch): UTC's tomorrow. */
export const latestDeviceDate = (now: number): string => new Date(now + DAY_MS).toISOString().slice(0, 10);

/** Whether a device's 'YYYY-MM-DD' is later than any time zone's today at `now`. */
export const isDeviceDateAhead = (localDate: string, now: number): boolean => localDate > latestDeviceDate(now);
