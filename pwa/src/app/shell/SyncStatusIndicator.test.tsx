import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useUserDb } from '#pwa/db/current.ts';
import { photoFileKey, UserDb } from '#pwa/db/user-db.ts';
import { useSyncStatus } from '#pwa/sync/sync-controller.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { SyncStatusIndicator } from './SyncStatusIndicator.tsx';

const messages = setUpScreenTests();

afterEach(async () => {
  const db = useUserDb.getState().db;
  useUserDb.setState({ db: null });
  await db?.delete();
  useSyncStatus.setState({ online: true, syncing: false, lastSyncAt: null, failed: false });
});

describe('SyncStatusIndicator', () => {
  it('names each fact once to a screen reader', async () => {
    useUserDb.setState({ db: new UserDb('sync-indicator') });
    useSyncStatus.setState({ online: false, syncing: false, lastSyncAt: null, failed: false });
    renderInApp(messages(), <SyncStatusIndicator />);
    expect((await screen.findByRole('status')).getAttribute('aria-label')).toBe('Offline. Ainda não sincronizado');

    useSyncStatus.setState({ online: true });
    await expect.poll(() => screen.getByRole('status').getAttribute('aria-label')).toBe('Tudo sincronizado. Online · Ainda não sincronizado');
  });

  it('counts a photo whose files are still uploading as a change waiting, not as all synced', async () => {
    const db = new UserDb('sync-indicator-photo');
    useUserDb.setState({ db });
    const file = (kind: 'image' | 'thumbnail', state: 'waiting' | 'sent') => ({ key: photoFileKey('p1', kind), photoId: 'p1', kind, contentType: 'image/webp', bytes: new ArrayBuffer(8), state, failure: null });
    await db.photoFiles.bulkPut([file('thumbnail', 'sent'), file('image', 'waiting')]);
    renderInApp(messages(), <SyncStatusIndicator />);
    await expect.poll(() => screen.getByRole('status').getAttribute('data-pending')).toBe('1');
    await db.photoFiles.update(photoFileKey('p1', 'image'), { state: 'sent' });
    await expect.poll(() => screen.getByRole('status').getAttribute('data-pending')).toBe('0');
  });
});
