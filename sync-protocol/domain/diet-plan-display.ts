/**
 * What a client's device does with a diet plan that reached it structured (ADR 024): the shape of
 * its meals and macros, each food's portion, each meal's estimated macros, the missing supper and
 * the day's calories. The heuristic reader of pasted text, ./diet-plan.ts, runs where a plan is
 * written (the admin's form and the server), so clients never download it (issue 46).
 */

export type MealKind = 'breakfast' | 'morningSnack' | 'lunch' | 'afternoonSnack' | 'dinner' | 'supper' | 'other';

/** `time` is always 24-hour 'HH:MM' ('7h30' → '07:30'), so meals sort as strings; absent when unreadable. */
export interface Meal {
  name: string;
  time?: string;
  calories?: number;
  foods: string[];
  preparation?: string;
  kind: MealKind;
}

/** Grams per day (or per the plan) when readable; `text` keeps free text we could not turn into numbers. */
export interface Macros {
  protein?: number;
  carbs?: number;
  fat?: number;
  text?: string;
}

export interface MacroGrams {
  protein: number;
  carbs: number;
  fat: number;
}

export interface FoodPortion {
  food: string;
  portion: string | null;
  estimated: boolean;
}

/** SPEC: "If no meal named supper (ceia) exists, a placeholder card Ceia at 22:00 says the diet has no supper." */
export const SUPPER_TIME = '22:00';

/** SPEC: "Foods with no quantity get a default portion (e.g. 100g)." */
export const DEFAULT_PORTION = '100 g';

/**
 * SPEC §9 "Macro split estimate per meal ... default 20/50/30 percent protein/carbs/fat; breakfast
 * 25/45/30; lunch or dinner 35/40/25; afternoon snack 30/35/35."
 */
export const MACRO_SPLITS: Readonly<Record<MealKind, Readonly<MacroGrams>>> = Object.freeze({
  breakfast: Object.freeze({ protein: 25, carbs: 45, fat: 30 }),
  morningSnack: Object.freeze({ protein: 20, carbs: 50, fat: 30 }),
  lunch: Object.freeze({ protein: 35, carbs: 40, fat: 25 }),
  afternoonSnack: Object.freeze({ protein: 30, carbs: 35, fat: 35 }),
  dinner: Object.freeze({ protein: 35, carbs: 40, fat: 25 }),
  supper: Object.freeze({ protein: 20, carbs: 50, fat: 30 }),
  other: Object.freeze({ protein: 20, carbs: 50, fat: 30 }),
});

export function hasSupper(meals: readonly Meal[]): boolean {
  return meals.some((meal) => meal.kind === 'supper');
}

/** The diet's daily calories: the plan's own figure when set (> 0), else the sum of meal calories, else null. */
export function dailyCalories(plan: { dailyCalories: number | null }, meals: readonly Meal[]): number | null {
  const own = plan.dailyCalories;
  if (typeof own === 'number' && Number.isFinite(own) && own > 0) return own;
  const sum = meals.reduce((total, m) => total + (typeof m.calories === 'number' && Number.isFinite(m.calories) && m.calories > 0 ? m.calories : 0), 0);
  return sum > 0 ? Math.round(sum) : null;
}

// ---------------------------------------------------------------------------------------------
// Estimates

/**
 * SPEC §9: "protein and carbs at 4 kcal per gram, fat at 9". Each macro is rounded half up to whole
 * grams on its own, so the grams add back to the calories within 0.5·4 + 0.5·4 + 0.5·9 = 8.5 kcal.
 */
export function estimateMealMacros(meal: Pick<Meal, 'calories' | 'kind'>): MacroGrams | null {
  const calories = meal.calories;
  if (typeof calories !== 'number' || !Number.isFinite(calories) || calories <= 0) return null;
  const split = Object.hasOwn(MACRO_SPLITS, meal.kind) ? MACRO_SPLITS[meal.kind] : MACRO_SPLITS.other;
  // Divide once (kcal · % / 400) so 600 · 35 / 400 is exactly 52.5 and rounds to 53.
  return {
    protein: Math.round((calories * split.protein) / 400),
    carbs: Math.round((calories * split.carbs) / 400),
    fat: Math.round((calories * split.fat) / 900),
  };
}

// ---------------------------------------------------------------------------------------------
// Food portions

/** '-', '•', '*' (not '**' bold), '1.', '1)' (not '1.5'): a list's bullet, in pasted lines and in a food. */
export const BULLET = /^\s*(?:[-•–]|\*(?!\*)|\d+[.)](?!\d))\s*/;
const RULE = /^[-*_=\s]+$/;

/** '- 2 ovos' → '2 ovos'; '---' and blank lines → ''. */
export const stripBullet = (line: string) => {
  const stripped = line.replace(BULLET, '').trim();
  return RULE.test(stripped) ? '' : stripped;
};

/** '150', '1,5', '0.5', '1/2', '1 1/2', '½', '1½', ranges '2-3' / '2 a 3' / '2 or 3'. */
const QUANTITY_NUMBER = String.raw`(?:\d+\s+\d+\/\d+|\d+\/\d+|\d*[½¼¾⅓⅔⅛]|\d+(?:[.,]\d+)?)`;
const QUANTITY = String.raw`${QUANTITY_NUMBER}(?:\s*(?:-|–|a|ou|o|to|or)\s*${QUANTITY_NUMBER})?`;
/** Words count as a quantity only before a unit: 'meia xícara', 'uma fatia', 'half a cup'. */
const QUANTITY_WORD = String.raw`(?:meia|meio|media|medio|half(?:\s+an?)?|um|uma|un|una|uno|one|an?|dois|duas|dos|two|tr[eê]s|three)`;
/**
 * Mass, volume and household measures in the three languages; longer spellings first so
 * 'gramas' is not read as 'g'. A measure may carry its kind ('colher de sopa', 'xícara (chá)')
 * and a size ('unidade média').
 */
const UNIT = [
  'kg', 'mg', 'gramas?', 'gramos?', 'grams?', 'grs?', 'g', 'ml', 'litros?', 'liters?', 'litres?', 'lbs?', 'oz',
  String.raw`x[íi]c(?:aras?|\.)(?:\s+(?:de\s+)?(?:ch[áa]|caf[ée]))?(?:\s*\((?:ch[áa]|caf[ée])\))?`,
  String.raw`(?:c|col)\.?\s*(?:de\s+)?(?:sopa|ch[áa]|sobremesa)`,
  String.raw`colher(?:es)?(?:\s+(?:de\s+)?(?:sopa|ch[áa]|sobremesa|caf[ée]))?(?:\s*\((?:sopa|ch[áa]|sobremesa|caf[ée])\))?`,
  String.raw`cucharadas?(?:\s+soperas?)?`, 'cucharaditas?', 'tazas?', 'cups?', 'tablespoons?', 'teaspoons?', 'tbsp', 'tsp',
  'unidades?', 'unidad(?:es)?', 'units?', 'und', 'un',
  'fatias?', 'rebanadas?', 'fetas?', 'slices?', 'por[çc][ãa]o', 'por[çc][õo]es', 'porci[óo]n(?:es)?', 'portions?', 'servings?',
  'conchas?', 'peda[çc]os?', 'pedazos?', 'pieces?', 'copos?', 'vasos?', 'glass(?:es)?', 'potes?', 'latas?', 'cans?',
  'scoops?', 'medidas?', 'punhados?', 'puñados?', 'handfuls?', 'pitadas?', 'pizcas?', 'pinch(?:es)?',
  'dentes?', 'dientes?', 'cloves?', 'folhas?', 'hojas?', 'leaves', 'l',
].join('|');
const SIZE = String.raw`pequen[oa]s?|peque[ñn][oa]s?|m[ée]di[oa]s?|median[oa]s?|grandes?|small|medium|large|chei[oa]s?|rasas?|colmadas?`;
const MEASURE = String.raw`(?:${UNIT})(?:\s+(?:${SIZE}))?(?![\p{L}\p{N}])`;
const LEADING_QUANTITY = String.raw`(?:${QUANTITY}(?:\s*${MEASURE})?|${QUANTITY_WORD}\s+${MEASURE})(?![\p{L}\p{N}/])`;
const FREE_AMOUNT = String.raw`[àa] vontade|a gosto|al gusto|a voluntad|to taste|as desired|livre|libre`;

/** '150g de frango', '2 ovos', '1/2 xícara de arroz', 'uma fatia de pão', '1 cup of rice'. */
const LEADING = new RegExp(String.raw`^(${LEADING_QUANTITY})\s*(?:(?:de|del|of)\s+)?(.*)$`, 'iu');
/**
 * The trailing patterns find the separator after the food rather than match the food itself: each
 * starts only after a character that is not a separator, which keeps them linear on long runs of
 * ' - - -' (a `^(.*?)[\s-]+` prefix backtracks quadratically there).
 */
const AFTER_FOOD = String.raw`(?<=[^\s:–—-])`;
/** 'Frango grelhado 150g', 'Pão integral: 2 fatias' — trailing quantities need a unit ('Ômega 3' has none). */
const TRAILING_MEASURE = new RegExp(String.raw`${AFTER_FOOD}[\s:–—-]+(${QUANTITY}\s*${MEASURE})\s*\.?$`, 'iu');
/** 'Ovos: 2', 'Ovos - 2': a bare trailing number needs a separator. */
const TRAILING_NUMBER = new RegExp(String.raw`${AFTER_FOOD}(?:\s*[:–—]|\s+-)\s*(${QUANTITY})\s*\.?$`, 'iu');
/** 'Sal a gosto', 'Salada: à vontade'. */
const TRAILING_FREE = new RegExp(String.raw`${AFTER_FOOD}[\s:–—-]+(${FREE_AMOUNT})\s*\.?$`, 'iu');
const PARENTHESIS_PORTION = new RegExp(String.raw`^\s*(?:${LEADING_QUANTITY}|(?:${FREE_AMOUNT})\s*$)`, 'iu');

/**
 * Trailing runs are matched only from their first character, `(?<![...])[...]+$`: a bare `[...]+$`
 * retries from every character of a long run and turns quadratic.
 */
const cleanFood = (food: string) => food.replace(/\s+/g, ' ').replace(/^[\s,;:–—-]+|(?<![\s,;:.–—-])[\s,;:.–—-]+$/g, '');

/**
 * '150g de frango' → '150g', '2 ovos' → '2', 'Arroz (100 g)' → '100 g', 'Sal a gosto' → 'a gosto';
 * the portion is kept as written so the UI shows the nutritionist's words ('2 colheres de sopa').
 * A food without a quantity gets DEFAULT_PORTION, estimated. Only an empty food has no portion.
 */
export function foodPortion(food: string): FoodPortion {
  const trimmed = typeof food === 'string' ? stripBullet(food.normalize('NFC')) : '';
  if (trimmed === '') return { food: '', portion: null, estimated: false };
  for (const match of trimmed.matchAll(/\(([^()]*)\)/g)) {
    const inside = (match[1] as string).trim();
    if (!PARENTHESIS_PORTION.test(inside)) continue;
    const rest = cleanFood(trimmed.slice(0, match.index) + ' ' + trimmed.slice(match.index + match[0].length));
    return { food: rest === '' ? trimmed : rest, portion: inside, estimated: false };
  }
  const leading = LEADING.exec(trimmed);
  if (leading) {
    const rest = cleanFood(leading[2] as string);
    return { food: rest === '' ? trimmed : rest, portion: (leading[1] as string).trim(), estimated: false };
  }
  for (const pattern of [TRAILING_MEASURE, TRAILING_NUMBER, TRAILING_FREE]) {
    const match = pattern.exec(trimmed);
    const rest = match ? cleanFood(trimmed.slice(0, match.index)) : '';
    if (match && rest !== '') return { food: rest, portion: (match[1] as string).trim(), estimated: false };
  }
  return { food: cleanFood(trimmed) || trimmed, portion: DEFAULT_PORTION, estimated: true };
}
