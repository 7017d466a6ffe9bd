import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { unitSystemOfCountry, type UnitSystem } from '#protocol/domain/units.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { COUNTRY_LOCALE, type Locale } from '#protocol/i18n/locales.ts';
import type { CountryCode, Role } from '#protocol/domain/client-enums.ts';
import type { ProfileUpdateInput, RegisterClientInput } from '#protocol/schemas/clients.ts';
import { DomainError } from '#protocol/errors.ts';
import type { ClientDto } from '#protocol/contract/clients.ts';
import { weekdayOf, type Weekday } from '#protocol/domain/check-ins.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { homeTimeZone } from './daily-progress.ts';
import type { Db } from '../db/client.ts';
import { healthConsents, users, weightRecords, type UserRow } from '../db/schema/index.ts';
import { HEALTH_CONSENT_VERSION } from '#protocol/domain/health-consent.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords.ts';

/**
 * The client as every response shows it. `users.current_weight` keeps the weight given at
 * registration; the current weight is the latest record's, so a read never lags a weigh-in.
 */
export function toClientDto(db: Db, row: UserRow): ClientDto {
  const latest = latestWeight(db, row.id);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    birthDate: row.birthDate,
    gender: row.gender,
    height: row.height,
    currentWeight: latest?.weight ?? row.currentWeight,
    startingWeight: row.currentWeight,
    targetWeight: row.targetWeight,
    activityLevel: row.activityLevel,
    goalType: row.goalType,
    weeklyWeightGoal: row.weeklyWeightGoal,
    timeFrame: row.timeFrame,
    motivation: row.motivation,
    previousAttempts: row.previousAttempts,
    highestWeight: row.highestWeight,
    lowestWeight: row.lowestWeight,
    dietaryRestrictions: row.dietaryRestrictions,
    medicalConditions: row.medicalConditions,
    countryCode: row.countryCode as CountryCode,
    preferredLanguage: row.preferredLanguage as Locale,
    unitSystem: row.unitSystem as UnitSystem,
    role: row.role,
    createdAt: new Date(row.createdAt).toISOString(),
    checkInDay: (row.checkInDay ?? weekdayOf(localDateIn(homeTimeZone(row.countryCode), new Date(row.createdAt)))) as Weekday,
    healthConsentAt: row.healthConsentAt === null ? null : new Date(row.healthConsentAt).toISOString(),
    checkInQuestions: row.teacherId ? (db.select({ questions: users.checkInQuestions }).from(users).where(eq(users.id, row.teacherId)).get()?.questions ?? []) : [],
  };
}

export const isUniqueViolation = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The lookup behind every signed-in read: built and prepared once per database, not per call. */
const prepareUserById = (db: Db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
const userByIdQueries = new WeakMap<Db, ReturnType<typeof prepareUserById>>();

export function findUserById(db: Db, id: string): UserRow | undefined {
  let query = userByIdQueries.get(db);
  if (!query) {
    query = prepareUserById(db);
    userByIdQueries.set(db, query);
  }
  return query.get({ id });
}

/** Prepared once per database: every client read asks for it (served by the weight list index). */
const prepareLatestWeight = (db: Db) =>
  db
    .select({ weight: weightRecords.weight, createdAt: weightRecords.createdAt })
    .from(weightRecords)
    .where(and(eq(weightRecords.userId, sql.placeholder('userId')), isNull(weightRecords.deletedAt)))
    .orderBy(desc(weightRecords.createdAt), desc(weightRecords.id))
    .limit(1)
    .prepare();
const latestWeightQueries = new WeakMap<Db, ReturnType<typeof prepareLatestWeight>>();

/** The client's latest weight record that is not deleted, or undefined with none. */
export function latestWeight(db: Db, userId: string): { weight: number; createdAt: number } | undefined {
  let query = latestWeightQueries.get(db);
  if (!query) {
    query = prepareLatestWeight(db);
    latestWeightQueries.set(db, query);
  }
  return query.get({ userId });
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Fields a person may set on their own account, shared by registration and profile edits. */
function profileFields(input: ProfileUpdateInput | RegisterClientInput) {
  const { language, preferredLanguage, ...fields } = input;
  return { ...fields, preferredLanguage: preferredLanguage ?? language };
}

/**
 * Creates an account with role `user`: the role is never taken from the request (ADR 003). The
 * language follows the country (BR → pt-BR, AR → es-AR, US → en-US) unless one is given, and so
 * do the units (lb and ft + in in the US, ADR 020).
 */
export async function registerClient(db: Db, input: RegisterClientInput, now: number, role: Role = 'user'): Promise<UserRow> {
  const { password, referralCode: _referralCode, healthDataConsent, healthConsentLocale, ...fields } = profileFields(input) as ReturnType<typeof profileFields> & {
    password: string;
    referralCode?: string;
    healthDataConsent?: boolean;
    healthConsentLocale?: Locale;
  };
  const countryCode = fields.countryCode ?? 'BR';
  const row: typeof users.$inferInsert = {
    ...fields,
    id: uuidv7(now),
    email: fields.email as string,
    name: fields.name as string,
    role,
    passwordHash: await hashPassword(password),
    activityLevel: fields.activityLevel ?? 'sedentary',
    goalType: fields.goalType ?? 'loseWeight',
    dietaryRestrictions: fields.dietaryRestrictions ?? [],
    medicalConditions: fields.medicalConditions ?? [],
    countryCode,
    preferredLanguage: fields.preferredLanguage ?? COUNTRY_LOCALE[countryCode],
    unitSystem: fields.unitSystem ?? unitSystemOfCountry(countryCode),
    // An account an operator makes a teacher (seed, tests) is trusted; self-registered ones wait for an admin (ADR 013).
    teacherApprovedAt: role === 'teacher' ? now : null,
    healthConsentAt: healthDataConsent ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  return db.transaction(() => {
    const user = insertAccount(db, row);
    // Made with no interface (the seed, a test's account): the profile's language stands for it.
    if (healthDataConsent) recordHealthConsent(db, user.id, 'given', healthConsentLocale ?? user.preferredLanguage, now);
    return user;
  });
}

/**
 * One line of the consent's record (LGPD art. 8 §2): what, when, and the wording's version and
 * language: the interface's the person read it in, which need not be their profile's.
 */
export function recordHealthConsent(db: Db, userId: string, action: 'given' | 'withdrawn', locale: string, now: number): void {
  db.insert(healthConsents).values({ userId, action, version: HEALTH_CONSENT_VERSION, locale, at: now }).run();
}

/** Inserts a new account; an email already registered is the 409 the forms show under the field. */
export function insertAccount(db: Db, row: typeof users.$inferInsert): UserRow {
  try {
    return db.insert(users).values(row).returning().get();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('EMAIL_TAKEN', { fields: [{ field: 'email', key: 'errors.EMAIL_TAKEN' }] });
    throw error;
  }
}

/** The account for these credentials, or null; the same work is done whether the email exists or not. */
export async function authenticate(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

export async function changePassword(db: Db, userId: string, password: string, now: number): Promise<void> {
  db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: now }).where(eq(users.id, userId)).run();
}
