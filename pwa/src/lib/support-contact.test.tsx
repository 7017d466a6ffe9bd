import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { json, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import type * as SupportContactModule from './support-contact.ts';

setUpScreenTests();
// The module asks once per page life: each test is a new page.
let useSupportContact: typeof SupportContactModule.useSupportContact;
beforeEach(async () => {
  vi.resetModules();
  ({ useSupportContact } = await import('./support-contact.ts'));
});
afterEach(() => localStorage.clear());

describe('useSupportContact', () => {
  it('remembers the contacts it was given, for the gym without signal', async () => {
    stubApi({ 'GET /plans': () => json({ plans: [], support: { whatsapp: '+55 11 98888-7777', email: 'ajuda@example.com' } }) });
    const { result } = renderHook(() => useSupportContact());
    await waitFor(() => expect(result.current).toEqual({ whatsapp: '+55 11 98888-7777', email: 'ajuda@example.com' }));
    expect(JSON.parse(localStorage.getItem('leve.support') ?? 'null')).toEqual({ whatsapp: '+55 11 98888-7777', email: 'ajuda@example.com' });
  });

  it('offline, shows the remembered contacts and logs nothing: no signal is not an error', async () => {
    localStorage.setItem('leve.support', JSON.stringify({ whatsapp: null, email: 'ajuda@example.com' }));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { result } = renderHook(() => useSupportContact());
    expect(result.current).toEqual({ whatsapp: null, email: 'ajuda@example.com' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(vi.mocked(console.error)).not.toHaveBeenCalled();
  });
});
