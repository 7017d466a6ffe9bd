/** Builders for the wire shapes the PWA's tests store and stub, with overrides (as api/test's factories). */
import type { ClientDto, ProfileDto } from '#protocol/contract/clients.ts';

/**
 * A client as the server sends it: every optional answer left blank. With no weigh-in yet, the
 * current weight is the registration weight (ADR 018), so a given `currentWeight` is both.
 */
export const aClient = (overrides: Partial<ClientDto> = {}): ClientDto => ({
  id: 'u1',
  name: 'Ana Cliente',
  email: 'ana@example.com',
  phone: null,
  birthDate: null,
  gender: null,
  height: null,
  currentWeight: null,
  startingWeight: overrides.currentWeight ?? null,
  targetWeight: null,
  activityLevel: null,
  goalType: null,
  weeklyWeightGoal: null,
  timeFrame: null,
  motivation: null,
  previousAttempts: null,
  highestWeight: null,
  lowestWeight: null,
  dietaryRestrictions: [],
  medicalConditions: [],
  countryCode: 'BR',
  preferredLanguage: 'pt-BR',
  unitSystem: 'metric',
  role: 'user',
  createdAt: '2026-01-05T12:00:00.000Z',
  ...overrides,
});

/** The profile as a pull stores it on the device: the client and each field's last write. */
export const aProfile = (overrides: Partial<ProfileDto> = {}): ProfileDto => ({ ...aClient(overrides), profileHlcs: {}, ...overrides });
