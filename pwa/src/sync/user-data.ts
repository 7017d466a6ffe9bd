/**
 * The signed-in user's offline data: opened after sign-in (this module is loaded lazily, so the
 * logged-out path never downloads Dexie or the sync engine) and closed at logout.
 */
import Dexie from 'dexie';
import { provideMutators, type MutationArgs, type MutationName } from '#protocol/mutations/envelope.ts';
import { useUserDb } from '#pwa/db/current.ts';
import { noteChangeSaved } from '#pwa/lib/install-prompt.ts';
import { firstDataArrived } from '#pwa/lib/service-worker.ts';
import { recordMutation } from '#pwa/db/local-writes.ts';
import { countPendingChanges } from '#pwa/db/pending-changes.ts';
import { recordPhoto, type PhotoFiles, type PhotoWrite } from '#pwa/db/photo-files.ts';
import { clearCurrentUserId, setCurrentUserId } from '#pwa/db/sw-registry.ts';
import { UserDb, userDbName } from '#pwa/db/user-db.ts';
import { startLiveUpdates } from './live-updates.ts';
import { createSyncController, useSyncStatus, type SyncController } from './sync-controller.ts';

// The workout's mutators, a chunk of their own: loaded for a write or a pending change of theirs.
provideMutators(() => import('#protocol/mutations/later-mutators.ts').then((m) => m.LATER_MUTATORS));

let controller: SyncController | null = null;
let stopLiveUpdates = () => {};

/** Hears of changes made elsewhere (another device, staff, a payment) while the app is open. */
function listenForChanges(db: UserDb) {
  stopLiveUpdates();
  stopLiveUpdates = startLiveUpdates(db, () => void controller?.syncNow());
}

export async function activateUserData(userId: string): Promise<void> {
  const current = useUserDb.getState().db;
  if (current?.userId === userId && controller) {
    // Signed in again after the session expired: send what waited.
    useSyncStatus.setState({ unauthorized: false });
    void controller.syncNow();
    listenForChanges(current);
    return;
  }
  deactivate();
  // Another account: nothing of the previous one's sync status is theirs.
  useSyncStatus.setState({ unauthorized: false, lastSyncAt: null });
  const db = new UserDb(userId);
  // Declaring the schema and opening it were one task of 20 ms on a first visit (ADR 026).
  await new Promise((resolve) => setTimeout(resolve));
  await db.open();
  await setCurrentUserId(userId);
  useUserDb.setState({ db });
  controller = createSyncController(db);
  // The first screen has its data: the service worker's install no longer competes with it.
  void controller.firstSync.then(firstDataArrived);
  listenForChanges(db);
  // Ask the browser not to evict offline changes under storage pressure.
  void navigator.storage?.persist?.().catch(() => false);
}

function deactivate() {
  stopLiveUpdates();
  stopLiveUpdates = () => {};
  controller?.stop();
  controller = null;
  useUserDb.getState().db?.close();
  useUserDb.setState({ db: null });
}

function signedInDb(): UserDb {
  const db = useUserDb.getState().db;
  if (!db) throw new Error('no signed-in user');
  return db;
}

function changed() {
  noteChangeSaved();
  controller?.changed();
}

/** Applies a change locally, queues it, and wakes the sync. */
export async function write<N extends MutationName>(name: N, args: MutationArgs[N]) {
  const mutation = await recordMutation(signedInDb(), name, args);
  changed();
  return mutation;
}

/**
 * Keeps a photo taken here with the mutation that brings its record (`photo.add`, or a message's
 * `message.send`, issue 22), and wakes the sync, which uploads its files after the record.
 */
export async function writePhoto(write: PhotoWrite, files: PhotoFiles) {
  const mutation = await recordPhoto(signedInDb(), write, files);
  changed();
  return mutation;
}

export async function pendingChanges(): Promise<number> {
  const db = useUserDb.getState().db;
  return db ? countPendingChanges(db) : 0;
}

/** Tries to send everything now; resolves to how many changes are still waiting. */
export async function flush(): Promise<number> {
  await controller?.syncNow();
  return pendingChanges();
}

/**
 * Signs the data layer out. Without pending changes the user's local copy is deleted (a shared
 * browser keeps nothing); with some, it stays to be sent at this user's next sign-in here.
 */
export async function closeUserData(): Promise<void> {
  const db = useUserDb.getState().db;
  const pending = await pendingChanges();
  deactivate();
  await clearCurrentUserId();
  useSyncStatus.setState({ unauthorized: false, lastSyncAt: null });
  if (db && pending === 0) await Dexie.delete(userDbName(db.userId));
}
