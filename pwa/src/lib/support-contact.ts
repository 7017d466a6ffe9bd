import { startTransition, useEffect, useState } from 'react';
import { answer, apiClient, ApiRequestError } from './api.ts';
import { isHydrating } from './hydration.ts';

export interface SupportContact {
  whatsapp: string | null;
  email: string | null;
}

const STORAGE_KEY = 'leve.support';

function stored(): SupportContact | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as SupportContact | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** wa.me wants digits only: '+55 11 98888-7777' → 'https://wa.me/5511988887777'. */
export const whatsappLink = (phone: string, text?: string) => `https://wa.me/${phone.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;

// One request per page life: the dashboard mounts often, the contacts rarely change.
let request: Promise<SupportContact> | null = null;

function fetchSupportContact(): Promise<SupportContact> {
  request ??= answer(apiClient.plans.$get())
    .then(({ support }) => {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(support));
      return support;
    })
    .catch((error: unknown) => {
      request = null; // offline now: ask again on the next visit
      throw error;
    });
  return request;
}

/**
 * The support team's contacts from GET /api/plans, remembered on the device so the links work at
 * the gym without signal too. Undefined until known.
 */
export function useSupportContact(): SupportContact | undefined {
  // A page rendered at build time knows no contacts: hydrating, the remembered ones wait a render.
  const [contact, setContact] = useState<SupportContact | undefined>(() => (isHydrating() ? undefined : (stored() ?? undefined)));
  useEffect(() => {
    // As transitions: the whole dashboard renders again with them, in slices that yield to the
    // browser; a plain update renders in one task (React time-slices transitions only; ADR 026).
    startTransition(() => setContact((shown) => shown ?? stored() ?? undefined));
    let cancelled = false;
    fetchSupportContact()
      .then((support) => {
        if (!cancelled) startTransition(() => setContact(support));
      })
      .catch((error: unknown) => {
        // No signal (the gym) is not an error: the remembered contacts stay.
        if (!(error instanceof ApiRequestError && error.code === 'NETWORK')) console.error('support.load', error);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return contact;
}
