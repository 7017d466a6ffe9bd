/**
 * What "compare two dates" (issue 21) puts side by side: the days with photos, and for a day the
 * weight and each body measurement as they stood then (the newest record up to that day's end).
 */
import { MEASUREMENT_FIELDS, type BodyMeasurement, type MeasurementField, type PhotoPose, type ProgressPhoto, type WeightRecord } from '#protocol/conflict/rules.ts';

export interface PhotoDay {
  /** The device's calendar day (YYYY-MM-DD). */
  day: string;
  /** The newest photo of each pose that day. */
  poses: Partial<Record<PhotoPose, ProgressPhoto>>;
}

/** Days with photos, newest first; `dayOf` gives an instant's calendar day in the device's zone. */
export function photoDays(photos: readonly ProgressPhoto[], dayOf: (instant: string) => string): PhotoDay[] {
  const days = new Map<string, PhotoDay>();
  const newestFirst = [...photos].filter((photo) => !photo.deleted).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const photo of newestFirst) {
    const day = dayOf(photo.createdAt);
    const entry = days.get(day) ?? { day, poses: {} };
    entry.poses[photo.pose] ??= photo;
    days.set(day, entry);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

/** Where a day stood: the newest weight and each site's newest value recorded up to that day's end. */
export function standingOn(
  day: string,
  dayOf: (instant: string) => string,
  weights: readonly WeightRecord[],
  measurements: readonly BodyMeasurement[],
): { weight: number | null } & Record<MeasurementField, number | null> {
  const upTo = <T extends { createdAt: string; deleted: boolean }>(rows: readonly T[]) =>
    rows.filter((row) => !row.deleted && dayOf(row.createdAt) <= day).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const weight = upTo(weights).at(-1)?.weight ?? null;
  const sites = upTo(measurements);
  const values = Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, sites.findLast((row) => row[field] !== null)?.[field] ?? null]));
  return { weight, ...(values as Record<MeasurementField, number | null>) };
}
