import { describe, expect, it } from 'vitest';
import { DIETARY_RESTRICTIONS, MEDICAL_CONDITIONS } from '#protocol/domain/client-enums.ts';
import { foodPortion, type MealKind } from '#protocol/domain/diet-plan-display.ts';
import { mealKind } from '#protocol/domain/diet-plan.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { FOODS, foodLine, MEAL_NAMES, nutritionOf, suitsClient, suitsCondition, suitsRestriction, type Food, type MealSlot } from './foods.ts';
import { fold } from './text.ts';

const food = (id: string): Food => {
  const found = FOODS.find((item) => item.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('FOODS', () => {
  it('holds 60 to 90 foods with unique ids and a name in every language', () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(60);
    expect(FOODS.length).toBeLessThanOrEqual(90);
    expect(new Set(FOODS.map((item) => item.id)).size).toBe(FOODS.length);
    for (const item of FOODS) for (const locale of LOCALES) expect(item.names[locale].trim()).not.toBe('');
  });

  it('never gives two foods the same name, in any language, so a name translates one way', () => {
    const owners = new Map<string, string>();
    for (const item of FOODS) {
      for (const locale of LOCALES) {
        const name = fold(item.names[locale]);
        expect(owners.get(name) ?? item.id, name).toBe(item.id);
        owners.set(name, item.id);
      }
    }
  });

  it('states kcal that agree with 4/4/9 kcal per gram of protein, carbs and fat (fibre aside)', () => {
    for (const item of FOODS) {
      const fromMacros = 4 * item.protein + 4 * item.carbs + 9 * item.fat;
      expect(Math.abs(fromMacros - item.kcal), item.id).toBeLessThanOrEqual(Math.max(8, 0.15 * item.kcal));
    }
  });

  it('keeps fitted amounts within sensible bounds, in steps of the portion', () => {
    for (const item of FOODS) {
      if (item.step === 0) continue;
      expect(item.min, item.id).toBeGreaterThan(0);
      expect(item.min, item.id).toBeLessThanOrEqual(item.portion.amount);
      expect(item.max, item.id).toBeGreaterThanOrEqual(item.portion.amount);
      expect(Number.isInteger(Math.round((item.min / item.step) * 1e6) / 1e6), item.id).toBe(true);
    }
  });

  it('has something for every meal under every restriction and condition at once', () => {
    const strictest = { restrictions: new Set(DIETARY_RESTRICTIONS), conditions: new Set(MEDICAL_CONDITIONS) };
    const slots: MealSlot[] = ['breakfast', 'morningSnack', 'lunch', 'afternoonSnack', 'dinner', 'supper'];
    for (const slot of slots) {
      const options = FOODS.filter((item) => item.slots.includes(slot) && item.step > 0 && suitsClient(item, strictest.restrictions, strictest.conditions));
      expect(options.length, slot).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('suitsRestriction', () => {
  it.each([
    ['vegan', ['boiled-eggs', 'honey', 'skim-milk', 'grilled-chicken', 'white-fish'], ['grilled-tofu', 'pinto-beans', 'soy-milk', 'olive-oil']],
    ['vegetarian', ['grilled-chicken', 'salmon', 'turkey-breast'], ['boiled-eggs', 'plain-yogurt', 'lentils']],
    ['glutenFree', ['whole-wheat-bread', 'rolled-oats', 'granola', 'whole-wheat-pasta', 'baked-breaded-chicken'], ['gluten-free-oats', 'tapioca', 'brown-rice']],
    ['lactoseFree', ['skim-milk', 'plain-yogurt', 'fresh-cheese'], ['lactose-free-milk', 'lactose-free-yogurt', 'soy-yogurt']],
    ['sugarFree', ['honey', 'granola'], ['banana', 'rolled-oats']],
    ['lowCarb', ['brown-rice', 'whole-wheat-bread', 'banana', 'sweet-potato'], ['grilled-chicken', 'broccoli', 'strawberries', 'avocado']],
  ] as const)('%s rules out %j and keeps %j', (restriction, out, kept) => {
    for (const id of out) expect(suitsRestriction(food(id), restriction), id).toBe(false);
    for (const id of kept) expect(suitsRestriction(food(id), restriction), id).toBe(true);
  });
});

describe('suitsCondition', () => {
  it('keeps sugar and high-glycemic starch from diabetes and metabolic syndrome', () => {
    for (const condition of ['diabetes', 'metabolicSyndrome'] as const) {
      for (const id of ['tapioca', 'white-rice', 'honey', 'granola', 'french-roll']) expect(suitsCondition(food(id), condition), id).toBe(false);
      for (const id of ['brown-rice', 'apple', 'rolled-oats']) expect(suitsCondition(food(id), condition), id).toBe(true);
    }
  });

  it('keeps salty and processed foods from hypertension and heart problems', () => {
    for (const condition of ['hypertension', 'heartProblems'] as const) {
      for (const id of ['turkey-breast', 'canned-tuna']) expect(suitsCondition(food(id), condition), id).toBe(false);
      expect(suitsCondition(food('salmon'), condition)).toBe(true);
    }
  });

  it('changes no food for hypothyroidism or another condition', () => {
    expect(FOODS.every((item) => suitsCondition(item, 'hypothyroidism') && suitsCondition(item, 'other'))).toBe(true);
  });
});

describe('suitsClient', () => {
  const none = new Set<never>();

  it('offers special products only to those who need them', () => {
    expect(suitsClient(food('lactose-free-milk'), none, none)).toBe(false);
    expect(suitsClient(food('lactose-free-milk'), new Set(['lactoseFree'] as const), none)).toBe(true);
    expect(suitsClient(food('grilled-tofu'), none, none)).toBe(false);
    expect(suitsClient(food('grilled-tofu'), new Set(['vegetarian'] as const), none)).toBe(true);
    expect(suitsClient(food('gluten-free-oats'), new Set(['glutenFree'] as const), none)).toBe(true);
  });

  it('needs every restriction and condition to allow the food', () => {
    expect(suitsClient(food('banana'), new Set(['vegan'] as const), none)).toBe(true);
    expect(suitsClient(food('banana'), new Set(['vegan', 'lowCarb'] as const), none)).toBe(false);
    expect(suitsClient(food('brown-rice'), none, new Set(['diabetes', 'hypertension'] as const))).toBe(true);
    expect(suitsClient(food('white-rice'), none, new Set(['diabetes', 'hypertension'] as const))).toBe(false);
  });
});

describe('foodLine', () => {
  it.each([
    ['brown-rice', 4, 'pt-BR', 'Arroz integral (4 colheres de sopa – 100 g)'],
    ['brown-rice', 4, 'es-AR', 'Arroz integral (4 cucharadas – 100 g)'],
    ['brown-rice', 1, 'en-US', 'Brown rice (1 tablespoon – 25 g)'],
    ['grilled-chicken', 120, 'pt-BR', 'Frango grelhado (120 g)'],
    ['skim-milk', 250, 'en-US', 'Skim milk (250 ml)'],
    ['apple', 1.5, 'pt-BR', 'Maçã (1½ unidades – 195 g)'],
    ['banana', 0.5, 'es-AR', 'Banana (½ unidad – 45 g)'],
    ['vegetable-omelet', 3, 'es-AR', 'Omelette de verduras (3 huevos – 250 g)'],
    ['olive-oil', 2, 'pt-BR', 'Azeite de oliva extravirgem (2 colheres de chá – 9 g)'],
    ['green-salad', 50, 'pt-BR', 'Salada de folhas verdes (à vontade)'],
    ['green-salad', 50, 'en-US', 'Green leaf salad (as desired)'],
  ] as const)('%s × %d in %s → %s', (id, amount, locale, line) => {
    expect(foodLine(food(id), amount, locale)).toBe(line);
  });

  it('writes what the meal parser reads as food and portion', () => {
    expect(foodPortion('Arroz integral (4 colheres de sopa – 100 g)')).toEqual({ food: 'Arroz integral', portion: '4 colheres de sopa – 100 g', estimated: false });
    expect(foodPortion('Maçã (1½ unidades – 195 g)')).toMatchObject({ food: 'Maçã', estimated: false });
    expect(foodPortion('Salada de folhas verdes (à vontade)')).toMatchObject({ food: 'Salada de folhas verdes', portion: 'à vontade' });
  });
});

describe('nutritionOf', () => {
  it('scales the reference portion', () => {
    expect(nutritionOf(food('grilled-chicken'), 150)).toEqual({ kcal: 238.5, protein: 48, carbs: 0, fat: 3.75 });
    expect(nutritionOf(food('boiled-eggs'), 1).kcal).toBe(73);
  });
});

describe('MEAL_NAMES', () => {
  it('names each meal so the app recognises its kind in every language', () => {
    for (const [kind, names] of Object.entries(MEAL_NAMES) as [MealKind, (typeof MEAL_NAMES)[MealKind]][]) {
      for (const locale of LOCALES) expect(mealKind(names[locale]), `${kind} ${locale}`).toBe(kind);
    }
    expect(MEAL_NAMES.supper).toEqual({ 'pt-BR': 'Ceia', 'es-AR': 'Colación nocturna', 'en-US': 'Evening snack' });
  });
});
