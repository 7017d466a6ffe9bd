import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocaleStore } from './locale-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete document.documentElement.dataset.locale;
  useLocaleStore.setState({ locale: null });
});

const serverAnswers = (locale: string) => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ locale }), { headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('locale detection', () => {
  it('keeps a stored choice without asking anyone', async () => {
    const fetch = serverAnswers('en-US');
    document.documentElement.dataset.locale = 'en-US';
    useLocaleStore.setState({ locale: 'es-AR' });
    await useLocaleStore.getState().detect();
    expect(useLocaleStore.getState().locale).toBe('es-AR');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes the language the server named in the page, with no request', async () => {
    const fetch = serverAnswers('pt-BR');
    document.documentElement.dataset.locale = 'es-AR';
    await useLocaleStore.getState().detect();
    expect(useLocaleStore.getState().locale).toBe('es-AR');
    expect(localStorage.getItem('locale')).toBe('es-AR');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks GET /locale when the page is the service worker's copy, which names none", async () => {
    const fetch = serverAnswers('en-US');
    await useLocaleStore.getState().detect();
    expect(fetch).toHaveBeenCalledWith('/locale', { credentials: 'include' });
    expect(useLocaleStore.getState().locale).toBe('en-US');
  });

  it('falls back to pt-BR offline', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await useLocaleStore.getState().detect();
    expect(useLocaleStore.getState().locale).toBe('pt-BR');
  });
});
