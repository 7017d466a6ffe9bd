import { EXERCISE_NAME_MAX } from '../mutations/fields.ts';
import { foldText } from './fold.ts';

/**
 * The form of an exercise's name that its history follows (issue 48, ADR 030): a coach who
 * retypes "Supino reto" as "supino-reto" or "SUPINO RETO" in a new version of the plan keeps the
 * client's history with it. Lower case, no accents, punctuation read as a space, single spaces.
 */
export function exerciseNameKey(name: string): string {
  return foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The key a session's exercise is kept under: the name's key, cut to a change's limit (a name of punctuation alone is its own key). */
export const exerciseKeyOf = (name: string) => (exerciseNameKey(name) || name.trim()).slice(0, EXERCISE_NAME_MAX);

/** A name's key and the exercise it names (the synced `ExerciseName` row, without its id). */
export interface NamedExercise {
  nameKey: string;
  exerciseId: string;
}

/**
 * Every name key of the exercise `nameKey` names, `nameKey` first: what its history reads. A name
 * no published plan and no merge gave an id names an exercise of its own.
 */
export function namesOfExercise(nameKey: string, names: readonly NamedExercise[]): string[] {
  const exerciseId = names.find((name) => name.nameKey === nameKey)?.exerciseId;
  if (exerciseId === undefined) return [nameKey];
  return [nameKey, ...names.filter((name) => name.exerciseId === exerciseId && name.nameKey !== nameKey).map((name) => name.nameKey)];
}

/** The exercise each name key names: its id, or the key itself for a name with none (see `namesOfExercise`). */
export function exerciseOfName(names: readonly NamedExercise[]): (nameKey: string) => string {
  const byKey = new Map(names.map((name) => [name.nameKey, name.exerciseId]));
  return (nameKey) => byKey.get(nameKey) ?? nameKey;
}

/**
 * The rows a coach's merge of `from` into `into` writes (ADR 030): every name of `from`'s exercise
 * takes `into`'s exercise id, either name given a row first if it has none. Nothing when both
 * already name one exercise (a merge repeated changes nothing).
 */
export function mergedNames<Row extends NamedExercise & { id: string }>(names: readonly Row[], from: string, into: string, newId: () => string): (Row | (NamedExercise & { id: string }))[] {
  if (from === into) return [];
  const byKey = new Map(names.map((name) => [name.nameKey, name]));
  const target = byKey.get(into) ?? { id: newId(), nameKey: into, exerciseId: newId() };
  const source = byKey.get(from);
  if (source?.exerciseId === target.exerciseId) return [];
  const moved = source === undefined ? [{ id: newId(), nameKey: from, exerciseId: target.exerciseId }] : names.filter((name) => name.exerciseId === source.exerciseId).map((name) => ({ ...name, exerciseId: target.exerciseId }));
  return [...(byKey.has(into) ? [] : [target]), ...moved];
}

/** The row that takes `nameKey` out of the exercise it shares with other names (a merge undone); null when it names one alone. */
export function separatedName<Row extends NamedExercise>(names: readonly Row[], nameKey: string, newId: () => string): Row | null {
  const row = names.find((name) => name.nameKey === nameKey);
  if (row === undefined || !names.some((name) => name.exerciseId === row.exerciseId && name.nameKey !== nameKey)) return null;
  return { ...row, exerciseId: newId() };
}
