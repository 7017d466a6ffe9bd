import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserDb } from '#pwa/db/user-db.ts';
import { fetchTranslation, translationKey } from './use-translated-texts.ts';

let db: UserDb;
let userCount = 0;

beforeEach(() => {
  db = new UserDb(`translations-${++userCount}`);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await db.delete();
});

const respond = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('fetchTranslation', () => {
  it('asks the server once per list and stores the result by language, context and list', async () => {
    const fetchMock = respond(200, { success: true, translatedTexts: ['Breakfast', 'Lunch'] });
    vi.stubGlobal('fetch', fetchMock);
    await fetchTranslation(db, 'en-US', 'meal-names', ['Café da manhã', 'Almoço']);
    await fetchTranslation(db, 'en-US', 'meal-names', ['Café da manhã', 'Almoço']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/translate-texts');
    expect(JSON.parse(init.body as string)).toEqual({ texts: ['Café da manhã', 'Almoço'], targetLanguage: 'en-US', context: 'meal-names' });
    expect(await db.translations.get(translationKey('en-US', 'meal-names', ['Café da manhã', 'Almoço']))).toEqual({
      key: translationKey('en-US', 'meal-names', ['Café da manhã', 'Almoço']),
      translations: ['Breakfast', 'Lunch'],
    });
  });

  it('stores nothing when the server fails or answers a list of another length, and only logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', respond(503, { error: 'IA temporariamente indisponível', code: 'AI_UNAVAILABLE' }));
    await fetchTranslation(db, 'es-AR', 'foods', ['Arroz']);
    vi.stubGlobal('fetch', respond(200, { success: true, translatedTexts: ['Arroz', 'extra'] }));
    await fetchTranslation(db, 'es-AR', 'foods', ['Feijão']);
    // The model failed and the server fell back to the originals: not a translation to keep.
    vi.stubGlobal('fetch', respond(200, { success: false, translatedTexts: ['Mingau'], attempts: 2, error: 'Resposta da IA inválida' }));
    await fetchTranslation(db, 'es-AR', 'foods', ['Mingau']);
    expect(await db.translations.count()).toBe(0);
    expect(log).toHaveBeenCalledTimes(3);
  });
});
