/** The sync endpoints' answers (ARCHITECTURE §3, ADR 007): push results and pull pages. */
import type { Gate } from '../domain/subscription-time.ts';
import type { ErrorCode } from '../errors.ts';
import type { ProfileDto } from './clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from './plans.ts';
import type { SubscriptionDto } from './subscriptions.ts';
import type { SyncedRows } from '../tables.ts';

export type MutationStatus =
  | { seq: number; id: string | null; status: 'applied' | 'duplicate' }
  | { seq: number; id: string | null; status: 'rejected'; code: ErrorCode };

/** POST /api/sync/push. */
export interface PushResult {
  lastSeq: number;
  results: MutationStatus[];
  /** Set when a mutation was missing: the device must resend from `expected`. */
  gap: { expected: number } | null;
}

/** A row the user may no longer see (deleted, or behind the content gate). */
export type Tombstone = { id: string; deleted: true };
export const isTombstone = (row: { id: string }): row is Tombstone => (row as Partial<Tombstone>).deleted === true && Object.keys(row).length === 2;

/** What changed after a cursor, scoped to the user: each synced table's rows (../tables.ts), and the rest. */
export type PulledChanges = { [N in keyof SyncedRows]: SyncedRows[N][] } & {
  profile: ProfileDto | null;
  diets: (DietPlanDto | Tombstone)[];
  workouts: (WorkoutPlanDto | Tombstone)[];
  /** Read-only: the device gates diet and workout by its own copy (SPEC §4). */
  subscriptions: SubscriptionDto[];
};

/** GET /api/sync/pull. */
export interface PullResult {
  cursor: number;
  hasMore: boolean;
  /** The cursor is ahead of this server (restored from a backup): drop local data and pull from 0. */
  reset: boolean;
  lastSeq: number;
  serverTime: string;
  /** Whether diets and workouts are served now (SPEC §4 gating); devices gate what they hold by their own copy of the subscription. */
  gate: Gate;
  changes: PulledChanges;
}
