/**
 * One day of meals for a client: which foods fill each meal (a plate model per meal kind) and how
 * much of each, fitted to the meal's share of the day's calories and macros.
 */
import type { DietaryRestriction, MedicalCondition } from '#protocol/domain/client-enums.ts';
import { FOODS, nutritionOf, suitsClient, type Food, type FoodGroup, type MealSlot } from './foods.ts';
import { rotate, stableHash } from './rotation.ts';

export interface Portion {
  food: Food;
  amount: number;
}

export interface PlannedMeal {
  kind: MealSlot;
  time: string;
  targetKcal: number;
  /** kcal of the fitted portions, rounded. */
  kcal: number;
  portions: Portion[];
}

/** A place on the plate: the first food group list with an allowed food fills it. */
interface Role {
  groups: readonly FoodGroup[];
  /** When no food of `groups` suits the client (low-carb, gluten-free and diabetic…). */
  fallback?: readonly FoodGroup[];
}

interface Plate {
  roles: readonly Role[];
  /** Tried one at a time while the fitted meal stays short of its calories. */
  extras: readonly Role[];
}

/**
 * Brazilian, Argentine and US plates alike: a starch, a protein and fruit in the morning; protein,
 * starch, beans, salad, a cooked vegetable and olive oil at lunch; lighter snacks and supper.
 */
const PLATES: Record<MealSlot, Plate> = {
  breakfast: {
    roles: [{ groups: ['carb'], fallback: ['fat'] }, { groups: ['protein', 'dairy'] }, { groups: ['fruit'] }, { groups: ['beverage'] }],
    extras: [{ groups: ['protein'] }, { groups: ['fat'] }, { groups: ['topping'] }],
  },
  morningSnack: { roles: [{ groups: ['fruit'] }, { groups: ['fat', 'dairy'] }], extras: [{ groups: ['dairy'] }, { groups: ['fat'] }, { groups: ['carb'] }] },
  lunch: {
    roles: [{ groups: ['protein'] }, { groups: ['carb'], fallback: ['vegetable'] }, { groups: ['legume'] }, { groups: ['salad'] }, { groups: ['vegetable'] }, { groups: ['fat'] }],
    extras: [{ groups: ['legume'] }],
  },
  afternoonSnack: {
    roles: [{ groups: ['dairy', 'protein'] }, { groups: ['carb', 'fruit'] }],
    extras: [{ groups: ['protein', 'dairy'] }, { groups: ['topping'] }, { groups: ['fat'] }],
  },
  dinner: {
    roles: [{ groups: ['protein'] }, { groups: ['carb'], fallback: ['vegetable'] }, { groups: ['salad'] }, { groups: ['vegetable'] }, { groups: ['fat'] }],
    extras: [{ groups: ['legume'] }],
  },
  supper: { roles: [{ groups: ['dairy'] }, { groups: ['beverage'] }], extras: [{ groups: ['fruit'] }, { groups: ['fat'] }] },
};

/** A meal fitted this far under its calories tries the plate's extras (large budgets, light picks). */
const SHORT_OF_TARGET = 0.95;
/** An extra food stays only when it cuts the meal's miss by this much: a clear gain for one more item. */
const EXTRA_GAIN = 0.7;
/** Candidates tried for one extra place before giving it up. */
const EXTRA_TRIES = 3;

interface MealTime {
  kind: MealSlot;
  time: string;
  /** Share of the day's calories. */
  share: number;
}

const SIX_MEALS: readonly MealTime[] = [
  { kind: 'breakfast', time: '07:00', share: 0.25 },
  { kind: 'morningSnack', time: '10:00', share: 0.1 },
  { kind: 'lunch', time: '12:30', share: 0.3 },
  { kind: 'afternoonSnack', time: '16:00', share: 0.1 },
  { kind: 'dinner', time: '19:30', share: 0.2 },
  { kind: 'supper', time: '22:00', share: 0.05 },
];

/** On a small budget a morning snack would be a few bites: five fuller meals instead. */
const FIVE_MEALS: readonly MealTime[] = [
  { kind: 'breakfast', time: '07:00', share: 0.25 },
  { kind: 'lunch', time: '12:30', share: 0.35 },
  { kind: 'afternoonSnack', time: '16:00', share: 0.15 },
  { kind: 'dinner', time: '19:30', share: 0.2 },
  { kind: 'supper', time: '22:00', share: 0.05 },
];
const FIVE_MEALS_BELOW_KCAL = 1500;

export interface DayRequest {
  /** Varies the foods between clients; the same seed always gives the same day. */
  seed: string;
  /** 0 = Monday … 6 = Sunday: rotates the foods so the week varies. */
  day: number;
  calories: number;
  macros: { protein: number; carbs: number; fat: number };
  restrictions: ReadonlySet<DietaryRestriction>;
  conditions: ReadonlySet<MedicalCondition>;
}

export function planDay(request: DayRequest): PlannedMeal[] {
  const allowed = FOODS.filter((item) => suitsClient(item, request.restrictions, request.conditions));
  const used = new Set<string>();
  const schedule = request.calories < FIVE_MEALS_BELOW_KCAL ? FIVE_MEALS : SIX_MEALS;
  return schedule.map(({ kind, time, share }) => {
    const target = {
      kcal: request.calories * share,
      protein: request.macros.protein * share,
      carbs: request.macros.carbs * share,
      fat: request.macros.fat * share,
    };
    const candidates = (role: Role, salt: string, inMeal: readonly Food[]) =>
      rotatedCandidates(allowed, role, kind, `${request.seed}|${kind}|${salt}`, request.day, used, inMeal);

    const foods: Food[] = [];
    for (const [index, role] of PLATES[kind].roles.entries()) {
      const [first] = candidates(role, String(index), foods);
      if (first) foods.push(first);
    }
    let portions = fitPortions(foods, target);
    for (const [index, extra] of PLATES[kind].extras.entries()) {
      if (totals(portions).kcal >= SHORT_OF_TARGET * target.kcal) break;
      const inMeal = portions.map((portion) => portion.food);
      for (const added of candidates(extra, `extra${index}`, inMeal).slice(0, EXTRA_TRIES)) {
        const withExtra = fitPortions([...inMeal, added], target);
        if (miss(totals(withExtra), target) < EXTRA_GAIN * miss(totals(portions), target)) {
          portions = withExtra;
          break;
        }
      }
    }
    for (const { food } of portions) used.add(food.id);
    return { kind, time, targetKcal: Math.round(target.kcal), kcal: Math.round(totals(portions).kcal), portions };
  });
}

/**
 * The foods that may fill a role, in a rotation set by the seed and the day: foods not yet on
 * today's menu first, never one already in this meal.
 */
function rotatedCandidates(allowed: readonly Food[], role: Role, kind: MealSlot, salt: string, day: number, used: ReadonlySet<string>, inMeal: readonly Food[]): Food[] {
  for (const groups of [role.groups, role.fallback ?? []]) {
    const candidates = allowed.filter((item) => groups.includes(item.group) && item.slots.includes(kind) && !inMeal.includes(item));
    if (candidates.length === 0) continue;
    const offset = stableHash(salt) + day;
    return [...rotate(candidates.filter((item) => !used.has(item.id)), offset), ...rotate(candidates.filter((item) => used.has(item.id)), offset)];
  }
  return [];
}

type Totals = ReturnType<typeof nutritionOf>;

export function totals(portions: readonly Portion[]): Totals {
  const sum: Totals = { kcal: 0, protein: 0, carbs: 0, fat: 0 };
  for (const { food, amount } of portions) {
    const part = nutritionOf(food, amount);
    sum.kcal += part.kcal;
    sum.protein += part.protein;
    sum.carbs += part.carbs;
    sum.fat += part.fat;
  }
  return sum;
}

/**
 * Squared misses in kcal: calories weigh most, so a meal lands near its share; the macros then
 * decide between portions of the same energy, protein first (more chicken, less rice when short).
 */
function miss(actual: Totals, target: Totals): number {
  const kcal = actual.kcal - target.kcal;
  const protein = 4 * (actual.protein - target.protein);
  const carbs = 4 * (actual.carbs - target.carbs);
  const fat = 9 * (actual.fat - target.fat);
  return 4 * kcal ** 2 + 3 * protein ** 2 + carbs ** 2 + fat ** 2;
}

const MAX_ADJUSTMENTS = 200;
/** What a light meal may go without: the starch, beans, oil or a topping, never its protein or fruit. */
const OPTIONAL_GROUPS: readonly FoodGroup[] = ['carb', 'legume', 'fat', 'topping'];

/** Steps of ½ or 0.5 add up with float error: amounts are kept to the hundredth. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

const clampToStep = (item: Food, amount: number) => hundredths(Math.min(item.max, Math.max(item.min, Math.round(amount / item.step) * item.step)));

/** One step down, or out of the meal from its least amount; one step up, or back in at its least. */
function neighbours(item: Food, amount: number, removable: boolean): number[] {
  if (amount === 0) return [item.min];
  const down = amount - item.step >= item.min - 1e-9 ? hundredths(amount - item.step) : removable ? 0 : null;
  const up = amount + item.step <= item.max + 1e-9 ? hundredths(amount + item.step) : null;
  return [down, up].filter((next): next is number => next !== null);
}

/**
 * Scales the adjustable foods together to the meal's calories, then moves one portion a step at a
 * time while that lowers the miss: a small search over household amounts that stays readable
 * ('4 colheres', never '3,87'). Past the meal's first food, optional ones may drop out when the
 * budget is small (no rice at a light dinner).
 */
export function fitPortions(foods: readonly Food[], target: Totals): Portion[] {
  const fixed = foods.filter((item) => item.step === 0);
  const fixedKcal = totals(fixed.map((food) => ({ food, amount: food.portion.amount }))).kcal;
  const adjustableKcal = foods.reduce((sum, item) => sum + (item.step === 0 ? 0 : item.kcal), 0);
  const scale = adjustableKcal > 0 ? Math.max(0, target.kcal - fixedKcal) / adjustableKcal : 1;
  const portions = foods.map((food) => ({ food, amount: food.step === 0 ? food.portion.amount : clampToStep(food, food.portion.amount * scale) }));

  let best = miss(totals(portions), target);
  for (let round = 0; round < MAX_ADJUSTMENTS; round++) {
    let move: { index: number; portion: Portion; miss: number } | null = null;
    for (const [index, { food, amount }] of portions.entries()) {
      if (food.step === 0) continue;
      for (const next of neighbours(food, amount, index > 0 && OPTIONAL_GROUPS.includes(food.group))) {
        const portion = { food, amount: next };
        const trialMiss = miss(totals(portions.map((current, i) => (i === index ? portion : current))), target);
        if (trialMiss < (move?.miss ?? best)) move = { index, portion, miss: trialMiss };
      }
    }
    if (move === null) break;
    portions[move.index] = move.portion;
    best = move.miss;
  }
  return portions.filter((portion) => portion.amount > 0);
}
