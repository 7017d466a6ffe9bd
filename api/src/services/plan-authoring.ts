/**
 * Authoring of diets and workouts by admins and teachers (SPEC §2 admin panel, §4 draft →
 * published). Every write bumps the plan's sync version, so the client's devices learn of it on
 * their next pull: a draft or a deleted plan reaches them as a tombstone, a published one as
 * content. Publishing also notifies the client, in their language, in the same transaction, and
 * then translates the plan into the other two languages (ADR 024), as does an edit of a published
 * plan; the translation lands with one more version.
 */
import type Database from 'better-sqlite3';
import type { DietPlanInput, PlanTranslationEdit, WorkoutPlanInput } from '#protocol/schemas/plans.ts';
import { DEFAULT_LOCALE, toLocale, type Locale } from '#protocol/i18n/locales.ts';
import { planTextKey, rewriteDiet, rewriteWorkout, type DietContent, type PlanTextKind, type WorkoutContent } from '#protocol/domain/plan-content.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import { translate } from '../i18n/translate.ts';
import { dietColumns, dietText, toDietPlan, toWorkoutPlan, workoutColumns, workoutText, type DietPlanRaw, type WorkoutPlanRaw } from './plans.ts';
import type { DietPlanDto, PlanDetails, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { Notifications } from '../repositories/notifications.ts';
import type { SyncVersions } from '../repositories/sync-versions.ts';
import type { ExerciseNames } from './exercise-names.ts';
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

function authoring<
  Input extends object,
  Raw extends { id: string; user_id: string; status: string; title: string; version: number; translation_edits: string },
  Dto extends Omit<PlanWords<Content>, 'details'> & { language: Locale },
  Content,
>(
  sqlite: Database.Database,
  versions: SyncVersions,
  notifications: Notifications,
  now: () => number,
  translatePlan: TranslatePlan,
  kind: Kind<Input, Raw, Dto, Content>,
  /** What else publishing (or editing a published plan) does, in its transaction. */
  published: (plan: Raw) => void = () => {},
) {
  const fields = Object.keys(kind.columns) as (keyof Input & string)[];
  const columns = fields.map((field) => kind.columns[field]);
  const byId = sqlite.prepare<[string], Raw>(`SELECT * FROM ${kind.table} WHERE id = ? AND deleted_at IS NULL`);
  const listFor = sqlite.prepare<[string], Raw>(`SELECT * FROM ${kind.table} WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`);
  const insert = sqlite.prepare(
    `INSERT INTO ${kind.table} (id, user_id, status, created_at, updated_at, version, content, unreadable, language, ${columns.join(', ')})
     VALUES (@id, @userId, 'draft', @now, @now, @version, @content, @unreadable, @language, ${fields.map((f) => `@${f}`).join(', ')})`,
  );
  const update = sqlite.prepare(
    `UPDATE ${kind.table} SET ${fields.map((f) => `${kind.columns[f]} = @${f}`).join(', ')}, content = @content, unreadable = @unreadable, translations = '{}', translation_retry = 0, updated_at = @now, version = @version WHERE id = @id`,
  );
  const unstructured = sqlite.prepare<[], Raw>(`SELECT * FROM ${kind.table} WHERE content IS NULL`);
  const untranslated = sqlite.prepare<[], { id: string }>(`SELECT id FROM ${kind.table} WHERE status = 'published' AND deleted_at IS NULL AND (translations = '{}' OR translation_retry = 1) ORDER BY published_at`);
  const restructure = sqlite.prepare(`UPDATE ${kind.table} SET content = @content, unreadable = @unreadable, version = @version WHERE id = @id`);
  const storeTranslations = sqlite.prepare(`UPDATE ${kind.table} SET translations = @translations, translation_retry = @retry, version = @version WHERE id = @id`);
  const storeEdits = sqlite.prepare(`UPDATE ${kind.table} SET translation_edits = @edits, updated_at = @now, version = @version WHERE id = @id`);
  const publish = sqlite.prepare(`UPDATE ${kind.table} SET status = 'published', published_at = @now, updated_at = @now, version = @version WHERE id = @id`);
  const remove = sqlite.prepare(`UPDATE ${kind.table} SET deleted_at = @now, updated_at = @now, version = @version WHERE id = @id`);
  const languageOf = sqlite.prepare<[string], { preferred_language: string }>('SELECT preferred_language FROM users WHERE id = ?');

  /** Every form field, absent optional ones as NULL, so an edit can clear a field; and their structure. */
  const values = (input: Input) => ({
    ...Object.fromEntries(fields.map((field) => [field, (input as Record<string, unknown>)[field] ?? null])),
    ...kind.structure(input),
  });

  const found = (id: string): Raw => {
    const row = byId.get(id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  };

  /** Publishes a draft and notifies its client; false when it was published already. */
  const publishNow = sqlite.transaction((id: string): boolean => {
    const plan = found(id);
    if (plan.status === 'published') return false;
    publish.run({ id, now: now(), version: versions.bump(plan.user_id) });
    published(found(id));
    const locale = toLocale(languageOf.get(plan.user_id)?.preferred_language) ?? DEFAULT_LOCALE;
    notifications.add(plan.user_id, {
      id: uuidv7(now()),
      type: kind.notification,
      title: translate(locale, `notifications.${kind.messageKey}.title`),
      message: translate(locale, `notifications.${kind.messageKey}.message`, { title: plan.title }),
    });
    return true;
  });

  /**
   * Translates a published plan as it is now and stores it, whose AI key and quota `callerId`'s
   * are. The author waits for it (what the route answers carries it) and gets whatever the model
   * and the catalog knew, the plan marked for the background round if the model failed; that
   * round (`later`) stores nothing when the model failed, and the plan waits for the next one.
   */
  async function translateStored(id: string, callerId: string, later = false): Promise<'stored' | 'stale' | 'model-failed'> {
    const row = found(id);
    const plan = kind.toDto(row);
    const edits = JSON.parse(row.translation_edits) as TranslationEdits;
    const { translations, modelFailed } = await translatePlan(callerId, plan.language, { ...plan, details: kind.details(plan) }, kind.rewrite, edits);
    if (later && modelFailed) return 'model-failed';
    return sqlite.transaction(() => {
      // Only onto the text it was made from: an edit or a removal meanwhile moved the version, and
      // an edit brings its own translation.
      if (byId.get(id)?.version !== row.version) return 'stale';
      storeTranslations.run({ id, translations: JSON.stringify(translations), retry: modelFailed ? 1 : 0, version: versions.bump(row.user_id) });
      return 'stored';
    })();
  }

  return {
    /** The client a plan belongs to, for the caller's scope check; 404 when there is no such plan. */
    ownerOf: (id: string) => found(id).user_id,
    listFor: (userId: string) => listFor.all(userId).map(kind.toDto),
    /** `language` is the author's, the one they wrote in (their request's); an edit keeps it. */
    create: sqlite.transaction((userId: string, input: Input, language: Locale): Dto => {
      const id = uuidv7(now());
      insert.run({ ...values(input), id, userId, language, now: now(), version: versions.bump(userId) });
      return kind.toDto(found(id));
    }),
    /** An edit of a published plan is translated again before the answer. */
    async update(id: string, input: Input, callerId: string): Promise<Dto> {
      const edited = sqlite.transaction(() => {
        const plan = found(id);
        update.run({ ...values(input), id, now: now(), version: versions.bump(plan.user_id) });
        const edited = found(id);
        if (edited.status === 'published') published(edited);
        return edited;
      })();
      if (edited.status === 'published') await translateStored(id, callerId);
      return kind.toDto(found(id));
    },
    /** Publishing twice changes nothing and notifies once: the button is disabled, a replay is harmless. */
    async publish(id: string, callerId: string): Promise<Dto> {
      const published = publishNow(id);
      if (published) await translateStored(id, callerId);
      return kind.toDto(found(id));
    },
    /**
     * The author's words for the plan's translation into `locale`, replacing the ones they gave
     * before for it; each must name a text of the plan. A published plan is translated again at
     * once with them (the model is asked only for texts nobody gave words for).
     */
    async editTranslation(id: string, edit: PlanTranslationEdit, callerId: string): Promise<Dto> {
      const { locale } = edit;
      const stored = sqlite.transaction(() => {
        const row = found(id);
        const plan = kind.toDto(row);
        if (locale === plan.language) throw validationError([{ field: 'locale', key: 'validation.invalidOption' }]);
        const known = new Set(planTexts({ ...plan, details: kind.details(plan) }, kind.rewrite).map((item) => planTextKey(item.context as PlanTextKind, item.text)));
        const problems = edit.texts.flatMap((text, i) => (known.has(planTextKey(text.kind, text.source)) ? [] : [{ field: `texts[${i}].source`, key: 'validation.invalidOption' }]));
        if (problems.length > 0) throw validationError(problems);
        const edits = { ...(JSON.parse(row.translation_edits) as TranslationEdits), [locale]: Object.fromEntries(edit.texts.map((text) => [planTextKey(text.kind, text.source), text.text])) };
        storeEdits.run({ id, edits: JSON.stringify(edits), now: now(), version: versions.bump(row.user_id) });
        return found(id);
      })();
      if (stored.status === 'published') await translateStored(id, callerId);
      return kind.toDto(found(id));
    },
    /** Translates a plan published another way (the demo seed). */
    translate: (id: string, callerId: string) => translateStored(id, callerId),
    /**
     * The background round: translates the published plans with no stored translation (published
     * before migration 0016, or whose translation never landed), one at a time, on the server's
     * key; stops at the first the model failed on (out of quota, the rest would fail too).
     * Returns how many it stored.
     */
    async translateUntranslated(): Promise<number> {
      let stored = 0;
      for (const { id } of untranslated.all()) {
        const outcome = await translateStored(id, BACKGROUND_TRANSLATOR, true);
        if (outcome === 'model-failed') break;
        if (outcome === 'stored') stored += 1;
      }
      return stored;
    },
    remove: sqlite.transaction((id: string): void => {
      const plan = found(id);
      remove.run({ id, now: now(), version: versions.bump(plan.user_id) });
    }),
    /**
     * Structures the plans stored before texts were structured on save (ADR 024), each with a new
     * sync version so that devices pull the new shape; the next start finds none. Returns how many.
     */
    structureOlderPlans: sqlite.transaction((): number => {
      const rows = unstructured.all();
      for (const row of rows) restructure.run({ ...kind.restructure(row), id: row.id, version: versions.bump(row.user_id) });
      return rows.length;
    }),
  };
}

export function createPlanAuthoring(sqlite: Database.Database, versions: SyncVersions, notifications: Notifications, now: () => number, translatePlan: TranslatePlan, exerciseNames: ExerciseNames) {
  const diets = authoring(sqlite, versions, notifications, now, translatePlan, DIET);
  // Each exercise of a published workout gets its stable id (ADR 030).
  const workouts = authoring(sqlite, versions, notifications, now, translatePlan, WORKOUT, (plan) => exerciseNames.identify(plan.user_id, WORKOUT.toDto(plan).content));
  return {
    diets,
    workouts,
    /** The start-up backfill of both kinds; how many plans it structured. */
    structureOlderPlans: () => diets.structureOlderPlans() + workouts.structureOlderPlans(),
    /** The background translation round of both kinds; how many plans it translated. */
    translateUntranslated: async () => (await diets.translateUntranslated()) + (await workouts.translateUntranslated()),
  };
}

export type PlanAuthoring = ReturnType<typeof createPlanAuthoring>;
