import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Weekday } from '#protocol/domain/check-ins.ts';
import type { NoticeChoicesChange } from '#protocol/domain/notice-choices.ts';

/** Every account: clients (role user), teachers and admins. Enum columns hold canonical values (ADR 004). */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'teacher', 'admin'] }).notNull().default('user'),
    name: text('name').notNull(),
    phone: text('phone'),
    birthDate: text('birth_date'),
    gender: text('gender'),
    height: real('height'),
    currentWeight: real('current_weight'),
    targetWeight: real('target_weight'),
    activityLevel: text('activity_level'),
    goalType: text('goal_type'),
    weeklyWeightGoal: real('weekly_weight_goal'),
    timeFrame: text('time_frame'),
    motivation: text('motivation'),
    previousAttempts: text('previous_attempts'),
    highestWeight: real('highest_weight'),
    lowestWeight: real('lowest_weight'),
    dietaryRestrictions: text('dietary_restrictions', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    medicalConditions: text('medical_conditions', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    countryCode: text('country_code').notNull().default('BR'),
    preferredLanguage: text('preferred_language').notNull().default('pt-BR'),
    /** 'metric' (kg, cm) or 'us' (lb, ft + in): how measures are shown and typed; always stored in kg and cm (ADR 020). */
    unitSystem: text('unit_system').notNull().default('metric'),
    /** The teacher a client came through (referral); scope of a teacher's admin rights (ARCHITECTURE §4). */
    teacherId: text('teacher_id').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    /**
     * The SHA-256 of the visitor cookie of a browser that had clicked the teacher's link before this
     * client registered through it: what makes a paying student a conversion of a click (ADR 013).
     */
    referralVisitor: text('referral_visitor'),
    /** A teacher's own AI-provider key, AES-256-GCM under APP_SECRET (api/src/ai/key-vault.ts); never returned. */
    aiKeyEncrypted: text('ai_key_encrypted'),
    /** Teacher registration (SPEC §2 /professor-cadastro): the tax number of their country (CPF digits in BR, CUIT/CUIL digits in AR, none in US: issue 17), expertise and bio. */
    cpf: text('cpf'),
    cuit: text('cuit'),
    expertise: text('expertise'),
    bio: text('bio'),
    /** When an admin approved a teacher: from then on unassigned clients are in their scope too (ADR 013). */
    teacherApprovedAt: integer('teacher_approved_at'),
    /** HLC of the last write per profile field: profile edits merge per field (ARCHITECTURE §3). */
    profileHlcs: text('profile_hlcs', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** The client's check-in weekday (0 Sunday … 6 Saturday; issue 22), set at registration, changed by their coach. */
    checkInDay: integer('check_in_day'),
    /** A teacher's own questions for their students' check-ins (issue 22), at most five, in the words they wrote. */
    checkInQuestions: text('check_in_questions', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** When the client's current consent for health data was given (issue 22, LGPD art. 11); null without one. */
    healthConsentAt: integer('health_consent_at'),
    /** What the person is told, by push and by e-mail (issue 50, ADR 032): each kind's switches over the defaults. */
    notices: text('notice_choices', { mode: 'json' }).$type<NoticeChoicesChange>(),
    /** Their IANA zone, from their device or Settings; null until set, when their country's home zone stands in. */
    timeZone: text('time_zone'),
    /** The weigh-in reminder's `HH:MM` and weekdays; null for the defaults (07:30, every day). */
    weighInTime: text('weigh_in_time'),
    weighInDays: text('weigh_in_days', { mode: 'json' }).$type<Weekday[]>(),
    /** Quiet hours, `HH:MM`, that hold a notice until they end; null for 22:00 to 07:00. */
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    /**
     * A pull from a cursor below this version starts again from nothing: data the devices hold was
     * erased on the server (a withdrawn consent), and only a full pull lets every device drop it.
     */
    resyncFrom: integer('resync_from').notNull().default(0),
    /** Server-wide sync version of the last change, for pull. */
    version: integer('version').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('users_role_idx').on(table.role), index('users_teacher_idx').on(table.teacherId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Every consent for health data given or withdrawn (issue 22, part 4), never rewritten: what
 * shows, with its date and the wording's version, that a person agreed (LGPD art. 8 §2).
 */
export const healthConsents = sqliteTable(
  'health_consents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['given', 'withdrawn'] }).notNull(),
    /** HEALTH_CONSENT_VERSION of the wording the person read. */
    version: text('version').notNull(),
    /** The language the wording was shown in. */
    locale: text('locale').notNull(),
    at: integer('at').notNull(),
  },
  (table) => [index('health_consents_user_idx').on(table.userId)],
);
