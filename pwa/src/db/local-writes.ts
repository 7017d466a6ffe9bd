import { createClock } from '#protocol/clock/hlc.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { loadMutators, mutatorNamed, type Envelope, type Mutation, type MutationArgs, type MutationName } from '#protocol/mutations/envelope.ts';
import { applyLocally } from '#protocol/replica.ts';
import { dexieStore } from './replica-store.ts';
import { newDeviceId, type UserDb } from './user-db.ts';

let zone: { name: string; readAt: number } | null = null;

/**
 * The device's IANA time zone: the day a change belongs to is the device's calendar day. Read
 * again at most once a minute (a traveller's day follows them).
 */
export function deviceTimeZone(): string {
  const now = Date.now();
  if (!zone || now - zone.readAt > 60_000) zone = { name: Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo', readAt: now };
  return zone.name;
}

export const todayLocalDate = (now = new Date()) => localDateIn(deviceTimeZone(), now);

/**
 * Applies a change to the local data and appends it to the outbox in one IndexedDB transaction:
 * either both happen or neither. The seq and the HLC are read and advanced inside the same
 * transaction, so two tabs writing at once still get distinct, increasing values.
 *
 * Few round trips (ADR 014, "a weight recorded on the device"): the device's counters are read
 * together, then the change is applied while the outbox and counter writes go out. Each round trip
 * waits for the main thread, the first one for the frame that follows the click.
 */
export async function recordMutation<N extends MutationName>(db: UserDb, name: N, args: MutationArgs[N], at: Date = new Date()): Promise<Mutation> {
  const started = performance.now();
  let committed: Promise<number> | number = Number.NaN;
  // The workout's mutators load with their first write; every other write finds its own at once.
  if (!mutatorNamed(name)) await loadMutators([name]);
  const mutator = mutatorNamed(name);
  if (!mutator) throw new Error(`unknown mutation ${name}`);
  // Only the tables this change touches (a workout row's with `figuresDue`, where the replica store
  // notes its session): a wider scope would wait behind every live query.
  const mutation = await db.transaction('rw', [db.meta, db.outbox, ...mutator.tables.flatMap((table) => (table.startsWith('workout') ? [db.table(table), db.figuresDue] : db.table(table)))], async (tx) => {
    // The commit itself: the time stamp of IndexedDB's complete event. Dexie's own listener runs
    // first (its live queries' invalidation with it) and resumes this function before this one has
    // run, so the measure below waits for it. Inside another's transaction (a photo's files with
    // their record) the commit is that one's, after this function returns: no wait.
    if (!tx.parent) committed = new Promise((resolve) => tx.idbtrans.addEventListener('complete', (event) => resolve(event.timeStamp)));
    const timeZone = deviceTimeZone();
    const localDate = localDateIn(timeZone, at);
    const [deviceEntry, seqEntry, hlcEntry] = await db.meta.bulkGet(['deviceId', 'nextSeq', 'hlc']);
    const deviceId = (deviceEntry?.value as string | undefined) ?? newDeviceId();
    const seq = (seqEntry?.value as number | undefined) ?? 1;
    const clock = createClock(deviceId, () => at.getTime(), hlcEntry?.value as string | undefined);
    const mutation = {
      deviceId,
      seq,
      id: uuidv7(at.getTime()),
      name,
      version: mutator.version,
      args,
      hlc: clock.now(),
      localDate,
      timeZone,
    } as Envelope<N> as Mutation;
    await Promise.all([
      applyLocally(dexieStore(db), mutation, at.getTime()),
      db.outbox.add(mutation),
      db.meta.bulkPut([
        { key: 'deviceId', value: deviceId },
        { key: 'nextSeq', value: seq + 1 },
        { key: 'hlc', value: clock.last() },
      ]),
    ]);
    return mutation;
  });
  const committedAt = await committed;
  // User Timing entry, from the call to the commit: shows in devtools; `npm run bench` reads it.
  const resumed = performance.now();
  // (Where the complete event's time stamp is not on this clock, as in some test environments: the resumption.)
  performance.measure(LOCAL_WRITE_MEASURE, { start: started, end: committedAt >= started && committedAt <= resumed ? committedAt : resumed });
  return mutation;
}

export const LOCAL_WRITE_MEASURE = 'leve:local-write';
/** User Timing mark: the weight dialog's Save handler starts (`npm run bench` splits its figure there). */
export const WEIGHT_SUBMIT_MARK = 'leve:weight-submit';
