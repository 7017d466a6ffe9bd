import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProgressPhoto } from '#protocol/conflict/rules.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { photoFileKey } from '#pwa/db/user-db.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { aProfile } from '#pwa/test/factories.ts';
import { PhotosCard } from './PhotosCard.tsx';

setUpScreenTests();

const aPhoto = (overrides: Partial<ProgressPhoto>): ProgressPhoto => ({
  id: '0190a0b0-0000-7000-8000-0000000000a1',
  createdAt: '2026-11-01T15:00:00.000Z',
  pose: 'front',
  contentType: 'image/webp',
  bytes: 4000,
  thumbnailBytes: 400,
  width: 1200,
  height: 1600,
  stored: true,
  kind: 'progress',
  deleted: false,
  ...overrides,
});

const userDb = setUpUserDb(async (db) => {
  await db.profile.put(aProfile({ unitSystem: 'metric' }));
});

async function renderCard(locale: Locale) {
  renderInApp(await loadMessages(locale), <PhotosCard />, locale);
  return screen.findByTestId('photos-card');
}

describe('PhotosCard (issue 21)', () => {
  it('says there are no photos yet, and offers no comparison', async () => {
    await renderCard('es-AR');
    expect((await screen.findByTestId('photos-empty')).textContent).toMatch(/Todavía no hay fotos/);
    expect(screen.queryByTestId('photos-compare')).toBeNull();
  });

  it('shows each photo newest first, marks one still waiting to upload and one the server refused, and offers a comparison across two days', async () => {
    const db = userDb();
    await db.synced('progressPhotos').bulkPut([
      aPhoto({}),
      aPhoto({ id: '0190a0b0-0000-7000-8000-0000000000a2', createdAt: '2026-11-20T15:00:00.000Z', pose: 'side', stored: false }),
      aPhoto({ id: '0190a0b0-0000-7000-8000-0000000000a3', createdAt: '2026-11-21T15:00:00.000Z', pose: 'back', stored: false }),
      aPhoto({ id: '0190a0b0-0000-7000-8000-0000000000a4', createdAt: '2026-11-22T15:00:00.000Z', deleted: true }),
    ]);
    const thumbnail = (photoId: string, failure: 'PHOTO_QUOTA_EXCEEDED' | null) => ({
      key: photoFileKey(photoId, 'thumbnail'),
      photoId,
      kind: 'thumbnail' as const,
      contentType: 'image/webp',
      bytes: new ArrayBuffer(400),
      state: failure ? ('refused' as const) : ('waiting' as const),
      failure,
    });
    await db.photoFiles.bulkPut([thumbnail('0190a0b0-0000-7000-8000-0000000000a2', null), thumbnail('0190a0b0-0000-7000-8000-0000000000a3', 'PHOTO_QUOTA_EXCEEDED')]);
    await renderCard('pt-BR');
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(3));
    const tiles = screen.getAllByTestId('photo-tile');
    expect(tiles.map((tile) => tile.dataset.state)).toEqual(['notSent', 'waiting', 'sent']);
    expect(within(tiles[0]!).getByText('Não enviada')).toBeTruthy();
    expect(within(tiles[1]!).getByText('Aguardando envio')).toBeTruthy();
    expect(within(tiles[2]!).getByRole('button').getAttribute('aria-label')).toBe('Abrir a foto de progresso (frente) de 1 de nov. de 2026');
    // The photo taken on another device comes from the server, never from a public address.
    await waitFor(() => expect(tiles[2]!.querySelector('img')?.getAttribute('src')).toBe('/api/photos/0190a0b0-0000-7000-8000-0000000000a1/thumbnail'));
    // The one kept here shows from this device, before any upload.
    await waitFor(() => expect(tiles[1]!.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/));
    expect(screen.getByTestId('photos-compare')).toBeTruthy();
  });

  it('deletes a photo only after asking: one photo.delete in the outbox', async () => {
    const db = userDb();
    await db.synced('progressPhotos').put(aPhoto({}));
    await renderCard('en-US');
    fireEvent.click(within(await screen.findByTestId('photo-tile')).getByRole('button'));
    fireEvent.click(await screen.findByTestId('photo-delete'));
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(await screen.findByTestId('photo-delete-confirm'));
    await waitFor(async () => expect((await db.outbox.toArray()).map((m) => [m.name, m.args])).toEqual([['photo.delete', { id: '0190a0b0-0000-7000-8000-0000000000a1' }]]));
    await waitFor(() => expect(screen.queryByTestId('photo-tile')).toBeNull());
  });
});
