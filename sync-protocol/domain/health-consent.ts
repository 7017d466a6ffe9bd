/**
 * The LGPD consent for sensitive health data (issue 22, part 4; LGPD art. 11 I, art. 8 §5).
 * What it covers is named here once: the form's words, the server's refusals and the withdrawal's
 * erasure all follow this list (ADR 028, "Consent for health data").
 */

/**
 * The version of the consent's wording (the catalogs' `healthConsent.*` text). A record names the
 * version the person read, so a later change of wording can be told apart from what they agreed to.
 */
export const HEALTH_CONSENT_VERSION = '2026-11-28';

/** The changes that record health data under the consent: refused without it (`HEALTH_CONSENT_REQUIRED`). */
const HEALTH_DATA_MUTATIONS: ReadonlySet<string> = new Set(['measurement.add', 'measurement.update', 'photo.add', 'checkin.submit']);

/** Whether a change records health data the consent covers; deleting never needs it. */
export function recordsHealthData(name: string, args: unknown): boolean {
  if (HEALTH_DATA_MUTATIONS.has(name)) return true;
  if (name !== 'profile.update' || typeof args !== 'object' || args === null) return false;
  const conditions = (args as { fields?: { medicalConditions?: unknown } }).fields?.medicalConditions;
  return Array.isArray(conditions) && conditions.length > 0;
}
