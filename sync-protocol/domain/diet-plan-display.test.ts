import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_PORTION,
  MACRO_SPLITS,
  SUPPER_TIME,
  dailyCalories,
  estimateMealMacros,
  foodPortion,
  hasSupper,
  type Meal,
  type MealKind,
} from './diet-plan-display.ts';

const MEAL_KINDS: readonly MealKind[] = ['breakfast', 'morningSnack', 'lunch', 'afternoonSnack', 'dinner', 'supper', 'other'];

describe('hasSupper', () => {
  const meal = (kind: MealKind): Meal => ({ name: kind, foods: [], kind });

  it('finds a meal of the supper kind (the reader gives a Spanish cena the dinner kind)', () => {
    expect(hasSupper([meal('lunch'), meal('supper')])).toBe(true);
    expect(hasSupper([meal('breakfast'), meal('dinner'), meal('other')])).toBe(false);
    expect(hasSupper([])).toBe(false);
  });

  it('places the supper placeholder at 22:00', () => {
    expect(SUPPER_TIME).toBe('22:00');
  });
});

describe('estimateMealMacros', () => {
  it('follows the split of each kind: round half up to whole grams, per macro', () => {
    // lunch 600 kcal: protein 600·35%/4 = 52.5 → 53, carbs 600·40%/4 = 60, fat 600·25%/9 = 16.67 → 17.
    expect(estimateMealMacros({ kind: 'lunch', calories: 600 })).toEqual({ protein: 53, carbs: 60, fat: 17 });
    expect(estimateMealMacros({ kind: 'dinner', calories: 600 })).toEqual({ protein: 53, carbs: 60, fat: 17 });
    // breakfast 400 kcal: 400·25%/4 = 25, 400·45%/4 = 45, 400·30%/9 = 13.33 → 13.
    expect(estimateMealMacros({ kind: 'breakfast', calories: 400 })).toEqual({ protein: 25, carbs: 45, fat: 13 });
    // afternoon snack 200 kcal: 200·30%/4 = 15, 200·35%/4 = 17.5 → 18, 200·35%/9 = 7.78 → 8.
    expect(estimateMealMacros({ kind: 'afternoonSnack', calories: 200 })).toEqual({ protein: 15, carbs: 18, fat: 8 });
    // default 300 kcal: 300·20%/4 = 15, 300·50%/4 = 37.5 → 38, 300·30%/9 = 10.
    for (const kind of ['morningSnack', 'supper', 'other'] as const) {
      expect(estimateMealMacros({ kind, calories: 300 })).toEqual({ protein: 15, carbs: 38, fat: 10 });
    }
  });

  it('has splits that add up to 100% for every kind', () => {
    for (const kind of MEAL_KINDS) {
      const split = MACRO_SPLITS[kind];
      expect(split.protein + split.carbs + split.fat).toBe(100);
    }
    expect(MACRO_SPLITS.breakfast).toEqual({ protein: 25, carbs: 45, fat: 30 });
    expect(MACRO_SPLITS.afternoonSnack).toEqual({ protein: 30, carbs: 35, fat: 35 });
  });

  it.each([[undefined], [0], [-100], [Number.NaN], [Number.POSITIVE_INFINITY]])('calories %s → null', (calories) => {
    expect(estimateMealMacros({ kind: 'lunch', calories })).toBeNull();
  });

  it('gives grams that add back to the calories within the rounding error (0.5·4 + 0.5·4 + 0.5·9 kcal)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MEAL_KINDS), fc.double({ min: 1, max: 10_000, noNaN: true }), (kind, calories) => {
        const grams = estimateMealMacros({ kind, calories });
        expect(grams).not.toBeNull();
        const { protein, carbs, fat } = grams as NonNullable<typeof grams>;
        expect(Math.abs(protein * 4 + carbs * 4 + fat * 9 - calories)).toBeLessThanOrEqual(8.5 + 1e-9);
        for (const value of [protein, carbs, fat]) expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });
});

describe('foodPortion', () => {
  it.each([
    ['150g de frango', 'frango', '150g'],
    ['2 ovos', 'ovos', '2'],
    ['Arroz (100 g)', 'Arroz', '100 g'],
    ['Frango (150g) com limão', 'Frango com limão', '150g'],
    ['1/2 xícara de aveia', 'aveia', '1/2 xícara'],
    ['1 1/2 xícara (chá) de arroz', 'arroz', '1 1/2 xícara (chá)'],
    ['½ xícara de feijão', 'feijão', '½ xícara'],
    ['2 colheres de sopa de azeite', 'azeite', '2 colheres de sopa'],
    ['1 c. sopa de azeite', 'azeite', '1 c. sopa'],
    ['1 colher (sopa) de mel', 'mel', '1 colher (sopa)'],
    ['uma fatia de pão integral', 'pão integral', 'uma fatia'],
    ['meia xícara de arroz', 'arroz', 'meia xícara'],
    ['1 unidade média de banana', 'banana', '1 unidade média'],
    ['200ml de leite desnatado', 'leite desnatado', '200ml'],
    ['0,5 kg de batata', 'batata', '0,5 kg'],
    ['2 a 3 castanhas', 'castanhas', '2 a 3'],
    ['2 cucharadas de aceite', 'aceite', '2 cucharadas'],
    ['1 taza de arroz', 'arroz', '1 taza'],
    ['1 cup of rice', 'rice', '1 cup'],
    ['2 slices of bread', 'bread', '2 slices'],
    ['1 laranja', 'laranja', '1'],
    ['1 granola bar', 'granola bar', '1'],
    ['Frango grelhado 150g', 'Frango grelhado', '150g'],
    ['Pão integral: 2 fatias', 'Pão integral', '2 fatias'],
    ['Whey protein - 1 scoop', 'Whey protein', '1 scoop'],
    ['Ovos: 2', 'Ovos', '2'],
    ['Sal a gosto', 'Sal', 'a gosto'],
    ['Salada verde (à vontade)', 'Salada verde', 'à vontade'],
    ['- 30 g de whey', 'whey', '30 g'],
  ])('%s → %s, %s', (text, food, portion) => {
    expect(foodPortion(text)).toEqual({ food, portion, estimated: false });
  });

  it.each([
    ['Banana', 'Banana'],
    ['Ômega 3', 'Ômega 3'],
    ['Frango (sem pele)', 'Frango (sem pele)'],
    ['a banana', 'a banana'],
    ['  Iogurte natural.  ', 'Iogurte natural'],
  ])('%s has no quantity: default portion, estimated', (text, food) => {
    expect(foodPortion(text)).toEqual({ food, portion: DEFAULT_PORTION, estimated: true });
  });

  it('keeps a bare quantity as the food too, and has no portion for an empty food', () => {
    expect(foodPortion('150g')).toEqual({ food: '150g', portion: '150g', estimated: false });
    expect(foodPortion('  ')).toEqual({ food: '', portion: null, estimated: false });
  });

  it('stays linear on long runs of separators', () => {
    // A `^(.*?)[\s-]+` or `[\s-]+$` pattern takes seconds here.
    expect(foodPortion(`x${' -'.repeat(50_000)} y`).estimated).toBe(true);
  });

  it('never throws, and marks only the default portion as estimated', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { portion, estimated } = foodPortion(text);
        if (estimated) expect(portion).toBe(DEFAULT_PORTION);
        expect(portion === null).toBe(text.trim() === '' || foodPortion(text).food === '');
      }),
    );
  });
});

describe('dailyCalories', () => {
  const meals: Meal[] = [
    { name: 'Almoço', calories: 600, foods: [], kind: 'lunch' },
    { name: 'Jantar', foods: [], kind: 'dinner' },
    { name: 'Ceia', calories: 150, foods: [], kind: 'supper' },
  ];

  it("prefers the plan's own figure, then the sum of the meals", () => {
    expect(dailyCalories({ dailyCalories: 1800 }, meals)).toBe(1800);
    expect(dailyCalories({ dailyCalories: null }, meals)).toBe(750);
    expect(dailyCalories({ dailyCalories: 0 }, meals)).toBe(750);
  });

  it('is null when nothing says', () => {
    expect(dailyCalories({ dailyCalories: null }, [])).toBeNull();
    expect(dailyCalories({ dailyCalories: -1 }, [{ name: 'Jantar', foods: [], kind: 'dinner' }])).toBeNull();
  });
});
