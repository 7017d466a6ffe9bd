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
import { latestWeight } from '../repositories/weight-records.ts';
import { UniqueViolationError, type SqlDatabase } from '../db/sql/port.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { users, type UserRow } from '../db/schema/index.ts';
import { HEALTH_CONSENT_VERSION } from '#protocol/domain/health-consent.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords.ts';

/**
 * The client as every response shows it. `users.current_weight` keeps the weight given at
 * registration; the current weight is the latest record's, so a read never lags a weigh-in.
 */
export async function toClientDto(db: SqlDatabase, row: UserRow): Promise<ClientDto> {
  const latest = await latestWeight(db, row.id);
  const coach = row.teacherId ? await db.get<{ questions: string | null }>('SELECT check_in_questions AS questions FROM users WHERE id = ?', [row.teacherId]) : undefined;
  return clientDto(row, latest?.weight ?? null, coach?.questions ?? null);
}

/**
 * A user's own profile as /me answers it, read in one statement with their latest weigh-in and
 * their coach's check-in questions (on PostgreSQL each statement is a round trip). Undefined for
 * no such user.
 */
export async function findClientDto(db: SqlDatabase, userId: string): Promise<ClientDto | undefined> {
  const stored = await db.get<Record<string, unknown> & { latest_weight: number | null; coach_questions: string | null }>(
    `SELECT u.*,
       (SELECT w.weight FROM weight_records w WHERE w.user_id = u.id AND w.deleted_at IS NULL ORDER BY w.created_at DESC, w.id DESC LIMIT 1) AS latest_weight,
       (SELECT c.check_in_questions FROM users c WHERE c.id = u.teacher_id) AS coach_questions
     FROM users u WHERE u.id = ?`,
    [userId],
  );
  return stored && clientDto(userRows.decode(stored), stored.latest_weight, stored.coach_questions);
}

function clientDto(row: UserRow, latestWeight: number | null, coachQuestions: string | null): ClientDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    birthDate: row.birthDate,
    gender: row.gender,
    height: row.height,
    currentWeight: latestWeight ?? row.currentWeight,
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
    checkInDay: checkInDayOf(row),
    healthConsentAt: row.healthConsentAt === null ? null : new Date(row.healthConsentAt).toISOString(),
    checkInQuestions: coachQuestions ? (userRows.decode({ check_in_questions: coachQuestions }).checkInQuestions ?? []) : [],
    notices: row.notices ?? {},
    timeZone: row.timeZone,
    weighInTime: row.weighInTime,
    weighInDays: row.weighInDays,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
  };
}

/** A client's check-in weekday: their coach's choice, else the weekday they registered on in their country. */
export const checkInDayOf = (row: Pick<UserRow, 'checkInDay' | 'countryCode' | 'createdAt'>): Weekday =>
  (row.checkInDay ?? weekdayOf(localDateIn(homeTimeZone(row.countryCode), new Date(row.createdAt)))) as Weekday;

export const userRows = tableRows(users);

export const isUniqueViolation = (error: unknown) => error instanceof UniqueViolationError;

export async function findUserById(db: SqlDatabase, id: string): Promise<UserRow | undefined> {
  const stored = await db.get<Record<string, unknown>>('SELECT * FROM users WHERE id = ?', [id]);
  return stored && userRows.decode(stored);
}

export async function findUserByEmail(db: SqlDatabase, email: string): Promise<UserRow | undefined> {
  const stored = await db.get<Record<string, unknown>>('SELECT * FROM users WHERE email = ?', [email.trim().toLowerCase()]);
  return stored && userRows.decode(stored);
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
export async function registerClient(db: SqlDatabase, input: RegisterClientInput, now: number, role: Role = 'user'): Promise<UserRow> {
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
  return db.transaction(async () => {
    const user = await insertAccount(db, row);
    // Made with no interface (the seed, a test's account): the profile's language stands for it.
    if (healthDataConsent) await recordHealthConsent(db, user.id, 'given', healthConsentLocale ?? user.preferredLanguage, now);
    return user;
  });
}

/**
 * One line of the consent's record (LGPD art. 8 §2): what, when, and the wording's version and
 * language: the interface's the person read it in, which need not be their profile's.
 */
export async function recordHealthConsent(db: SqlDatabase, userId: string, action: 'given' | 'withdrawn', locale: string, now: number): Promise<void> {
  await db.run('INSERT INTO health_consents (user_id, action, version, locale, at) VALUES (?, ?, ?, ?, ?)', [userId, action, HEALTH_CONSENT_VERSION, locale, now]);
}

/** Inserts a new account; an email already registered is the 409 the forms show under the field. */
export async function insertAccount(db: SqlDatabase, row: typeof users.$inferInsert): Promise<UserRow> {
  const { names, params } = userRows.encode(row);
  try {
    const stored = await db.get<Record<string, unknown>>(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING *`, params);
    return userRows.decode(stored as Record<string, unknown>);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('EMAIL_TAKEN', { fields: [{ field: 'email', key: 'errors.EMAIL_TAKEN' }] });
    throw error;
  }
}

/** The account for these credentials, or null; the same work is done whether the email exists or not. */
export async function authenticate(db: SqlDatabase, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

export async function changePassword(db: SqlDatabase, userId: string, password: string, now: number): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.run('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?', [passwordHash, now, userId]);
}
