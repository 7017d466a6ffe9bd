import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Message } from '#protocol/conflict/rules.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { encodePhoto } from '#pwa/lib/encode-photo.ts';
import { MessagesScreen } from './MessagesScreen.tsx';

// The browser's decoder and canvas are not in jsdom: the photo comes out of the encoder as the device would make it.
vi.mock('#pwa/lib/encode-photo.ts', () => ({
  UnreadablePhoto: class extends Error {},
  encodePhoto: vi.fn(() => Promise.resolve({ contentType: 'image/webp', image: new Uint8Array(4000).buffer, thumbnail: new Uint8Array(500).buffer, width: 1200, height: 900 })),
}));

setUpScreenTests();
const userDb = setUpUserDb();

const aMessage = (overrides: Partial<Message>): Message => ({
  id: '01a20000-0000-7000-8000-0000000000c1',
  createdAt: '2026-11-28T14:00:00.000Z',
  sentAt: '2026-11-28T14:00:00.000Z',
  from: 'client',
  senderName: null,
  body: 'Oi',
  photoId: null,
  deleted: false,
  ...overrides,
});
const outbox = async () => (await userDb().outbox.toArray()).map((m) => [m.name, m.args]);

async function renderScreen() {
  renderInApp(await loadMessages('pt-BR'), <MessagesScreen />, 'pt-BR');
  return screen.findByRole('heading', { name: 'Mensagens' });
}

describe('MessagesScreen (issue 22)', () => {
  it('writes a message offline once, however often Enviar is tapped, and shows it waiting to be sent', async () => {
    await renderScreen();
    await screen.findByTestId('chat-empty');
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '  Posso trocar o arroz por batata?  ' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect((await outbox())[0]).toEqual(['message.send', expect.objectContaining({ body: 'Posso trocar o arroz por batata?' })]);
    const mine = await screen.findByTestId('chat-message');
    expect(mine.dataset.state).toBe('waiting');
    expect(mine.textContent).toContain('Aguardando envio');
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the coach’s answer under their name, as text with safe links, marks the thread read, and shows the coach saw the client’s message', async () => {
    await userDb().synced('messages').bulkPut([
      aMessage({}),
      aMessage({ id: '01a20000-0000-7000-8000-0000000000c2', from: 'coach', senderName: 'Tiago Professor', sentAt: '2026-11-28T14:05:00.000Z', body: '<b>Pode!</b> Veja https://exemplo.com/receita.' }),
    ]);
    await userDb().synced('messageThreads').put({ id: 'thread', clientReadUpTo: null, coachReadUpTo: '2026-11-28T14:04:00.000Z' });
    await renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const [mine, theirs] = screen.getAllByTestId('chat-message');
    expect(mine?.dataset.state).toBe('seen');
    expect(mine?.textContent).toContain('Vista');
    expect(theirs?.textContent).toContain('Tiago Professor');
    expect(theirs?.querySelector('b')).toBeNull();
    expect(within(theirs!).getByRole('link', { name: 'https://exemplo.com/receita' }).getAttribute('rel')).toBe('noopener noreferrer nofollow');
    await waitFor(async () => expect(await outbox()).toEqual([['messages.read', { upTo: '2026-11-28T14:05:00.000Z' }]]));
  });

  it('refuses a message over 2,000 characters before it is written, saying how long it is', async () => {
    await renderScreen();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'x'.repeat(2001) } });
    expect(await screen.findByText('No máximo 2.000 caracteres (2.001 agora)')).toBeTruthy();
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    expect(await outbox()).toEqual([]);
  });

  it('offers to delete the client’s own message while its five minutes last, and takes the button away when they are over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const sentAt = new Date(Date.now() - 4 * 60_000).toISOString();
    await userDb().synced('messages').put(aMessage({ sentAt, createdAt: sentAt, body: 'Mandei errado' }));
    await renderScreen();
    const mine = await screen.findByTestId('chat-message');
    expect(within(mine).queryByTestId('chat-delete')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(75_000);
    await waitFor(() => expect(within(screen.getByTestId('chat-message')).queryByTestId('chat-delete')).toBeNull());
  });

  it('attaches a photo from the gallery offline, sends it with no text, and shows it at once from the device', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
    await renderScreen();
    await screen.findByTestId('chat-empty');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('chat-gallery-input'), { target: { files: [new File([new Uint8Array(10)], 'almoco.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByRole('img', { name: 'Foto anexada' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-send'));
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(async () => expect(await outbox()).toHaveLength(1));
    const [[name, args]] = (await outbox()) as [[string, { body: string; photo: Record<string, unknown> }]];
    expect([name, args.body, args.photo]).toEqual(['message.send', '', { id: expect.any(String), contentType: 'image/webp', bytes: 4000, thumbnailBytes: 500, width: 1200, height: 900 }]);
    expect((await userDb().photoFiles.toArray()).map((file) => [file.photoId, file.kind, file.state]).sort()).toEqual([
      [args.photo.id, 'image', 'waiting'],
      [args.photo.id, 'thumbnail', 'waiting'],
    ]);
    const mine = await screen.findByTestId('chat-message');
    expect((await within(mine).findByRole('img', { name: 'Foto da conversa' })).getAttribute('src')).toBe('blob:photo');
    expect(screen.queryByRole('img', { name: 'Foto anexada' })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('says the photo could not be prepared when its encoding fails, not that a message was not saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(encodePhoto).mockRejectedValueOnce(new Error('canvas lost'));
    await renderScreen();
    await screen.findByTestId('chat-empty');
    fireEvent.change(screen.getByTestId('chat-gallery-input'), { target: { files: [new File([new Uint8Array(10)], 'almoco.jpg', { type: 'image/jpeg' })] } });
    expect((await screen.findByTestId('toast')).textContent).toContain('Não foi possível preparar a foto');
  });

  it('says a message’s photo was not sent when the server refused it (storage full), and opens a stored one full size', async () => {
    const refused = '01a20000-0000-7000-8000-0000000000f1';
    const stored = '01a20000-0000-7000-8000-0000000000f2';
    const record = { contentType: 'image/webp' as const, bytes: 4000, thumbnailBytes: 500, width: 1200, height: 900, createdAt: '2026-11-28T14:00:00.000Z', kind: 'message' as const, pose: null, deleted: false };
    await userDb().synced('progressPhotos').bulkPut([{ ...record, id: refused, stored: false }, { ...record, id: stored, stored: true }]);
    await userDb().photoFiles.put({ key: `${refused}:thumbnail`, photoId: refused, kind: 'thumbnail', contentType: 'image/webp', bytes: new ArrayBuffer(8), state: 'refused', failure: 'PHOTO_QUOTA_EXCEEDED' });
    await userDb().synced('messages').bulkPut([
      aMessage({ photoId: refused, body: '' }),
      aMessage({ id: '01a20000-0000-7000-8000-0000000000c3', from: 'coach', senderName: 'Tiago Professor', sentAt: '2026-11-28T14:05:00.000Z', photoId: stored, body: 'Assim' }),
    ]);
    await renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const [mine, theirs] = screen.getAllByTestId('chat-message');
    expect(mine?.textContent).toContain('Foto não enviada');
    fireEvent.click(within(theirs!).getByRole('button', { name: 'Abrir a foto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto da conversa' });
    expect((await within(dialog).findByRole('img')).getAttribute('src')).toBe(`/api/photos/${stored}/image`);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
