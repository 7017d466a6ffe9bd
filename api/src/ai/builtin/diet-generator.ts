/**
 * The built-in diet draft ("Gerar Dieta IA" with no AI key): the day's target from SPEC §9's
 * analysis, a day of meals from the food catalog fitted to it, a week that rotates the foods,
 * and tips and substitutions that respect the client's restrictions and conditions. Pure and
 * deterministic: the same client and day give the same draft.
 */
import type { Locale } from '#protocol/i18n/locales.ts';
import type { GeneratedDiet } from '#protocol/contract/staff.ts';
import { DIET_COPY, type DietCopy } from './diet-copy.ts';
import { dietTargets, type DietTargets } from './diet-targets.ts';
import { FOODS, foodLine, MEAL_NAMES, nutritionOf, suitsClient, type Food, type FoodGroup } from './foods.ts';
import { planDay, type PlannedMeal } from './meal-plan.ts';
import { readProfile, supportedLocale, type ClientProfile, type ProfileReading } from './profile.ts';
import { rotate, stableHash } from './rotation.ts';
import { formatNumber, GOAL_LABELS, lowerFirst, WEEKDAYS } from './text.ts';

export interface BuiltinDietInput {
  client: ClientProfile;
  locale: Locale;
  /** The client's calendar day, YYYY-MM-DD: their age is taken on it. */
  today: string;
}

export function generateBuiltinDiet(input: BuiltinDietInput): GeneratedDiet {
  const locale = supportedLocale(input.locale);
  const copy = DIET_COPY[locale];
  const reading = readProfile(input.client);
  const targets = dietTargets(input.client, reading, input.today);
  const week = WEEKDAYS[locale].map((_, day) =>
    planDay({ seed: input.client.id, day, calories: targets.calories, macros: targets.macros, restrictions: reading.restrictions, conditions: reading.conditions }),
  );
  const [monday = []] = week;
  return {
    title: copy.title(GOAL_LABELS[locale][reading.goalType], formatNumber(targets.calories, locale)),
    description: description(targets, reading, copy, locale),
    dailyCalories: targets.calories,
    macros: JSON.stringify(targets.macros),
    meals: monday.map((meal) => mealText(meal, reading, copy, locale)).join('\n\n'),
    weeklyMenu: weeklyMenu(week, locale),
    tips: tips(input.client, reading, copy, locale).join('\n'),
    substitutions: substitutions(monday, input.client.id, reading, locale).join('\n'),
  };
}

function description(targets: DietTargets, reading: ProfileReading, copy: DietCopy, locale: Locale): string {
  const kcal = (value: number) => formatNumber(value, locale);
  const target = kcal(targets.calories);
  const sentences: string[] = [];
  const { basis } = targets;
  if (basis) {
    const { analysis, dailyDelta } = basis;
    sentences.push(copy.analysis({ bmr: kcal(analysis.bmr), tdee: kcal(analysis.tdee), activity: copy.activity[analysis.activityLevel] }));
    const kg = formatNumber(Math.abs(basis.weeklyRate), locale, 2);
    if (dailyDelta < 0) sentences.push(copy.deficit(target, kcal(-dailyDelta), kg));
    else if (dailyDelta > 0) sentences.push(copy.surplus(target, kcal(dailyDelta), kg));
    else sentences.push(copy.maintain(target));
    if (basis.raisedFrom !== null) sentences.push(copy.raised(kcal(basis.raisedFrom), target));
  } else {
    sentences.push(copy.missing(listFormat(targets.missing.map((field) => copy.fields[field]), locale), target));
  }
  sentences.push(copy.split(targets.split.protein, targets.split.carbs, targets.split.fat));
  if (reading.restrictions.size > 0) sentences.push(copy.respects(listFormat([...reading.restrictions].map((r) => copy.restrictions[r]), locale)));
  if (reading.conditions.size > 0) sentences.push(copy.considers(listFormat([...reading.conditions].map((c) => copy.conditions[c]), locale)));
  return sentences.join(' ');
}

const listFormat = (items: readonly string[], locale: Locale) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);

const lowSodium = (reading: ProfileReading) => reading.conditions.has('hypertension') || reading.conditions.has('heartProblems');

/** SPEC §3 text: 'Almoço (12:30 - 520 kcal)', then 'Alimentos: …' and 'Preparo: …' (parseMeals reads all three languages). */
function mealText(meal: PlannedMeal, reading: ProfileReading, copy: DietCopy, locale: Locale): string {
  const seasoning = lowSodium(reading) && (meal.kind === 'lunch' || meal.kind === 'dinner') ? ` ${copy.lowSodium}` : '';
  return [
    `${MEAL_NAMES[meal.kind][locale]} (${meal.time} - ${meal.kcal} kcal)`,
    `${copy.foodsLabel}: ${meal.portions.map(({ food, amount }) => foodLine(food, amount, locale)).join(', ')}`,
    `${copy.preparationLabel}: ${copy.preparation[meal.kind]}${seasoning}`,
  ].join('\n');
}

/** What names a main meal in a week line: its protein, starch, beans and cooked vegetable. */
const DISH_GROUPS: readonly FoodGroup[] = ['protein', 'carb', 'legume', 'vegetable'];

/** 'Segunda-feira: Almoço — frango grelhado, arroz integral e feijão preto; Jantar — …', one line a day. */
function weeklyMenu(week: readonly PlannedMeal[][], locale: Locale): string {
  return week
    .map((meals, day) => {
      const dishes = meals
        .filter((meal) => meal.kind === 'lunch' || meal.kind === 'dinner')
        .map((meal) => {
          const names = meal.portions.filter(({ food }) => DISH_GROUPS.includes(food.group)).map(({ food }) => lowerFirst(food.names[locale], locale));
          return `${MEAL_NAMES[meal.kind][locale]} — ${listFormat(names, locale)}`;
        });
      return `${WEEKDAYS[locale][day]}: ${dishes.join('; ')}`;
    })
    .join('\n');
}

/** Water: 35 ml per kg of body weight (2 L without a weight), to the nearest 0.1 L. */
const ML_PER_KG = 35;
const DEFAULT_WATER_LITERS = 2;
/** At most six tips: the client-specific ones first, then general habits. */
const MAX_TIPS = 6;

function tips(client: ClientProfile, reading: ProfileReading, copy: DietCopy, locale: Locale): string[] {
  const weight = client.currentWeight;
  const hydration =
    weight && weight > 0 ? copy.hydrationByWeight(formatNumber(Math.round((weight * ML_PER_KG) / 100) / 10, locale, 1)) : copy.hydration(formatNumber(DEFAULT_WATER_LITERS, locale));
  const { conditions } = reading;
  const specific = [
    hydration,
    conditions.has('diabetes') || conditions.has('metabolicSyndrome') ? copy.glycemicTip : null,
    lowSodium(reading) ? copy.sodiumTip : null,
    conditions.has('hypothyroidism') ? copy.thyroidTip : null,
    conditions.has('other') ? copy.otherConditionTip : null,
    reading.restrictions.has('vegan') ? copy.veganTip : null,
  ].filter((tip): tip is string => tip !== null);
  return [...specific, ...copy.generalTips].slice(0, MAX_TIPS);
}

/** Foods a nutritionist usually offers swaps for; vegetables and drinks are free to vary. */
const SWAPPABLE: readonly FoodGroup[] = ['protein', 'carb', 'legume', 'fruit', 'dairy', 'fat', 'topping'];
const MAX_SUBSTITUTIONS = 8;
/** A swap may differ from the food it replaces by this share of its calories. */
const SWAP_KCAL_TOLERANCE = 0.15;

/**
 * 'Arroz integral (4 colheres de sopa – 100 g) ↔ Batata-doce cozida (160 g)': for foods of the
 * menu, an allowed food of the same group and meal in the amount of the same calories.
 */
function substitutions(meals: readonly PlannedMeal[], seed: string, reading: ProfileReading, locale: Locale): string[] {
  const allowed = FOODS.filter((item) => item.step > 0 && suitsClient(item, reading.restrictions, reading.conditions));
  const onMenu = new Set(meals.flatMap((meal) => meal.portions.map(({ food }) => food.id)));
  const lines: string[] = [];
  const swapped = new Set<string>();
  for (const meal of meals) {
    for (const portion of meal.portions) {
      if (!SWAPPABLE.includes(portion.food.group) || swapped.has(portion.food.id)) continue;
      const options = allowed.filter((item) => item.group === portion.food.group && item.slots.includes(meal.kind) && item.id !== portion.food.id);
      // Foods not on today's menu first (the point is to offer something new), in a rotation
      // per client; a swap must reach the same calories within its portion bounds.
      const ranked = [...options.filter((item) => !onMenu.has(item.id)), ...options.filter((item) => onMenu.has(item.id))];
      const kcal = nutritionOf(portion.food, portion.amount).kcal;
      const swap = rotate(ranked, stableHash(`${seed}|${portion.food.id}`))
        .map((food) => ({ food, amount: equivalentAmount(kcal, food) }))
        .find(({ food, amount }) => Math.abs(nutritionOf(food, amount).kcal - kcal) <= SWAP_KCAL_TOLERANCE * kcal);
      if (!swap) continue;
      swapped.add(portion.food.id);
      lines.push(`${foodLine(portion.food, portion.amount, locale)} ↔ ${foodLine(swap.food, swap.amount, locale)}`);
    }
  }
  return lines.slice(0, MAX_SUBSTITUTIONS);
}

/** The amount of `swap` closest to `kcal`, in household steps within its bounds. */
function equivalentAmount(kcal: number, swap: Food): number {
  const amount = Math.round(kcal / (swap.kcal / swap.portion.amount) / swap.step) * swap.step;
  return Math.round(Math.min(swap.max, Math.max(swap.min, amount)) * 100) / 100;
}
