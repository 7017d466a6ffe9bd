/**
 * Merge rules per entity (ARCHITECTURE §3), pure and storage-agnostic: the mutators (../mutations)
 * run them on rows read from SQLite on the server and from IndexedDB on the device.
 * Each takes the current row (or undefined) and returns the row to store, or why the mutation
 * is rejected.
 */
import type { ErrorCode } from '../errors.ts';
import { canCompleteDay, NEUTRAL_LEVEL } from '../domain/daily-progress.ts';
import type { ProgressField, ProgressSetArgs } from '../mutations/progress-set.ts';
import type { PhotoType } from '../mutations/fields.ts';
import type { MeasurementUpdateArgs } from '../mutations/measurement-update.ts';
import type { WeightUpdateArgs } from '../mutations/weight-update.ts';

export type Outcome<T> = { ok: true; row: T; changed: boolean } | { ok: false; code: ErrorCode };

const unchanged = <T>(row: T): Outcome<T> => ({ ok: true, row, changed: false });
export const changed = <T>(row: T): Outcome<T> => ({ ok: true, row, changed: true });
export const rejected = (code: ErrorCode): Outcome<never> => ({ ok: false, code });

// ── Weight records: client UUIDv7 keys; weight and notes can be corrected, each field
// last-writer-wins by HLC (ADR 015); delete is a tombstone and wins over everything. ──

export const WEIGHT_RECORD_FIELDS = ['weight', 'notes'] as const;
export type WeightRecordField = (typeof WEIGHT_RECORD_FIELDS)[number];

export interface WeightRecord {
  id: string;
  weight: number;
  notes: string | null;
  /** When the client recorded it (ISO instant). */
  createdAt: string;
  deleted: boolean;
  /**
   * The HLC of the last correction of each field; none for a field as first recorded (the add
   * comes before any correction of it, whatever the clocks say). Absent on rows stored before
   * corrections existed.
   */
  hlcs?: Partial<Record<WeightRecordField, string>>;
}

/**
 * Corrects the fields given, each only if this write is its latest (per-field last-writer-wins
 * by HLC, as daily progress). A correction of a deleted record changes nothing: the delete wins.
 * Replaying the same correction is a no-op (its HLC is no longer greater).
 */
export function applyWeightUpdate(current: WeightRecord | undefined, args: WeightUpdateArgs, hlc: string): Outcome<WeightRecord> {
  return applyFieldCorrections(current, args, WEIGHT_RECORD_FIELDS, hlc);
}

/**
 * Per-field last-writer-wins of a correctable row (weight records, body measurements): each field
 * given is set only if this write is its latest; a deleted row stays deleted.
 */
export function applyFieldCorrections<Row extends { deleted: boolean; hlcs?: Partial<Record<F, string>> }, F extends string & keyof Row>(
  current: Row | undefined,
  args: Partial<Record<F, unknown>>,
  fields: readonly F[],
  hlc: string,
): Outcome<Row> {
  if (!current) return rejected('NOT_FOUND');
  if (current.deleted) return unchanged(current);
  const hlcs: Partial<Record<F, string>> = { ...current.hlcs };
  const next: Row = { ...current, hlcs };
  let any = false;
  for (const field of fields) {
    const value = args[field];
    if (value === undefined) continue;
    const previous = hlcs[field];
    if (previous !== undefined && hlc <= previous) continue;
    hlcs[field] = hlc;
    next[field] = value as Row[F];
    any = true;
  }
  return any ? changed(next) : unchanged(current);
}

export function applyWeightDelete(current: WeightRecord | undefined): Outcome<WeightRecord> {
  return applyTombstone(current);
}

/** A delete: a tombstone that wins over every correction, before or after it. */
export function applyTombstone<Row extends { deleted: boolean }>(current: Row | undefined): Outcome<Row> {
  if (!current) return rejected('NOT_FOUND');
  return current.deleted ? unchanged(current) : changed({ ...current, deleted: true });
}

// ── Body measurements (issue 21): as weight records, client UUIDv7 keys, each site corrected
// last-writer-wins by HLC, a delete a tombstone. Lengths in cm, body fat in %. ──

export const MEASUREMENT_FIELDS = ['waist', 'hip', 'chest', 'arm', 'thigh', 'neck', 'bodyFat'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];
/** The sites measured with a tape (cm); `bodyFat` is a percentage from a scale or a caliper. */
export const MEASUREMENT_SITES = ['waist', 'hip', 'chest', 'arm', 'thigh', 'neck'] as const satisfies readonly MeasurementField[];
export type MeasurementSite = (typeof MEASUREMENT_SITES)[number];

export interface BodyMeasurement extends Record<MeasurementField, number | null> {
  id: string;
  /** When the client measured (ISO instant). */
  createdAt: string;
  deleted: boolean;
  /** The HLC of the last correction of each field; none for a field as first recorded. */
  hlcs: Partial<Record<MeasurementField, string>>;
}

/** Corrects the sites given (`null` takes a value away), each only if this write is its latest. */
export function applyMeasurementUpdate(current: BodyMeasurement | undefined, args: MeasurementUpdateArgs, hlc: string): Outcome<BodyMeasurement> {
  return applyFieldCorrections(current, args, MEASUREMENT_FIELDS, hlc);
}

export function applyMeasurementDelete(current: BodyMeasurement | undefined): Outcome<BodyMeasurement> {
  return applyTombstone(current);
}

// ── Daily progress: one row per local date, per-field last-writer-wins by HLC, monotonic completion. ──

export interface DailyProgress {
  localDate: string;
  workoutCompleted: boolean;
  dietFollowed: boolean;
  mood: number;
  energy: number;
  isCompleted: boolean;
  /** The HLC of the write that set each field, and of the completion. */
  hlcs: Partial<Record<ProgressField | 'completed', string>>;
}

export const emptyDay = (localDate: string): DailyProgress => ({
  localDate,
  workoutCompleted: false,
  dietFollowed: false,
  mood: NEUTRAL_LEVEL,
  energy: NEUTRAL_LEVEL,
  isCompleted: false,
  hlcs: {},
});

/**
 * Sets one field if this write is the latest for it. Once the day is complete, a write made after
 * the completion (a higher HLC) is rejected; one made before it, on a device that was offline,
 * still takes part in last-writer-wins, so the outcome does not depend on arrival order.
 */
export function applyProgressSet(current: DailyProgress | undefined, localDate: string, args: ProgressSetArgs, hlc: string): Outcome<DailyProgress> {
  const day = current ?? emptyDay(localDate);
  const completedAt = day.hlcs.completed;
  if (day.isCompleted && completedAt !== undefined && hlc > completedAt) return rejected('DAY_LOCKED');
  const previous = day.hlcs[args.field];
  if (previous !== undefined && hlc <= previous) return unchanged(day);
  return changed({ ...day, [args.field]: args.value, hlcs: { ...day.hlcs, [args.field]: hlc } });
}

/** Completes the day when both are checked and mood or energy is not neutral; completion is never undone. */
export function applyProgressComplete(current: DailyProgress | undefined, localDate: string, hlc: string): Outcome<DailyProgress> {
  const day = current ?? emptyDay(localDate);
  if (day.isCompleted) return unchanged(day);
  if (!canCompleteDay(day)) return rejected('DAY_NOT_COMPLETE');
  return changed({ ...day, isCompleted: true, hlcs: { ...day.hlcs, completed: hlc } });
}

// ── Profile: per-field last-writer-wins by HLC. ──

export function applyProfileFields<T extends Record<string, unknown>>(
  hlcs: Record<string, string>,
  fields: Partial<T>,
  hlc: string,
): { updates: Partial<T>; hlcs: Record<string, string> } {
  const updates: Partial<T> = {};
  const next = { ...hlcs };
  for (const field of Object.keys(fields) as (keyof T & string)[]) {
    if (fields[field] === undefined) continue;
    const previous = next[field];
    if (previous !== undefined && hlc <= previous) continue;
    updates[field] = fields[field];
    next[field] = hlc;
  }
  return { updates, hlcs: next };
}

// ── Notifications: read is monotonic. ──

export interface NotificationReadState {
  id: string;
  read: boolean;
}

export function applyNotificationRead<T extends NotificationReadState>(current: T | undefined): Outcome<T> {
  if (!current) return rejected('NOT_FOUND');
  return current.read ? unchanged(current) : changed({ ...current, read: true });
}

// ── Photos (issue 21): the record of a photo taken on the device, keyed by a client UUIDv7. Its
// bytes travel apart, uploaded once the record is on the server; `stored` says they have all
// arrived. A delete is a tombstone; nothing else about a photo changes. A progress photo has a
// pose; a message's photo (issue 22) is the same record of another kind, sent with its message. ──

export const PHOTO_POSES = ['front', 'side', 'back'] as const;
export type PhotoPose = (typeof PHOTO_POSES)[number];

interface PhotoFields {
  id: string;
  /** When it was taken (ISO instant). */
  createdAt: string;
  /** The type of both the photo and its thumbnail, as the device encoded them. */
  contentType: PhotoType;
  /** Sizes of the photo and of its thumbnail, as the device made them: an upload must match. */
  bytes: number;
  thumbnailBytes: number;
  width: number;
  height: number;
  /** Whether the server holds both files (set by the server when the last byte arrives). */
  stored: boolean;
  deleted: boolean;
}

export interface ProgressPhoto extends PhotoFields {
  kind: 'progress';
  pose: PhotoPose;
}

/** A photo sent with a message: shown only in the thread, never in /progress. */
export interface MessagePhoto extends PhotoFields {
  kind: 'message';
  pose: null;
}

/** A row of the photos table: either kind (one record, one upload, one scope, one quota). */
export type PhotoRecord = ProgressPhoto | MessagePhoto;

export function applyPhotoDelete(current: PhotoRecord | undefined): Outcome<PhotoRecord> {
  // Only a progress photo is deleted by itself; a message's goes with its message.
  return current?.kind === 'message' ? rejected('NOT_FOUND') : applyTombstone(current);
}

/** A message's photo is deleted with its message, and only so. */
export function applyMessagePhotoDelete(current: PhotoRecord | undefined): Outcome<PhotoRecord> {
  return current?.kind === 'message' ? applyTombstone(current) : rejected('NOT_FOUND');
}

// ── Messages (issue 22): one thread per client with their coaching team. A message is keyed by
// the sender's UUIDv7 and never corrected; `sentAt` is the server's receipt (the order both sides
// show, and the start of the sender's five minutes to delete it). A delete is a tombstone that
// empties the text, so it disappears for both sides. ──

export const MESSAGE_SENDERS = ['client', 'coach'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** The 1-to-5 scores of a weekly check-in (issue 22, part 2), in the form's order. */
export const CHECK_IN_SCORES = ['dietAdherence', 'workoutAdherence', 'hunger', 'sleep', 'stress', 'energy'] as const;
export type CheckInScore = (typeof CHECK_IN_SCORES)[number];

/** A coach's own question and the client's answer, the question's words kept as they were asked. */
export interface CheckInAnswer {
  question: string;
  answer: string;
}

/**
 * A weekly check-in (issue 22, part 2): written once by the client (never corrected), reviewed
 * by the coach (`reviewedAt`, set on the server). `week` is the check-in day that began the
 * client's week (sync-protocol/domain/check-ins.ts).
 */
export interface CheckIn extends Record<CheckInScore, number> {
  id: string;
  week: string;
  createdAt: string;
  /** kg, as the client gave it (pre-filled from their latest weigh-in). */
  weight: number | null;
  note: string | null;
  answers: CheckInAnswer[];
  reviewedAt: string | null;
}

/** How long after it reached the server a message can still be deleted by its sender. */
export const MESSAGE_DELETE_WINDOW_MS = 5 * 60 * 1000;

export interface Message {
  id: string;
  /** When the sender wrote it, by their device (ISO instant). */
  createdAt: string;
  /** When the server received it (ISO instant); on a device, until pulled, that device's own clock. */
  sentAt: string;
  from: MessageSender;
  /** The coach's name as they signed it; null for the client's own. */
  senderName: string | null;
  /** The text; may be empty when the message is a photo. */
  body: string;
  /** The photo sent with it (a `MessagePhoto` of the same user), or null. */
  photoId: string | null;
  deleted: boolean;
}

/**
 * A sender's delete: only their own, within five minutes of its receipt; the text goes with it.
 * Its photo goes too (the mutator tombstones the photo's row; the server erases the files).
 */
export function applyMessageDelete(current: Message | undefined, by: MessageSender, now: number): Outcome<Message> {
  if (!current || current.from !== by) return rejected('NOT_FOUND');
  if (current.deleted) return unchanged(current);
  if (now - Date.parse(current.sentAt) > MESSAGE_DELETE_WINDOW_MS) return rejected('MESSAGE_DELETE_EXPIRED');
  return changed({ ...current, body: '', deleted: true });
}

/** The key of a client's one thread in their own rows (the server keys it by the client). */
export const THREAD_ID = 'thread';

/**
 * Where each side has read the thread up to (issue 22), one row per client: a message is read by
 * the other side when its `sentAt` is at or before their mark. A mark only moves forward, so marks
 * from two devices, or from a tab behind, merge to the later one.
 */
export interface MessageThread {
  /** Always THREAD_ID. */
  id: string;
  clientReadUpTo: string | null;
  coachReadUpTo: string | null;
}

export function applyReadMark(current: MessageThread | undefined, side: MessageSender, upTo: string): Outcome<MessageThread> {
  const key = side === 'client' ? 'clientReadUpTo' : 'coachReadUpTo';
  const mark = current?.[key] ?? null;
  if (current && mark !== null && Date.parse(mark) >= Date.parse(upTo)) return unchanged(current);
  return changed({ ...(current ?? { id: THREAD_ID, clientReadUpTo: null, coachReadUpTo: null }), [key]: upTo });
}
