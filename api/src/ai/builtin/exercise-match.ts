/**
 * Matches an exercise a vision model identified ("Back squat", quadriceps, glutes) to the catalog:
 * by the words of its names against every catalog name in any language, and by the muscle
 * groups they share. Accent and case do not matter.
 */
import { LOCALES } from '#protocol/i18n/locales.ts';
import { EXERCISES } from './exercises.ts';
import { fold, words } from './text.ts';

export interface IdentifiedForMatching {
  name: string;
  alternativeNames: string[];
  muscleGroups: string[];
}

export interface ExerciseMatch {
  id: string;
  /** en-US, as the identification is. */
  name: string;
  muscleGroups: string[];
  /** 0 to 1, two decimals. */
  score: number;
}

/** Names weigh most: muscles alone only tell which exercises are related. */
const NAME_WEIGHT = 0.75;
const MUSCLE_WEIGHT = 0.25;

/** Words that name no movement: 'Supino reto com barra' and 'Barbell bench press' share 'barra'/'barbell', not 'com'. */
const FILLER = new Set(['a', 'an', 'and', 'the', 'of', 'with', 'on', 'in', 'de', 'da', 'do', 'das', 'dos', 'del', 'la', 'el', 'los', 'las', 'con', 'com', 'em', 'en', 'na', 'no', 'e', 'y', 'al']);

/** Words of a name, singular: 'Push-ups' and 'push-up' are one word, 'pushup'. */
function nameWords(name: string): Set<string> {
  return new Set(
    words(name.replace(/(\p{L})-(\p{L})/gu, '$1$2'))
      .filter((word) => !FILLER.has(word))
      .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)),
  );
}

/** Shared words over all words (Jaccard): 'back squat' against 'barbell back squat' is 2/3. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

const CATALOG = EXERCISES.map((exercise) => ({
  exercise,
  names: [...LOCALES.map((locale) => exercise.names[locale]), ...exercise.alternativeNames].map(nameWords),
  muscles: new Set(exercise.muscleGroups.map(fold)),
}));

/** The identified name is the model's best reading; its alternatives count a little less. */
const ALTERNATIVE_NAME_WEIGHT = 0.9;

export function matchExercises(identified: IdentifiedForMatching, limit = 5): ExerciseMatch[] {
  const names = [
    { tokens: nameWords(identified.name), weight: 1 },
    ...identified.alternativeNames.map((name) => ({ tokens: nameWords(name), weight: ALTERNATIVE_NAME_WEIGHT })),
  ];
  const muscles = new Set(identified.muscleGroups.map(fold));
  return CATALOG.map(({ exercise, names: catalogNames, muscles: catalogMuscles }) => {
    const nameScore = Math.max(0, ...names.flatMap(({ tokens, weight }) => catalogNames.map((catalogName) => weight * overlap(tokens, catalogName))));
    const score = NAME_WEIGHT * nameScore + MUSCLE_WEIGHT * overlap(muscles, catalogMuscles);
    return { id: exercise.id, name: exercise.names['en-US'], muscleGroups: [...exercise.muscleGroups], score: Math.round(score * 100) / 100 };
  })
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, Math.max(0, limit));
}
