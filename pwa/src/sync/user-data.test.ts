import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserDb } from '#pwa/db/current.ts';
import { activateUserData, closeUserData } from './user-data.ts';
import { useSyncStatus } from './sync-controller.ts';

afterEach(async () => {
  await closeUserData();
  vi.unstubAllGlobals();
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
});
