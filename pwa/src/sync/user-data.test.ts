import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useUserDb } from '#pwa/db/current.ts';
import Dexie from 'dexie';
import { uuidv7 } from '#protocol/ids.ts';
import { userDbName } from '#pwa/db/user-db.ts';
import { activateUserData, closeUserData, pendingChanges, writePhoto } from './user-data.ts';
import { useSyncStatus } from './sync-controller.ts';
import { screenShown } from '#pwa/lib/service-worker.ts';

afterEach(async () => {
  await closeUserData();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('activateUserData', () => {
  it('starts another account’s data without the previous one’s expired session (no “session expired” for the new one)', async () => {
    // The server answers nothing useful: no sync of the new account completes during the test.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    await activateUserData('user_expired');
    useSyncStatus.setState({ unauthorized: true }); // its sync met a 401
    await activateUserData('user_next');
    expect(useUserDb.getState().db?.userId).toBe('user_next');
    expect(useSyncStatus.getState().unauthorized).toBe(false);
  });

  it('lets the previous account’s last sync end without a word: its 401 arriving after the switch is not the new account’s', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await activateUserData('user_expired');
    await vi.waitFor(() => expect(answers).toHaveLength(1)); // its first push is on its way
    await activateUserData('user_next');
    answers[0]?.(new Response(JSON.stringify({ error: 'Sessão expirada', code: 'UNAUTHENTICATED', details: [] }), { status: 401 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useSyncStatus.getState().unauthorized).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('registers the service worker once the first sync has ended, not while a new device’s data arrives (issue 20)', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))));
    screenShown(); // the dashboard has rendered, its figures still skeletons
    await activateUserData('user_new_device');
    await vi.waitFor(() => expect(answers).toHaveLength(1)); // the first pull is on its way
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(register).not.toHaveBeenCalled();
    // Whatever the sync's outcome (here the server failed), the worker installs after it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answers[0]?.(new Response(JSON.stringify({ error: 'Erro', code: 'INTERNAL', details: [] }), { status: 503 }));
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' }));
  });
});

describe('closeUserData', () => {
  it('keeps a photo whose record was sent but whose files were not: it counts as a change waiting, so signing out keeps the device’s copy', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    await activateUserData('user_photo');
    const id = uuidv7();
    await writePhoto(
      { name: 'photo.add', args: { id, createdAt: new Date().toISOString(), pose: 'front', contentType: 'image/webp', bytes: 4, thumbnailBytes: 2, width: 10, height: 10 } },
      { image: new ArrayBuffer(4), thumbnail: new ArrayBuffer(2) },
    );
    const db = useUserDb.getState().db!;
    await db.outbox.clear(); // the push was acknowledged; the files are still here
    expect(await pendingChanges()).toBe(1);
    await closeUserData();
    expect(await Dexie.exists(userDbName('user_photo'))).toBe(true);
    await Dexie.delete(userDbName('user_photo'));
  });
});
