/**
 * Authoring of diets and workouts by admins and teachers (SPEC §2 admin panel, §4 draft →
 * published). Every write bumps the plan's sync version, so the client's devices learn of it on
 * their next pull: a draft or a deleted plan reaches them as a tombstone, a published one as
 * content. Publishing also notifies the client, in their language, in the same transaction, and
 * then translates the plan into the other two languages (ADR 024), as does an edit of a published
 * plan; the translation lands with one more version.
 */
import type { DietPlanInput, PlanTranslationEdit, WorkoutPlanInput } from '#protocol/schemas/plans.ts';
import { DEFAULT_LOCALE, toLocale, type Locale } from '#protocol/i18n/locales.ts';
import { planTextKey, rewriteDiet, rewriteWorkout, type DietContent, type PlanTextKind, type WorkoutContent } from '#protocol/domain/plan-content.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import { translate } from '../i18n/translate.ts';
import { dietColumns, dietText, toDietPlan, toWorkoutPlan, workoutColumns, workoutText, type DietPlanRaw, type WorkoutPlanRaw } from './plans.ts';
import type { DietPlanDto, PlanDetails, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { Notifications } from '../repositories/notifications.ts';
import type { Notices } from '../notices/notices.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { ExerciseNames } from './exercise-names.ts';
import type { SqlDatabase, SqlValue } from '../db/sql/port.ts';
import { planTexts, type PlanWords, type TranslatePlan, type TranslationEdits } from './plan-translation.ts';

/** Column of each form field; the structured ones arrive as text already (schemas/plans.ts). */
const DIET_COLUMNS = {
  title: 'title',
  description: 'description',
  dailyCalories: 'daily_calories',
  macros: 'macros',
  meals: 'meals',
  weeklyMenu: 'weekly_menu',
  tips: 'tips',
  substitutions: 'substitutions',
} as const satisfies Record<keyof DietPlanInput, string>;

const WORKOUT_COLUMNS = {
  title: 'title',
  description: 'description',
  duration: 'duration',
  frequency: 'frequency',
  weeklySchedule: 'weekly_schedule',
  progressionTips: 'progression_tips',
  safetyNotes: 'safety_notes',
} as const satisfies Record<keyof WorkoutPlanInput, string>;

interface Kind<Input, Raw, Dto, Content> {
  table: 'diet_plans' | 'workout_plans';
  columns: Record<keyof Input & string, string>;
  /** The `content` and `unreadable` columns from the form's texts (ADR 024). */
  structure: (input: Input) => { content: string; unreadable: string };
  /** The same from a stored row, for the start-up backfill. */
  restructure: (row: Raw) => { content: string; unreadable: string };
  toDto: (row: Raw) => Dto;
  /** The short texts outside the structure, translated with it. */
  details: (plan: Dto) => PlanDetails;
  /** Replaces every text of the structure, for translation. */
  rewrite: (content: Content, rewrite: (text: string, kind: PlanTextKind) => string) => Content;
  notification: 'diet_published' | 'workout_published';
  messageKey: 'dietPublished' | 'workoutPublished';
}

const DIET: Kind<DietPlanInput, DietPlanRaw, DietPlanDto, DietContent> = {
  table: 'diet_plans',
  columns: DIET_COLUMNS,
  structure: dietColumns,
  restructure: (row) => dietColumns(dietText(row)),
  toDto: toDietPlan,
  details: (plan) => ({ objective: plan.objective }),
  rewrite: rewriteDiet,
  notification: 'diet_published',
  messageKey: 'dietPublished',
};
const WORKOUT: Kind<WorkoutPlanInput, WorkoutPlanRaw, WorkoutPlanDto, WorkoutContent> = {
  table: 'workout_plans',
  columns: WORKOUT_COLUMNS,
  structure: workoutColumns,
  restructure: (row) => workoutColumns(workoutText(row)),
  toDto: toWorkoutPlan,
  details: (plan) => ({ duration: plan.duration, frequency: plan.frequency }),
  rewrite: rewriteWorkout,
  notification: 'workout_published',
  messageKey: 'workoutPublished',
};

/** Whose AI quota the background round spends: no user's; the server's key answers (content-generation). */
const BACKGROUND_TRANSLATOR = 'background:plan-translations';

/**
 * How long the background round's claim on a plan lasts: its two model calls (one per language,
 * together) give up after a minute each, so a claim outlives the work by far, and a crashed
 * instance's claim runs out well before the next round (ten minutes).
 */
export const TRANSLATION_CLAIM_MS = 5 * 60 * 1000;

function authoring<
  Input extends object,
  Raw extends { id: string; user_id: string; status: string; title: string; version: number; translation_edits: string },
  Dto extends Omit<PlanWords<Content>, 'details'> & { language: Locale },
  Content,
>(
  db: SqlDatabase,
  versions: SyncVersions,
  notifications: Notifications,
  notices: Notices,
  now: () => number,
  translatePlan: TranslatePlan,
  kind: Kind<Input, Raw, Dto, Content>,
  /** What else publishing (or editing a published plan) does, in its transaction. */
  published: (plan: Raw) => Promise<void> = async () => {},
) {
  const { table } = kind;
  const fields = Object.keys(kind.columns) as (keyof Input & string)[];
  const columns = fields.map((field) => kind.columns[field]);
  // A write that reads the plan first owns its row until it commits (PostgreSQL; SQLite has one writer).
  const lock = db.dialect === 'postgres' ? ' FOR UPDATE' : '';
  // The background round's claim passes by a row another instance is claiming right now
  // (PostgreSQL); SQLite's one writer makes the claim's transaction exclusive already.
  const skipLocked = db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';

  /** Every form field, absent optional ones as NULL, so an edit can clear a field. */
  const values = (input: Input) => fields.map((field) => ((input as Record<string, unknown>)[field] ?? null) as SqlValue);

  /** The plan, else 404; `forUpdate` locks its row for the rest of the caller's transaction. */
  const found = async (id: string, forUpdate = false): Promise<Raw> => {
    const row = await db.get<Raw>(`SELECT * FROM ${table} WHERE id = ? AND deleted_at IS NULL${forUpdate ? lock : ''}`, [id]);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  };

  /** Publishes a draft and notifies its client; false when it was published already. */
  const publishNow = (id: string): Promise<boolean> =>
    db.transaction(async () => {
      const plan = await found(id, true);
      if (plan.status === 'published') return false;
      const at = now();
      await db.run(`UPDATE ${table} SET status = 'published', published_at = ?, updated_at = ?, version = ? WHERE id = ?`, [at, at, await versions.bump(plan.user_id), id]);
      await published(await found(id));
      const client = await db.get<{ preferred_language: string }>('SELECT preferred_language FROM users WHERE id = ?', [plan.user_id]);
      const locale = toLocale(client?.preferred_language) ?? DEFAULT_LOCALE;
      await notifications.add(plan.user_id, {
        id: uuidv7(now()),
        type: kind.notification,
        title: translate(locale, `notifications.${kind.messageKey}.title`),
        message: translate(locale, `notifications.${kind.messageKey}.message`, { title: plan.title }),
      });
      // And on their devices with the app closed, as they chose (issue 50): once per plan.
      await notices.schedule({ userId: plan.user_id, kind: 'planPublished', key: id, dueAt: at, notAfter: null, payload: JSON.stringify({ plan: kind.messageKey, title: plan.title }) });
      return true;
    });

  /**
   * Translates a published plan as it is now and stores it, whose AI key and quota `callerId`'s
   * are. The author waits for it (what the route answers carries it) and gets whatever the model
   * and the catalog knew, the plan marked for the background round if the model failed; that
   * round (`later`) stores nothing when the model failed, and the plan waits for the next one.
   * The model is asked outside any transaction; only the storing is one.
   */
  async function translateStored(id: string, callerId: string, later = false): Promise<'stored' | 'stale' | 'model-failed'> {
    const row = await found(id);
    const plan = kind.toDto(row);
    const edits = JSON.parse(row.translation_edits) as TranslationEdits;
    const { translations, modelFailed } = await translatePlan(callerId, plan.language, { ...plan, details: kind.details(plan) }, kind.rewrite, edits);
    if (later && modelFailed) return 'model-failed';
    return db.transaction(async () => {
      // Only onto the text it was made from: an edit or a removal meanwhile moved the version, and
      // an edit brings its own translation.
      const current = await db.get<{ version: number }>(`SELECT version FROM ${table} WHERE id = ? AND deleted_at IS NULL${lock}`, [id]);
      if (current?.version !== row.version) return 'stale';
      await db.run(`UPDATE ${table} SET translations = ?, translation_retry = ?, translation_claimed_until = NULL, version = ? WHERE id = ?`, [
        JSON.stringify(translations),
        modelFailed ? 1 : 0,
        await versions.bump(row.user_id),
        id,
      ]);
      return 'stored';
    });
  }

  /**
   * Claims the next published plan waiting for its translation that no instance has claimed (or
   * whose claim ran out), for TRANSLATION_CLAIM_MS, in a short transaction of its own: the model is
   * asked after it commits, and the claim is cleared when the translation is stored. Two instances'
   * rounds at the same moment never claim the same plan: on PostgreSQL the row being claimed is
   * locked and the other passes it by (SKIP LOCKED), then finds it claimed.
   */
  const claimNext = (): Promise<{ id: string; until: number } | undefined> =>
    db.transaction(async () => {
      const at = now();
      const next = await db.get<{ id: string }>(
        `SELECT id FROM ${table} WHERE status = 'published' AND deleted_at IS NULL AND (translations = '{}' OR translation_retry = 1)
         AND (translation_claimed_until IS NULL OR translation_claimed_until <= ?) ORDER BY published_at, id LIMIT 1${skipLocked}`,
        [at],
      );
      if (!next) return undefined;
      const until = at + TRANSLATION_CLAIM_MS;
      await db.run(`UPDATE ${table} SET translation_claimed_until = ? WHERE id = ?`, [until, next.id]);
      return { id: next.id, until };
    });

  /** Gives a claim back (the model failed), unless it ran out and another instance holds the plan now. */
  const release = (claim: { id: string; until: number }) =>
    db.run(`UPDATE ${table} SET translation_claimed_until = NULL WHERE id = ? AND translation_claimed_until = ?`, [claim.id, claim.until]);

  return {
    /** The client a plan belongs to, for the caller's scope check; 404 when there is no such plan. */
    ownerOf: async (id: string): Promise<string> => (await found(id)).user_id,
    listFor: async (userId: string): Promise<Dto[]> =>
      (await db.all<Raw>(`SELECT * FROM ${table} WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`, [userId])).map(kind.toDto),
    /** `language` is the author's, the one they wrote in (their request's); an edit keeps it. */
    create: (userId: string, input: Input, language: Locale): Promise<Dto> =>
      db.transaction(async () => {
        const id = uuidv7(now());
        const at = now();
        const { content, unreadable } = kind.structure(input);
        await db.run(
          `INSERT INTO ${table} (id, user_id, status, created_at, updated_at, version, content, unreadable, language, ${columns.join(', ')})
           VALUES (?, ?, 'draft', ?, ?, ?, ?, ?, ?, ${columns.map(() => '?').join(', ')})`,
          [id, userId, at, at, await versions.bump(userId), content, unreadable, language, ...values(input)],
        );
        return kind.toDto(await found(id));
      }),
    /** An edit of a published plan is translated again before the answer. */
    async update(id: string, input: Input, callerId: string): Promise<Dto> {
      const edited = await db.transaction(async () => {
        const plan = await found(id, true);
        const { content, unreadable } = kind.structure(input);
        await db.run(
          `UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')}, content = ?, unreadable = ?, translations = '{}', translation_retry = 0, updated_at = ?, version = ? WHERE id = ?`,
          [...values(input), content, unreadable, now(), await versions.bump(plan.user_id), id],
        );
        const edited = await found(id);
        if (edited.status === 'published') await published(edited);
        return edited;
      });
      if (edited.status === 'published') await translateStored(id, callerId);
      return kind.toDto(await found(id));
    },
    /** Publishing twice changes nothing and notifies once: the button is disabled, a replay is harmless. */
    async publish(id: string, callerId: string): Promise<Dto> {
      if (await publishNow(id)) await translateStored(id, callerId);
      return kind.toDto(await found(id));
    },
    /**
     * The author's words for the plan's translation into `locale`, replacing the ones they gave
     * before for it; each must name a text of the plan. A published plan is translated again at
     * once with them (the model is asked only for texts nobody gave words for).
     */
    async editTranslation(id: string, edit: PlanTranslationEdit, callerId: string): Promise<Dto> {
      const { locale } = edit;
      const stored = await db.transaction(async () => {
        const row = await found(id, true);
        const plan = kind.toDto(row);
        if (locale === plan.language) throw validationError([{ field: 'locale', key: 'validation.invalidOption' }]);
        const known = new Set(planTexts({ ...plan, details: kind.details(plan) }, kind.rewrite).map((item) => planTextKey(item.context as PlanTextKind, item.text)));
        const problems = edit.texts.flatMap((text, i) => (known.has(planTextKey(text.kind, text.source)) ? [] : [{ field: `texts[${i}].source`, key: 'validation.invalidOption' }]));
        if (problems.length > 0) throw validationError(problems);
        const edits = { ...(JSON.parse(row.translation_edits) as TranslationEdits), [locale]: Object.fromEntries(edit.texts.map((text) => [planTextKey(text.kind, text.source), text.text])) };
        await db.run(`UPDATE ${table} SET translation_edits = ?, updated_at = ?, version = ? WHERE id = ?`, [JSON.stringify(edits), now(), await versions.bump(row.user_id), id]);
        return found(id);
      });
      if (stored.status === 'published') await translateStored(id, callerId);
      return kind.toDto(await found(id));
    },
    /** Translates a plan published another way (the demo seed). */
    translate: (id: string, callerId: string) => translateStored(id, callerId),
    /**
     * The background round: translates the published plans with no stored translation (published
     * before migration 0016, or whose translation never landed), one at a time, on the server's
     * key, each claimed first so that instances running the round together translate each plan
     * once (ADR 031); stops at the first the model failed on (out of quota, the rest would fail
     * too). Returns how many it stored.
     */
    async translateUntranslated(): Promise<number> {
      let stored = 0;
      for (let claim = await claimNext(); claim; claim = await claimNext()) {
        let outcome: Awaited<ReturnType<typeof translateStored>>;
        try {
          outcome = await translateStored(claim.id, BACKGROUND_TRANSLATOR, true);
        } catch (error) {
          // Removed since it was claimed: nothing to translate.
          if (error instanceof DomainError && error.code === 'NOT_FOUND') continue;
          throw error;
        }
        if (outcome === 'model-failed') {
          await release(claim);
          break;
        }
        if (outcome === 'stored') stored += 1;
        // 'stale': edited meanwhile, and the edit translates it; the claim keeps this round from
        // taking it again, and runs out for a later round should the edit's translation fail.
      }
      return stored;
    },
    remove: (id: string): Promise<void> =>
      db.transaction(async () => {
        const plan = await found(id, true);
        const at = now();
        await db.run(`UPDATE ${table} SET deleted_at = ?, updated_at = ?, version = ? WHERE id = ?`, [at, at, await versions.bump(plan.user_id), id]);
      }),
    /**
     * Structures the plans stored before texts were structured on save (ADR 024), each with a new
     * sync version so that devices pull the new shape; the next start finds none. Returns how many.
     */
    structureOlderPlans: (): Promise<number> =>
      db.transaction(async () => {
        const rows = await db.all<Raw>(`SELECT * FROM ${table} WHERE content IS NULL${lock}`);
        for (const row of rows) {
          const { content, unreadable } = kind.restructure(row);
          await db.run(`UPDATE ${table} SET content = ?, unreadable = ?, version = ? WHERE id = ?`, [content, unreadable, await versions.bump(row.user_id), row.id]);
        }
        return rows.length;
      }),
  };
}

export function createPlanAuthoring(db: SqlDatabase, versions: SyncVersions, notifications: Notifications, notices: Notices, now: () => number, translatePlan: TranslatePlan, exerciseNames: ExerciseNames) {
  const diets = authoring(db, versions, notifications, notices, now, translatePlan, DIET);
  // Each exercise of a published workout gets its stable id (ADR 030).
  const workouts = authoring(db, versions, notifications, notices, now, translatePlan, WORKOUT, async (plan) => {
    await exerciseNames.identify(plan.user_id, WORKOUT.toDto(plan).content);
  });
  return {
    diets,
    workouts,
    /** The start-up backfill of both kinds; how many plans it structured. */
    structureOlderPlans: async () => (await diets.structureOlderPlans()) + (await workouts.structureOlderPlans()),
    /** The background translation round of both kinds; how many plans it translated. */
    translateUntranslated: async () => (await diets.translateUntranslated()) + (await workouts.translateUntranslated()),
  };
}

export type PlanAuthoring = ReturnType<typeof createPlanAuthoring>;
