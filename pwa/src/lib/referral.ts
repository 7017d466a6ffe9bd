import { normalizeReferralCode, REFERRAL_TTL_MS } from '#protocol/domain/referral.ts';

const STORAGE_KEY = 'leve.referral';

/**
 * A teacher's link (`/?ref=CODE`, or `/r/CODE` redirected there by the server) is remembered on
 * the device for 30 days, so a visitor who registers later is still attributed (SPEC §9).
 */
export function rememberReferral(search: string, now = Date.now()) {
  const code = normalizeReferralCode(new URLSearchParams(search).get('ref'));
  if (code) localStorage.setItem(STORAGE_KEY, JSON.stringify({ code, expiresAt: now + REFERRAL_TTL_MS }));
}

/** The remembered code, unless it expired. */
export function rememberedReferral(now = Date.now()): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { code?: unknown; expiresAt?: unknown } | null;
    if (!stored || typeof stored.expiresAt !== 'number' || stored.expiresAt <= now) return null;
    return normalizeReferralCode(stored.code);
  } catch {
    return null;
  }
}
