import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foodPortion, type Meal } from '#protocol/domain/diet-plan-display.ts';
import { parseMacros, parseMeals, parseTextList } from '#protocol/domain/diet-plan.ts';
import { analyseNutrition } from '#protocol/domain/nutrition.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { dietPlanInputSchema } from '#protocol/schemas/plans.ts';
import { generateBuiltinDiet } from './diet-generator.ts';
import { FOODS, MEAL_NAMES, nutritionOf, type Food } from './foods.ts';
import type { ClientProfile } from './profile.ts';
import { fold } from './text.ts';
import { buildClientProfile } from '../../../test/factories.ts';

const TODAY = '2025-03-01';

/** The Portuguese enumeration values, as older profiles hold them. */
const ana = buildClientProfile({ gender: 'feminino', activityLevel: 'moderado', goalType: 'perder_peso' });

const diet = (overrides: Partial<ClientProfile> = {}, locale: Locale = 'pt-BR') => generateBuiltinDiet({ client: { ...ana, ...overrides }, locale, today: TODAY });

/** Finds the catalog food a meal line names ('Arroz integral (4 colheres de sopa – 100 g)'). */
function catalogFood(line: string, locale: Locale): Food {
  const name = fold(foodPortion(line).food);
  const found = FOODS.find((food) => fold(food.names[locale]) === name);
  if (!found) throw new Error(`not a catalog food: ${line}`);
  return found;
}

const mealFoods = (meals: string | undefined, locale: Locale = 'pt-BR') => parseMeals(meals).flatMap((meal) => meal.foods.map((line) => catalogFood(line, locale)));
const substitutionFoods = (substitutions: string | undefined, locale: Locale = 'pt-BR') =>
  parseTextList(substitutions).flatMap((line) => line.split(' ↔ ').map((side) => catalogFood(side, locale)));

describe('generateBuiltinDiet for a typical client', () => {
  const result = diet();
  const meals = parseMeals(result.meals);

  it('fits the diet form', () => {
    expect(() => dietPlanInputSchema.validateSync(result)).not.toThrow();
  });

  it('aims at the SPEC §9 analysis target and says how it got there', () => {
    const analysis = analyseNutrition({ ...ana, weeklyGoal: ana.weeklyWeightGoal }, TODAY);
    expect(analysis.ok && analysis.analysis.targetCalories).toBe(result.dailyCalories);
    expect(result.dailyCalories).toBe(1950);
    expect(result.title).toBe('Plano alimentar — perda de peso (1.950 kcal)');
    expect(result.description).toContain('Metabolismo basal (Mifflin-St Jeor): 1.480 kcal');
    expect(result.description).toContain('2.294 kcal');
    expect(result.description).toContain('déficit de 344 kcal');
  });

  it('gives macros in grams that add up to the day at 4/4/9 kcal per gram', () => {
    const macros = JSON.parse(result.macros) as { protein: number; carbs: number; fat: number };
    expect(Object.values(macros).every(Number.isInteger)).toBe(true);
    expect(macros).toEqual({ protein: 146, carbs: 195, fat: 65 });
    expect(Math.abs(macros.protein * 4 + macros.carbs * 4 + macros.fat * 9 - result.dailyCalories)).toBeLessThan(0.03 * result.dailyCalories);
    expect(parseMacros(result.macros)).toEqual(macros);
  });

  it('writes six meals the app parses back, supper (Ceia) included, at the usual times', () => {
    expect(meals.map((meal) => [meal.name, meal.time, meal.kind])).toEqual([
      ['Café da manhã', '07:00', 'breakfast'],
      ['Lanche da manhã', '10:00', 'morningSnack'],
      ['Almoço', '12:30', 'lunch'],
      ['Lanche da tarde', '16:00', 'afternoonSnack'],
      ['Jantar', '19:30', 'dinner'],
      ['Ceia', '22:00', 'supper'],
    ]);
    for (const meal of meals) {
      expect(meal.foods.length).toBeGreaterThanOrEqual(2);
      expect(meal.preparation).toBeTruthy();
      expect(meal.calories).toBeGreaterThan(0);
    }
  });

  it('splits the day across the meals (lunch the largest, supper the smallest) within 5% in all', () => {
    const calories = meals.map((meal) => meal.calories ?? 0);
    const total = calories.reduce((sum, kcal) => sum + kcal, 0);
    expect(Math.abs(total - result.dailyCalories)).toBeLessThanOrEqual(0.05 * result.dailyCalories);
    expect(Math.max(...calories)).toBe(meals.find((meal) => meal.kind === 'lunch')?.calories);
    expect(Math.min(...calories)).toBe(meals.find((meal) => meal.kind === 'supper')?.calories);
  });

  it('lists catalog foods with their portion, and each meal states the calories of its portions', () => {
    for (const meal of meals) {
      const kcal = meal.foods.reduce((sum, line) => {
        const food = catalogFood(line, 'pt-BR');
        const portion = foodPortion(line).portion ?? '';
        // The household amount comes first ('4 colheres de sopa – 100 g', '1½ unidades'); metric portions are the amount.
        const amount = food.freeAmount ? food.portion.amount : Number(portion.split(' ')[0]?.replace('½', '.5').replace(/^\./, '0.'));
        return sum + nutritionOf(food, amount).kcal;
      }, 0);
      expect(Math.abs(kcal - (meal.calories ?? 0))).toBeLessThanOrEqual(1);
    }
    expect(meals.find((meal) => meal.kind === 'lunch')?.foods).toContainEqual(expect.stringMatching(/^Azeite de oliva extravirgem \(\d colher(es)? de chá – \d+ g\)$/));
  });

  it('plans a week of seven lines that vary the lunch protein', () => {
    const lines = parseTextList(result.weeklyMenu);
    expect(lines.map((line) => line.split(':')[0])).toEqual(['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado', 'Domingo']);
    const lunchProteins = lines.map((line) => /Almoço — ([^,;]+)/.exec(line)?.[1]);
    expect(new Set(lunchProteins).size).toBeGreaterThanOrEqual(4);
    // Monday is the day the meals spell out.
    const lunch = meals.find((meal) => meal.kind === 'lunch') as Meal;
    expect(lines[0]).toContain(foodPortion(lunch.foods[0] as string).food.toLowerCase());
  });

  it('gives four to six tips, hydration first at 35 ml per kg', () => {
    const tips = parseTextList(result.tips);
    expect(tips.length).toBeGreaterThanOrEqual(4);
    expect(tips.length).toBeLessThanOrEqual(6);
    expect(tips[0]).toBe('Beba cerca de 2,7 L de água por dia (35 ml por kg de peso), distribuídos ao longo do dia.');
  });

  it('offers swaps of the same calories between catalog foods', () => {
    const lines = parseTextList(result.substitutions);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      const [from, to] = line.split(' ↔ ') as [string, string];
      expect(catalogFood(from, 'pt-BR').group).toBe(catalogFood(to, 'pt-BR').group);
    }
  });

  it('is deterministic, and varies between clients', () => {
    expect(diet()).toEqual(result);
    const others = ['client-bea', 'client-caio', 'client-duda'].map((id) => diet({ id }).meals);
    expect(others.some((meals) => meals !== result.meals)).toBe(true);
  });
});

describe('generateBuiltinDiet restrictions', () => {
  it('vegan: no food of animal origin (meat, fish, eggs, dairy, honey) anywhere, and a B12 tip', () => {
    const result = diet({ dietaryRestrictions: ['vegan'] });
    const foods = [...mealFoods(result.meals), ...substitutionFoods(result.substitutions)];
    expect(foods.length).toBeGreaterThan(20);
    expect(foods.filter((food) => food.animal !== undefined).map((food) => food.id)).toEqual([]);
    expect(foods.map((food) => food.id)).toEqual(expect.arrayContaining([expect.stringMatching(/tofu|soy/)]));
    expect(parseTextList(result.tips)).toContain('Na alimentação vegana a vitamina B12 precisa ser suplementada: converse com o nutricionista ou o médico.');
    expect(result.description).toContain('Restrições respeitadas: vegana.');
  });

  it('vegetarian: eggs and dairy but no meat or fish', () => {
    const foods = mealFoods(diet({ dietaryRestrictions: ['vegetarian'] }).meals);
    expect(foods.filter((food) => food.animal === 'meat' || food.animal === 'fish')).toEqual([]);
  });

  it('lactose-free: no milk product that holds lactose', () => {
    const result = diet({ dietaryRestrictions: ['lactoseFree'] });
    expect([...mealFoods(result.meals), ...substitutionFoods(result.substitutions)].filter((food) => food.lactose)).toEqual([]);
  });

  it('gluten-free: no wheat, barley, rye or ordinary oats', () => {
    const result = diet({ dietaryRestrictions: ['glutenFree'] });
    expect([...mealFoods(result.meals), ...substitutionFoods(result.substitutions)].filter((food) => food.gluten)).toEqual([]);
  });

  it('sugar-free: no added sugar, honey or granola', () => {
    const foods = mealFoods(diet({ id: 'sweet-tooth', dietaryRestrictions: ['sugarFree'] }).meals);
    expect(foods.filter((food) => food.addedSugar)).toEqual([]);
  });

  it('low-carb: a 30/25/45 split and no starchy foods', () => {
    const result = diet({ dietaryRestrictions: ['lowCarb'] });
    expect(mealFoods(result.meals).filter((food) => food.carbDense)).toEqual([]);
    expect(JSON.parse(result.macros)).toEqual({ protein: 146, carbs: 122, fat: 98 });
    expect(result.description).toContain('30% proteínas, 25% carboidratos e 45% gorduras');
  });

  it('every restriction at once still gives a full day', () => {
    const result = diet({ dietaryRestrictions: ['vegan', 'glutenFree', 'lactoseFree', 'sugarFree', 'lowCarb'], medicalConditions: ['diabetes', 'hypertension'] });
    expect(() => dietPlanInputSchema.validateSync(result)).not.toThrow();
    const meals = parseMeals(result.meals);
    expect(meals).toHaveLength(6);
    const total = meals.reduce((sum, meal) => sum + (meal.calories ?? 0), 0);
    expect(Math.abs(total - result.dailyCalories)).toBeLessThanOrEqual(0.05 * result.dailyCalories);
  });
});

describe('generateBuiltinDiet medical conditions', () => {
  it('diabetes: no sugary or high-glycemic food, carbs at most 40%, a glycemia tip', () => {
    for (const id of ['d-1', 'd-2', 'd-3']) {
      const result = diet({ id, goalType: 'manter_peso', medicalConditions: ['diabetes'] });
      const foods = [...mealFoods(result.meals), ...substitutionFoods(result.substitutions)];
      expect(foods.filter((food) => food.highGlycemic || food.addedSugar).map((food) => food.id)).toEqual([]);
      const macros = JSON.parse(result.macros) as { carbs: number };
      expect((macros.carbs * 4) / result.dailyCalories).toBeLessThanOrEqual(0.41);
      expect(parseTextList(result.tips).join(' ')).toContain('monitore a glicemia');
    }
  });

  it('metabolic syndrome is treated like diabetes', () => {
    const foods = mealFoods(diet({ medicalConditions: ['metabolicSyndrome'] }).meals);
    expect(foods.filter((food) => food.highGlycemic || food.addedSugar)).toEqual([]);
  });

  it('hypertension and heart problems: no salty or processed food, less salt in the cooking, a sodium tip', () => {
    for (const condition of ['hypertension', 'heartProblems']) {
      const result = diet({ medicalConditions: [condition] });
      expect(mealFoods(result.meals).filter((food) => food.highSodium || food.processedMeat)).toEqual([]);
      const lunch = parseMeals(result.meals).find((meal) => meal.kind === 'lunch');
      expect(lunch?.preparation).toContain('pouco sal');
      expect(parseTextList(result.tips).join(' ')).toContain('menos de 5 g por dia');
    }
  });

  it('hypothyroidism and other conditions change no food but add a tip', () => {
    const tips = parseTextList(diet({ medicalConditions: ['hypothyroidism', 'other'] }).tips);
    expect(tips).toContain('Tome a levotiroxina em jejum, de 30 a 60 minutos antes do café da manhã, longe de leite, café e suplementos de cálcio ou ferro.');
    expect(tips).toContain('Siga as orientações do seu médico sobre a sua condição e informe ao nutricionista os medicamentos em uso.');
    expect(tips.length).toBeLessThanOrEqual(6);
  });
});

describe('generateBuiltinDiet energy target', () => {
  it('raises a target under the 1200 kcal floor for a woman, and says so', () => {
    // 45 years, 155 cm, 55 kg, sedentary: TDEE 1359, the 15% cap puts the target at 1155.
    const result = diet({ birthDate: '1979-06-01', height: 155, currentWeight: 55, activityLevel: 'sedentario', weeklyWeightGoal: 1 });
    expect(result.dailyCalories).toBe(1200);
    expect(result.description).toContain('O cálculo resultou em 1.155 kcal, abaixo do mínimo seguro; a meta foi elevada para 1.200 kcal.');
  });

  it('raises a man to 1500 kcal', () => {
    const result = diet({ gender: 'masculino', birthDate: '1964-01-01', height: 165, currentWeight: 60, activityLevel: 'sedentary', weeklyWeightGoal: 1 });
    expect(result.dailyCalories).toBe(1500);
  });

  it('floors at the TDEE when the TDEE itself is under the floor', () => {
    // 60 years, 150 cm, 45 kg, sedentary: BMR 927, TDEE 1112.
    const result = diet({ birthDate: '1964-06-01', height: 150, currentWeight: 45, activityLevel: 'sedentary', weeklyWeightGoal: 1 });
    expect(result.dailyCalories).toBe(1112);
  });

  it('uses 1800 kcal (2200 for a man) when the profile lacks what the analysis needs, and names what is missing', () => {
    const woman = diet({ birthDate: null, height: null });
    expect(woman.dailyCalories).toBe(1800);
    expect(woman.description).toContain('Faltam dados no perfil (data de nascimento e altura)');
    expect(() => dietPlanInputSchema.validateSync(woman)).not.toThrow();
    expect(diet({ gender: 'masculino', currentWeight: null }).dailyCalories).toBe(2200);
    expect(parseTextList(diet({ currentWeight: null }).tips)[0]).toBe('Beba cerca de 2 L de água por dia, distribuídos ao longo do dia.');
  });

  it('plans five meals, still with a supper, on a small budget', () => {
    const meals = parseMeals(diet({ birthDate: '1979-06-01', height: 155, currentWeight: 55, activityLevel: 'sedentario' }).meals);
    expect(meals.map((meal) => meal.kind)).toEqual(['breakfast', 'lunch', 'afternoonSnack', 'dinner', 'supper']);
  });
});

describe('generateBuiltinDiet languages', () => {
  it('writes es-AR with Argentine meal names, foods and weekdays', () => {
    const result = diet({}, 'es-AR');
    const meals = parseMeals(result.meals);
    expect(meals.map((meal) => meal.name)).toEqual(['Desayuno', 'Colación de la mañana', 'Almuerzo', 'Merienda', 'Cena', 'Colación nocturna']);
    expect(meals.map((meal) => meal.kind)).toEqual(['breakfast', 'morningSnack', 'lunch', 'afternoonSnack', 'dinner', 'supper']);
    expect(result.title).toBe('Plan alimentario — pérdida de peso (1.950 kcal)');
    expect(parseTextList(result.weeklyMenu)[2]).toMatch(/^Miércoles: Almuerzo — /);
    expect(mealFoods(result.meals, 'es-AR').length).toBeGreaterThan(15);
    expect(result.meals).toContain('Preparación: ');
  });

  it('writes en-US with US number format and labels', () => {
    const result = diet({}, 'en-US');
    expect(result.title).toBe('Meal plan — weight loss (1,950 kcal)');
    expect(parseMeals(result.meals).map((meal) => meal.name)).toEqual(Object.values(MEAL_NAMES).map((names) => names['en-US']).slice(0, 6));
    expect(result.meals).toMatch(/^Breakfast \(07:00 - \d+ kcal\)\nFoods: /);
    expect(substitutionFoods(result.substitutions, 'en-US').length).toBeGreaterThan(0);
  });
});

describe('generateBuiltinDiet for any plausible profile', () => {
  const restriction = fc.subarray(['vegetarian', 'vegan', 'glutenFree', 'lactoseFree', 'sugarFree', 'lowCarb']);
  const condition = fc.subarray(['diabetes', 'hypertension', 'hypothyroidism', 'metabolicSyndrome', 'heartProblems', 'other']);
  const profile = fc.record({
    id: fc.string({ minLength: 1, maxLength: 12 }),
    birthYear: fc.integer({ min: 1940, max: 2007 }),
    gender: fc.constantFrom('masculino', 'feminino', null),
    height: fc.integer({ min: 145, max: 200 }),
    currentWeight: fc.integer({ min: 45, max: 160 }),
    activityLevel: fc.constantFrom('sedentary', 'light', 'moderate', 'active', 'veryActive'),
    goalType: fc.constantFrom('loseWeight', 'gainWeight', 'maintainWeight', 'gainMuscle', 'improveHealth', 'tone'),
    dietaryRestrictions: restriction,
    medicalConditions: condition,
    locale: fc.constantFrom<Locale>('pt-BR', 'es-AR', 'en-US'),
  });

  it('always fits the form, parses into at least five meals with a supper, and adds up to the day within 5%', () => {
    fc.assert(
      fc.property(profile, ({ birthYear, locale, ...rest }) => {
        const result = diet({ ...rest, birthDate: `${birthYear}-07-15` }, locale);
        dietPlanInputSchema.validateSync(result);
        const meals = parseMeals(result.meals);
        expect(meals.length).toBeGreaterThanOrEqual(5);
        expect(meals.some((meal) => meal.kind === 'supper')).toBe(true);
        const total = meals.reduce((sum, meal) => sum + (meal.calories ?? 0), 0);
        expect(Math.abs(total - result.dailyCalories)).toBeLessThanOrEqual(0.05 * result.dailyCalories);
        expect(mealFoods(result.meals, locale).length).toBeGreaterThan(10);
      }),
      { numRuns: 30, seed: 20250301 },
    );
  });
});

describe('what the client reads (issue 17, 4)', () => {
  it.each(['pt-BR', 'es-AR', 'en-US'] as const)('%s: no reviewer instruction in the plan text (the admin form says it)', (locale) => {
    const result = diet({ medicalConditions: ['hypertension'] }, locale);
    expect(Object.values(result).join('\n')).not.toMatch(/rascunho|borrador|draft|revise|revisalo|review/i);
  });

  it('states the same kcal deficit and kg per week as the nutrition card beside it (one calculation)', () => {
    const profile = fc.record({
      birthYear: fc.integer({ min: 1940, max: 2007 }),
      gender: fc.constantFrom('masculino', 'feminino'),
      height: fc.integer({ min: 145, max: 200 }),
      currentWeight: fc.integer({ min: 45, max: 160 }),
      activityLevel: fc.constantFrom('sedentary', 'light', 'moderate', 'active', 'veryActive'),
      goalType: fc.constantFrom('loseWeight', 'gainWeight', 'tone'),
      weeklyWeightGoal: fc.constantFrom(0.1, 0.25, 0.5, 0.75, 1),
    });
    fc.assert(
      fc.property(profile, ({ birthYear, ...rest }) => {
        const client = { ...ana, ...rest, birthDate: `${birthYear}-07-15` };
        const card = analyseNutrition({ ...client, weeklyGoal: client.weeklyWeightGoal }, TODAY);
        if (!card.ok || card.analysis.targetCalories < 1500) return; // a target raised to the safety floor says so instead
        const { analysis } = card;
        expect(analysis.dailyDelta).toBe(analysis.targetCalories - analysis.tdee);
        const text = diet(client, 'en-US').description;
        const kg = Math.abs(analysis.weeklyRate).toLocaleString('en-US', { maximumFractionDigits: 2 });
        expect(text).toContain(`${Math.abs(analysis.dailyDelta).toLocaleString('en-US')} kcal ${analysis.dailyDelta < 0 ? 'deficit' : 'surplus'}, about ${kg} kg`);
      }),
      { numRuns: 40, seed: 20261123 },
    );
  });
});
