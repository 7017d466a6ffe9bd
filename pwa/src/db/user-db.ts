import Dexie, { type Table } from 'dexie';
import type { DailyProgress, WeightRecord } from '#protocol/conflict/rules.ts';
import type { ErrorCode } from '#protocol/errors.ts';
import type { Mutation } from '#protocol/mutations/envelope.ts';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { ProfileDto } from '#protocol/contract/clients.ts';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';
import { SYNCED_TABLE_NAMES, SYNCED_TABLES, type SyncedRows, type SyncedTable, type SyncedTableName } from '#protocol/tables.ts';
import type { WorkoutSet } from '#protocol/conflict/workout.ts';

export interface MetaEntry {
  key: 'deviceId' | 'nextSeq' | 'hlc' | 'cursor' | 'ackedSeq' | 'lastSyncAt';
  value: string | number;
}

/**
 * A change of this user's that the server refused, kept until a page has shown it and the user
 * has dismissed it: whichever context synced (a tab, the service worker), every open page sees
 * it through the database, and one that arrives with no page open is shown at the next open.
 */
export interface Refusal {
  /** The refused mutation's id. */
  id: string;
  mutation: Mutation;
  code: ErrorCode;
  /** When this device heard of it (ISO instant). */
  refusedAt: string;
}

/**
 * One of a photo's two files as this device made it (issue 21, and a message's, issue 22): kept
 * here, never synced, so the photo shows at once and offline, and uploaded once the photo's record
 * is on the server.
 * The bytes stay after the upload: the owner's own photos keep showing with no network.
 */
export interface PhotoFile {
  /** `<photo id>:<kind>`. */
  key: string;
  photoId: string;
  kind: 'image' | 'thumbnail';
  contentType: string;
  bytes: ArrayBuffer;
  /** Still to upload, all of it on the server, or refused (indexed: a sync reads only the files it sends). */
  state: 'waiting' | 'sent' | 'refused';
  /** Why the server refused it (quota, type): the upload stops and the user is told. */
  failure: ErrorCode | null;
}

/** An exercise of the session that lifted something under this row's name: where it sits, and how many of the row's sets are its. */
export interface ExercisePart {
  position: number;
  id: string;
  sets: number;
}

/** A row of `exerciseSessions` (features/workout/exercise-sessions.ts): `id` is `exerciseSessionId(sessionId, exerciseKey)`. */
export interface ExerciseSessionRow {
  id: string;
  sessionId: string;
  /** The session's, kept with its figures: a change to the session notes it due as its sets' do. */
  startedAt: string;
  endedAt: string | null;
  exerciseKey: string;
  /** The name shown that day (its first exercise's under this key). */
  name: string;
  /** The exercises of this name in the session's order, each with its sets done; sets gives them in the same order. */
  parts: ExercisePart[];
  sets: Pick<WorkoutSet, 'reps' | 'loadKg' | 'seconds'>[];
  best: Pick<WorkoutSet, 'reps' | 'loadKg' | 'seconds'> | null;
  oneRepMaxKg: number | null;
  volumeKg: number;
  heaviestKg: number | null;
}

/** Where the server keeps a photo's file: read by the screens, written by the upload (sync/photo-uploads.ts). */
export const serverPhotoUrl = (photoId: string, kind: PhotoFile['kind']) => `/api/photos/${encodeURIComponent(photoId)}/${kind}`;

export const photoFileKey = (photoId: string, kind: PhotoFile['kind']) => `${photoId}:${kind}`;

/**
 * The device's own stores, by the version that declared or changed them (the synced tables are
 * declared beside them): v1 the device's own stores; v2 the user's subscriptions, pulled
 * read-only, so the content gate works offline; v3 diet translations for es-AR and en-US, so a
 * translated diet reads the same offline; v4 refused changes, to be told to the user (ADR 007);
 * v5 drops v3's (see the constructor); v7 the files of progress photos taken here (issue 21),
 * local only; v11 the exercises' figures per session and the sessions whose figures are due
 * (ADR 030), local only.
 */
export const LOCAL_STORES: StoresByVersion = {
  1: { meta: 'key', outbox: 'seq', profile: 'id', diets: 'id', workouts: 'id' },
  2: { subscriptions: 'id, endDate' },
  3: { translations: 'key' },
  4: { refusals: 'id, refusedAt' },
  5: { translations: null },
  7: { photoFiles: 'key, photoId, [kind+state]' },
  11: { figuresDue: '', exerciseSessions: 'id, sessionId, exerciseKey' },
};

/**
 * One IndexedDB database per signed-in user, so the next person on the same browser never sees
 * the previous one's data. Versions are numbered; a new version adds its upgrade below.
 */
export class UserDb extends Dexie {
  declare meta: Table<MetaEntry, MetaEntry['key']>;
  /** Changes made here and not yet acknowledged by the server, in seq order. */
  declare outbox: Table<Mutation, number>;
  // Typed shortcuts to synced tables the screens read (any synced table: `synced(name)`).
  declare weightRecords: Table<WeightRecord, string>;
  declare dailyProgress: Table<DailyProgress, string>;
  declare notifications: Table<NotificationDto, string>;
  declare profile: Table<ProfileDto, string>;
  declare diets: Table<DietPlanDto, string>;
  declare workouts: Table<WorkoutPlanDto, string>;
  declare subscriptions: Table<SubscriptionDto, string>;
  declare refusals: Table<Refusal, string>;
  declare photoFiles: Table<PhotoFile, string>;
  /**
   * The workout sessions whose exercises' figures are to compute again, by id, the key alone (ADR 030): the replica store
   * notes a session here with each write of its rows, in the write's transaction; the workout's
   * screens bring `exerciseSessions` up to date from them (`features/workout/exercise-sessions.ts`). Local only.
   */
  declare figuresDue: Table<unknown, string>;
  /** Each exercise's figures in each session, derived from the workout rows (`features/workout/exercise-sessions.ts`). Local only. */
  declare exerciseSessions: Table<ExerciseSessionRow, string>;

  /** `indexedDB` stands for another browser's storage in tests of several devices. */
  constructor(readonly userId: string, indexedDB?: IDBFactory) {
    super(userDbName(userId), indexedDB ? { indexedDB } : undefined);
    declareStores(this, LOCAL_STORES);
    // v5: plans arrive structured and translated (ADR 024). A copy pulled before has no `content`:
    // it is dropped and the next pull starts from the beginning, bringing every plan back in the
    // new shape. The texts translated on the device (v3) are no longer asked for.
    this.version(5).upgrade(async (tx) => {
      const unstructured = (plan: { content?: unknown }) => plan.content === undefined;
      const dropped = (await tx.table('diets').filter(unstructured).delete()) + (await tx.table('workouts').filter(unstructured).delete());
      if (dropped > 0) await tx.table('meta').put({ key: 'cursor', value: 0 });
    });
    // Versions whose new synced tables are pulled from the start (the next pull starts over):
    // v6 body measurements (issue 21): a build before them skipped their rows in a pull while its
    // cursor moved past them (another device may have sent some); v8 messages and their read marks
    // (issue 22); v9 weekly check-ins (issue 22, part 2); v10 workout sessions, their exercises and
    // sets (issue 48); v11 the names an exercise goes by (ADR 030), written by the server before the
    // table existed. (v11's exercises' figures, empty while sessions are held, are built whole by /workout.)
    for (const version of [6, 8, 9, 10, 11]) this.version(version).upgrade((tx) => tx.table('meta').put({ key: 'cursor', value: 0 }));
  }

  /** A synced table (#protocol/tables.ts), by name. */
  synced<N extends SyncedTableName>(name: N): Table<SyncedRows[N], string> {
    return this.table(name);
  }

  /** Tables a local write or a pull touches, for one transaction. */
  get replicaTables() {
    return [this.meta, this.outbox, ...SYNCED_TABLE_NAMES.map((name) => this.synced(name)), this.profile, this.diets, this.workouts, this.subscriptions, this.figuresDue, this.exerciseSessions];
  }

  async getMeta<T extends string | number>(key: MetaEntry['key']): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  setMeta(key: MetaEntry['key'], value: string | number) {
    return this.meta.put({ key, value });
  }
}

type StoresByVersion = Record<number, Record<string, string | null>>;

/**
 * Declares the stores of each version, with the synced tables (#protocol/tables.ts) in the
 * version that added each: a new one names the next version in its `since`, and Dexie creates its
 * store when a device upgrades. One `stores()` per version: Dexie parses the schema of every
 * version declared so far at each call, and a call per table made the database's declaration a
 * long task of a first visit (ADR 026). `version(n)` itself calls `stores({})` when it creates the
 * version, so every version is created first, while none has a store to parse, and the stores are
 * given newest first, so the early calls parse only the newest versions' few stores: half the
 * work of declaring them in order, to the same schema.
 */
export function declareStores(db: Dexie, local: StoresByVersion, tables: Readonly<Record<string, SyncedTable<never>>> = SYNCED_TABLES): void {
  const byVersion = new Map<number, Record<string, string | null>>(Object.entries(local).map(([version, stores]) => [Number(version), { ...stores }]));
  for (const [name, { key, indexes, since }] of Object.entries(tables)) byVersion.set(since, { ...byVersion.get(since), [name]: [key, ...indexes].join(', ') });
  const newestFirst = [...byVersion.keys()].sort((a, b) => b - a);
  for (const version of newestFirst) db.version(version);
  for (const version of newestFirst) db.version(version).stores(byVersion.get(version) ?? {});
}

export const userDbName = (userId: string) => `leve-user-${userId}`;

/** A device id for this browser and user: the server keys idempotency on (deviceId, seq). */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `web_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
