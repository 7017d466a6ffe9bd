/**
 * Drafts, translations and exercise recognition for the admin panel (SPEC §7, issue 6 parts 5–7).
 * The key is the calling teacher's own (stored sealed), else the server's OPENAI_API_KEY; with
 * neither, the built-in generator and catalog answer, so every button works with no network.
 * What goes to the provider is what the draft needs: no name, email or phone of the client.
 */
import { array, object, string, ValidationError } from 'yup';
import { analyseNutrition } from '#protocol/domain/nutrition.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { dietPlanInputSchema, workoutPlanInputSchema } from '#protocol/schemas/plans.ts';
import type { Config } from '../config.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { UserRow } from '../db/schema/index.ts';
import { DomainError } from '#protocol/errors.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import { latestWeight } from '../repositories/weight-records.ts';
import type { Logger } from '../logger.ts';
import type { GeneratedDiet, GeneratedWorkout, GenerationSource, IdentifiedExercise } from '#protocol/contract/staff.ts';
import { generateBuiltinDiet } from './builtin/diet-generator.ts';
import { generateBuiltinWorkout } from './builtin/workout-generator.ts';
import type { ClientProfile } from './builtin/profile.ts';
import type { KeyVault } from './key-vault.ts';
import { askForJson, type AiEndpoint, type UserContent } from './openai-client.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';

const LANGUAGE_NAMES: Record<Locale, string> = {
  'pt-BR': 'Brazilian Portuguese (pt-BR)',
  'es-AR': 'Argentine Spanish (es-AR, voseo)',
  'en-US': 'US English (en-US)',
};

const DIET_INSTRUCTIONS = `You are a registered nutritionist drafting a diet plan that a human professional will review before the client sees it.
Answer with one JSON object with exactly these keys:
"title" (string), "description" (string), "dailyCalories" (integer kcal per day),
"macros" (object {"protein": grams, "carbs": grams, "fat": grams} per day),
"meals" (array of {"name", "time" as HH:MM, "calories" (integer), "foods" (array of strings with portions), "preparation"}; 5 or 6 meals including an evening snack),
"weeklyMenu" (string, one line per weekday), "tips" (array of strings), "substitutions" (array of strings "food ↔ equivalent").
Base the calories on the nutrition analysis given. Strictly respect every dietary restriction and medical condition. Prefer foods common in the client's country.`;

const WORKOUT_INSTRUCTIONS = `You are a certified personal trainer drafting a workout plan that a human professional will review before the client sees it.
Answer with one JSON object with exactly these keys:
"title" (string), "description" (string), "duration" (string, e.g. "8 weeks"), "frequency" (string, e.g. "3 times a week"),
"weeklySchedule" (array of {"day": weekday name, "workout": {"name", "duration", "type", "exercises": [{"name", "sets", "reps", "rest", "notes", "safety"}]}}),
"progressionTips" (array of strings), "safetyNotes" (array of strings).
Match volume and intensity to the activity level and goal; keep it low-impact and moderate for heart problems, hypertension or obesity.`;

const TRANSLATE_INSTRUCTIONS = `You translate short texts of a diet or workout plan. Answer with one JSON object {"translations": [...]} holding exactly one translated string per input text, in the same order. Keep quantities, units and numbers. Do not add explanations.`;

const EXERCISE_INSTRUCTIONS = `You identify the gym exercise shown in a photo. Answer with one JSON object {"name": English exercise name, "muscleGroups": [English muscle groups], "equipment": [English equipment], "description": one sentence in English, "alternativeNames": [other common names in English, Portuguese and Spanish]}.`;

const identifiedExerciseSchema = object({
  name: string().trim().required().max(200),
  muscleGroups: array(string().trim().required().max(100)).max(20).default([]),
  equipment: array(string().trim().required().max(100)).max(20).default([]),
  description: string().trim().max(2000).default(''),
  alternativeNames: array(string().trim().required().max(200)).max(30).default([]),
});

/**
 * The client fields a draft is based on; the weight is the current one (the latest record's,
 * ADR 018), as the nutrition card beside the draft reads it.
 */
export async function toClientProfile(db: SqlDatabase, user: UserRow): Promise<ClientProfile> {
  const latest = await latestWeight(db, user.id);
  return {
    id: user.id,
    name: user.name,
    birthDate: user.birthDate,
    gender: user.gender,
    height: user.height,
    currentWeight: latest?.weight ?? user.currentWeight,
    targetWeight: user.targetWeight,
    activityLevel: user.activityLevel,
    goalType: user.goalType,
    weeklyWeightGoal: user.weeklyWeightGoal,
    dietaryRestrictions: user.dietaryRestrictions,
    medicalConditions: user.medicalConditions,
  };
}

/** The model's draft must fit the form exactly as a human's would; extra keys are dropped. */
async function validDraft<T>(schema: typeof dietPlanInputSchema | typeof workoutPlanInputSchema, output: unknown): Promise<T> {
  if (typeof output !== 'object' || output === null || Array.isArray(output)) throw new DomainError('AI_INVALID_RESPONSE');
  try {
    return (await schema.validate(output, { abortEarly: false, stripUnknown: true })) as T;
  } catch (error) {
    if (error instanceof ValidationError || error instanceof TypeError) throw new DomainError('AI_INVALID_RESPONSE');
    throw error;
  }
}

export interface ContentGenerationDeps {
  config: Config;
  db: SqlDatabase;
  vault: KeyVault;
  log: Logger;
  now: () => number;
  /** Calls that reach a model, per caller: each one costs the key's owner money. */
  limiter: RateLimiter;
}

type Endpoint = AiEndpoint & { keyOwner: 'teacher' | 'server' };

export function createContentGeneration({ config, db, vault, log, now, limiter }: ContentGenerationDeps) {
  /** The caller's own key when they are a teacher with one, else the server's; null means built-in. */
  async function endpointFor(callerId: string): Promise<Endpoint | null> {
    const row = await db.get<{ ai_key_encrypted: string | null; role: string }>('SELECT ai_key_encrypted, role FROM users WHERE id = ?', [callerId]);
    const own = row?.role === 'teacher' && row.ai_key_encrypted ? vault.open(row.ai_key_encrypted) : null;
    const apiKey = own ?? config.openaiApiKey;
    if (!apiKey) return null;
    return { apiKey, baseUrl: config.openaiBaseUrl, model: config.openaiModel, keyOwner: own ? 'teacher' : 'server' };
  }

  const today = () => new Date(now()).toISOString().slice(0, 10);
  const locale = (client: UserRow) => client.preferredLanguage as Locale;

  /** What the model is told about the client: the body and goals, never who they are. */
  function brief(client: UserRow, profile: ClientProfile) {
    const analysis = analyseNutrition({ ...profile, weeklyGoal: profile.weeklyWeightGoal }, today());
    const { id: _id, name: _name, ...body } = profile;
    return JSON.stringify({
      language: LANGUAGE_NAMES[locale(client)],
      country: client.countryCode,
      client: body,
      nutritionAnalysis: analysis.ok ? analysis.analysis : { missing: analysis.missing },
    });
  }

  /** Asks the caller's model; null when no key is configured (the built-in answers instead). */
  async function ask(callerId: string, event: string, system: string, user: UserContent, given?: Endpoint) {
    const endpoint = given ?? (await endpointFor(callerId));
    if (!endpoint) return null;
    // Over the limit the caller reads SPEC §8's quota message, as when the provider itself says 429.
    await refuseWhenLimited(limiter, callerId, 'AI_QUOTA_EXCEEDED');
    await limiter.hit(callerId);
    try {
      return await askForJson(endpoint, system, user);
    } catch (error) {
      if (error instanceof DomainError) log.error(event, { code: error.code, keyOwner: endpoint.keyOwner, ...error.values });
      throw error;
    }
  }

  return {
    /** Stores (or with null removes) a teacher's own key, sealed; it is never read back to anyone. */
    async setTeacherKey(teacherId: string, apiKey: string | null): Promise<void> {
      await db.run('UPDATE users SET ai_key_encrypted = ? WHERE id = ?', [apiKey ? vault.seal(apiKey) : null, teacherId]);
    },

    async diet(callerId: string, client: UserRow): Promise<{ diet: GeneratedDiet; source: GenerationSource }> {
      const language = `Write every text in ${LANGUAGE_NAMES[locale(client)]}.`;
      const profile = await toClientProfile(db, client);
      const output = await ask(callerId, 'ai.diet.failed', `${DIET_INSTRUCTIONS}\n${language}`, brief(client, profile));
      if (output === null) return { diet: generateBuiltinDiet({ client: profile, locale: locale(client), today: today() }), source: 'builtin' };
      return { diet: await validDraft<GeneratedDiet>(dietPlanInputSchema, output), source: 'ai' };
    },

    async workout(callerId: string, client: UserRow): Promise<{ workout: GeneratedWorkout; source: GenerationSource }> {
      const language = `Write every text, weekday names included, in ${LANGUAGE_NAMES[locale(client)]}.`;
      const profile = await toClientProfile(db, client);
      const output = await ask(callerId, 'ai.workout.failed', `${WORKOUT_INSTRUCTIONS}\n${language}`, brief(client, profile));
      if (output === null) return { workout: generateBuiltinWorkout({ client: profile, locale: locale(client), today: today() }), source: 'builtin' };
      return { workout: await validDraft<GeneratedWorkout>(workoutPlanInputSchema, output), source: 'ai' };
    },

    /**
     * One model call for a list of texts; null when no key is configured. `context` says what the
     * texts are: one kind for all, or one per text (a plan's meal names, foods, exercises … at once).
     */
    async translate(callerId: string, texts: string[], source: Locale, target: Locale, context: string | string[]): Promise<string[] | null> {
      const what = typeof context === 'string' ? `The texts are ${context}.` : 'The texts are parts of a diet or workout plan; "kinds" names what each one is, at the same position.';
      const system = `${TRANSLATE_INSTRUCTIONS}\nSource language: ${LANGUAGE_NAMES[source]}. Target language: ${LANGUAGE_NAMES[target]}. ${what}`;
      const output = await ask(callerId, 'ai.translate.failed', system, JSON.stringify(typeof context === 'string' ? { texts } : { texts, kinds: context }));
      if (output === null) return null;
      const translations = (output as { translations?: unknown }).translations;
      if (!Array.isArray(translations) || translations.length !== texts.length || !translations.every((t) => typeof t === 'string')) {
        throw new DomainError('AI_INVALID_RESPONSE');
      }
      return translations as string[];
    },

    /** A vision model names the exercise in the photo; there is no built-in fallback for images. */
    async identifyExercise(callerId: string, image: { mime: string; bytes: Uint8Array }): Promise<{ exercise: IdentifiedExercise; model: string }> {
      const endpoint = await endpointFor(callerId);
      if (!endpoint) throw new DomainError('AI_NOT_CONFIGURED');
      const dataUrl = `data:${image.mime};base64,${Buffer.from(image.bytes).toString('base64')}`;
      const output = await ask(
        callerId,
        'ai.exercise.failed',
        EXERCISE_INSTRUCTIONS,
        [
          { type: 'text', text: 'Which exercise is this?' },
          { type: 'image_url', image_url: { url: dataUrl } },
        ],
        endpoint,
      );
      try {
        return { exercise: await identifiedExerciseSchema.validate(output, { stripUnknown: true }), model: endpoint.model };
      } catch {
        throw new DomainError('AI_INVALID_RESPONSE');
      }
    },
  };
}

export type ContentGeneration = ReturnType<typeof createContentGeneration>;
