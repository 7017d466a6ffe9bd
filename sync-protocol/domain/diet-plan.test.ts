import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Meal, MealKind } from './diet-plan-display.ts';
import { mealKind, parseMacros, parseMeals, parseTextList } from './diet-plan.ts';

const MEAL_KINDS: readonly MealKind[] = ['breakfast', 'morningSnack', 'lunch', 'afternoonSnack', 'dinner', 'supper', 'other'];

describe('parseMeals from text blocks', () => {
  it('reads Portuguese blocks', () => {
    const text = `Café da manhã (07:00 - 350 kcal)
Alimentos: 2 ovos mexidos, 1 fatia de pão integral, 1,5 xícara de café
Preparo: Mexa os ovos em fogo baixo.

Almoço (12h30 – 1.200 kcal)
Alimentos: 150g de frango grelhado; arroz integral (100 g), salada à vontade.
Preparo:
1. Grelhe o frango.
2. Tempere com limão.

Ceia (22h)
Alimentos: Chá de camomila`;
    expect(parseMeals(text)).toEqual([
      {
        name: 'Café da manhã',
        time: '07:00',
        calories: 350,
        foods: ['2 ovos mexidos', '1 fatia de pão integral', '1,5 xícara de café'],
        preparation: 'Mexa os ovos em fogo baixo.',
        kind: 'breakfast',
      },
      {
        name: 'Almoço',
        time: '12:30',
        calories: 1200,
        foods: ['150g de frango grelhado', 'arroz integral (100 g)', 'salada à vontade'],
        preparation: '1. Grelhe o frango.\n2. Tempere com limão.',
        kind: 'lunch',
      },
      { name: 'Ceia', time: '22:00', foods: ['Chá de camomila'], kind: 'supper' },
    ]);
  });

  it('reads Spanish blocks, with accents optional on the labels', () => {
    const text = `Desayuno (7h - 400 cal)
Ingredientes: avena, leche descremada
Preparación: Mezclar todo.

Merienda (17:00 — 250 kcal)
ALIMENTOS: yogur, fruta
Preparacion: Servir frío.

Cena (21:00 - 500 kcal)
Alimentos: pescado, verduras`;
    expect(parseMeals(text)).toEqual([
      { name: 'Desayuno', time: '07:00', calories: 400, foods: ['avena', 'leche descremada'], preparation: 'Mezclar todo.', kind: 'breakfast' },
      { name: 'Merienda', time: '17:00', calories: 250, foods: ['yogur', 'fruta'], preparation: 'Servir frío.', kind: 'afternoonSnack' },
      { name: 'Cena', time: '21:00', calories: 500, foods: ['pescado', 'verduras'], kind: 'dinner' },
    ]);
  });

  it('reads English blocks, with 12-hour times and comma thousands', () => {
    const text = `Breakfast (7:30 am - 1,200 kcal)
Foods: oatmeal, banana
Preparation: Cook the oats.

**Late snack (9:30 pm – 150 kcal)**
Foods: greek yogurt`;
    expect(parseMeals(text)).toEqual([
      { name: 'Breakfast', time: '07:30', calories: 1200, foods: ['oatmeal', 'banana'], preparation: 'Cook the oats.', kind: 'breakfast' },
      { name: 'Late snack', time: '21:30', calories: 150, foods: ['greek yogurt'], kind: 'supper' },
    ]);
  });

  it('is lenient inside a block: bullets, unlabeled foods, notes and labelled time or calories', () => {
    const text = `1. Lanche da manhã (10h)
- 1 maçã
- 10 castanhas
Calorias: 180 kcal
Obs: pode trocar por pera.

Almoço (450 kcal)
Horário: 12:00
Arroz, feijão`;
    expect(parseMeals(text)).toEqual([
      { name: 'Lanche da manhã', time: '10:00', calories: 180, foods: ['1 maçã', '10 castanhas'], preparation: 'Obs: pode trocar por pera.', kind: 'morningSnack' },
      { name: 'Almoço', time: '12:00', calories: 450, foods: ['Arroz', 'feijão'], kind: 'lunch' },
    ]);
  });

  it('reads the time and calories from the parenthesis in either order or without units', () => {
    const heads = ['A (07:00)', 'B (450 kcal)', 'C (450 kcal - 7h)', 'D (7 - 450)', 'E (07:00-450kcal)', 'Lanche (pré-treino) (16:00 - 200 kcal)'];
    const meals = parseMeals(heads.map((head) => `${head}\nAlimentos: x`).join('\n\n'));
    expect(meals.map(({ name, time, calories }) => ({ name, time, calories }))).toEqual([
      { name: 'A', time: '07:00', calories: undefined },
      { name: 'B', time: undefined, calories: 450 },
      { name: 'C', time: '07:00', calories: 450 },
      { name: 'D', time: '07:00', calories: 450 },
      { name: 'E', time: '07:00', calories: 450 },
      { name: 'Lanche (pré-treino)', time: '16:00', calories: 200 },
    ]);
  });

  it('skips one-line blocks, first lines without a readable parenthesis and garbage, keeping the valid blocks', () => {
    const text = `Plano alimentar de 1800 kcal

Jantar (19:00 - 500 kcal)
Alimentos: peixe, legumes

Almoço 12:00 - 600 kcal
Alimentos: arroz, feijão

Observações (importante):
Beba dois litros de água por dia.

Lanche da tarde (16:00 - 200 kcal)

%%%% ]]] {{{
@@@ !!!

Colación (10:00 - 100 kcal)
Alimentos: manzana`;
    expect(parseMeals(text).map((meal) => meal.name)).toEqual(['Jantar', 'Colación']);
  });

  it.each([[''], ['   '], ['Só uma linha (07:00)'], ['{'], ['null'], ['42']])('%j → []', (text) => {
    expect(parseMeals(text)).toEqual([]);
  });

  it('stays linear on long runs of separators in a list of foods', () => {
    expect(parseMeals(`A (7h)\nAlimentos: x${' -'.repeat(50_000)}`)).toHaveLength(1);
  });
});

describe('parseMeals from arrays', () => {
  const english = [
    { name: 'Breakfast', time: '07:00', foods: ['2 eggs', 'toast'], calories: 350, preparation: 'Scramble the eggs.' },
    { name: 'Lunch', time: '12h30', foods: 'rice, beans, salad', calories: '600 kcal' },
    { name: 'Supper', time: 22, foods: [], calories: '1.200' },
  ];
  const englishMeals: Meal[] = [
    { name: 'Breakfast', time: '07:00', calories: 350, foods: ['2 eggs', 'toast'], preparation: 'Scramble the eggs.', kind: 'breakfast' },
    { name: 'Lunch', time: '12:30', calories: 600, foods: ['rice', 'beans', 'salad'], kind: 'lunch' },
    { name: 'Supper', time: '22:00', calories: 1200, foods: [], kind: 'supper' },
  ];
  const portuguese = [
    { nome: 'Café da manhã', horário: '7h', alimentos: ['Pão integral', { alimento: 'Frango', quantidade: 150, unidade: 'g' }], calorias: '350', preparo: 'Torre o pão.' },
    { Nome: 'Jantar', Horario: '19:00', Alimentos: 'peixe; legumes', Calorias: 500 },
  ];
  const portugueseMeals: Meal[] = [
    { name: 'Café da manhã', time: '07:00', calories: 350, foods: ['Pão integral', 'Frango (150 g)'], preparation: 'Torre o pão.', kind: 'breakfast' },
    { name: 'Jantar', time: '19:00', calories: 500, foods: ['peixe', 'legumes'], kind: 'dinner' },
  ];
  const spanish = [{ nombre: 'Almuerzo', hora: '13:00', alimentos: ['pollo', 'arroz'], calorías: 700, preparación: 'Hervir el arroz.' }];

  it('reads English keys, parsed and as a JSON string', () => {
    expect(parseMeals(english)).toEqual(englishMeals);
    expect(parseMeals(JSON.stringify(english))).toEqual(englishMeals);
  });

  it('reads Portuguese keys, parsed and as a JSON string', () => {
    expect(parseMeals(portuguese)).toEqual(portugueseMeals);
    expect(parseMeals(JSON.stringify(portuguese))).toEqual(portugueseMeals);
  });

  it('reads Spanish keys', () => {
    expect(parseMeals(spanish)).toEqual([
      { name: 'Almuerzo', time: '13:00', calories: 700, foods: ['pollo', 'arroz'], preparation: 'Hervir el arroz.', kind: 'lunch' },
    ]);
  });

  it('skips entries without a name and values it cannot read', () => {
    const meals = [null, 7, 'no block here', { foods: ['x'] }, { name: '   ' }, { name: 'Ceia', time: 'tarde', calories: -5, foods: [3, null, ' - chá '] }];
    expect(parseMeals(meals)).toEqual([{ name: 'Ceia', foods: ['chá'], kind: 'supper' }]);
  });

  it('reads a wrapper object, a single meal and meals keyed by name', () => {
    expect(parseMeals({ refeicoes: portuguese })).toEqual(portugueseMeals);
    expect(parseMeals(JSON.stringify({ name: 'Lunch', calories: 600 }))).toEqual([{ name: 'Lunch', calories: 600, foods: [], kind: 'lunch' }]);
    expect(parseMeals({ Almoço: { horario: '12:00', alimentos: ['arroz'] }, Ceia: ['chá'], observacoes: { texto: 'x' } })).toEqual([
      { name: 'Almoço', time: '12:00', foods: ['arroz'], kind: 'lunch' },
      { name: 'Ceia', foods: ['chá'], kind: 'supper' },
    ]);
  });

  it('reads text blocks inside an array and in a JSON string', () => {
    const block = 'Jantar (19:00 - 500 kcal)\nAlimentos: sopa';
    const expected = [{ name: 'Jantar', time: '19:00', calories: 500, foods: ['sopa'], kind: 'dinner' }];
    expect(parseMeals([block])).toEqual(expected);
    expect(parseMeals(JSON.stringify(block))).toEqual(expected);
  });
});

describe('mealKind', () => {
  it.each([
    ['Café da manhã', 'breakfast'], ['Desayuno', 'breakfast'], ['Breakfast', 'breakfast'], ['CAFE DA MANHA', 'breakfast'],
    ['Lanche da manhã', 'morningSnack'], ['Colación', 'morningSnack'], ['Morning snack', 'morningSnack'], ['Mid-morning snack', 'morningSnack'],
    ['Almoço', 'lunch'], ['Almuerzo', 'lunch'], ['Lunch', 'lunch'],
    ['Lanche da tarde', 'afternoonSnack'], ['Merienda', 'afternoonSnack'], ['Afternoon snack', 'afternoonSnack'], ['Café da tarde', 'afternoonSnack'],
    ['Jantar', 'dinner'], ['Cena', 'dinner'], ['Dinner', 'dinner'],
    ['Ceia', 'supper'], ['Supper', 'supper'], ['Late snack', 'supper'], ['Late-night snack', 'supper'], ['Colación nocturna', 'supper'], ['Colacion Nocturna', 'supper'],
    ['Pré-treino', 'other'], ['Lanche', 'other'], ['Snack', 'other'], ['', 'other'], ['Cenoura', 'other'],
  ] as const)('%s → %s', (name, kind) => {
    expect(mealKind(name)).toBe(kind);
  });
});

describe('parseMacros', () => {
  it.each([
    ['English', { protein: 150, carbs: '200g', fat: '60 g' }],
    ['English long names', { proteins: 150, carbohydrates: 200, fats: 60 }],
    ['Portuguese', { proteína: '150', carboidratos: 200, gorduras: '60g' }],
    ['Portuguese lipids', { proteinas: 150, carboidrato: 200, lipídios: 60 }],
    ['Spanish', { proteínas: 150, carbohidratos: '200 g', grasas: 60 }],
    ['unit in the key', { protein_g: 150, carbsGrams: 200, fat_g: 60 }],
    ['nested grams', { protein: { grams: 150, percent: 30 }, carbs: { g: 200 }, fat: { value: 60 } }],
    ['wrapped', { macros: { protein: 150, carbs: 200, fat: 60 } }],
  ])('reads %s keys, parsed and as a JSON string', (_label, macros) => {
    expect(parseMacros(macros)).toEqual({ protein: 150, carbs: 200, fat: 60 });
    expect(parseMacros(JSON.stringify(macros))).toEqual({ protein: 150, carbs: 200, fat: 60 });
  });

  it('reads what it can from JSON and ignores percentages', () => {
    expect(parseMacros({ protein: '30%', carbs: 180, gordura: 'baixa' })).toEqual({ carbs: 180 });
    expect(parseMacros({ protein: '30%', carbs: '40%' })).toEqual({ text: 'protein: 30%, carbs: 40%' });
  });

  it.each([
    ['Proteínas: 120g, Carboidratos: 180g, Gorduras: 50g', { protein: 120, carbs: 180, fat: 50 }],
    ['Proteína 120 g | Carboidrato 180 g | Lipídios 50,5 g', { protein: 120, carbs: 180, fat: 50.5 }],
    ['Proteínas: 150g\nCarbohidratos: 200g\nGrasas: 60g', { protein: 150, carbs: 200, fat: 60 }],
    ['Protein: 30% (120g); Carbs: 45% (180g); Fat: 25% (50g)', { protein: 120, carbs: 180, fat: 50 }],
    ['120g of protein, 180 g carbs and 50g fat', { protein: 120, carbs: 180, fat: 50 }],
  ])('reads free text %j', (text, expected) => {
    expect(parseMacros(text)).toEqual(expected);
  });

  it('keeps free text when a macro is missing or only a rate per kilo is given', () => {
    expect(parseMacros('Proteína alta (150g), carboidratos moderados')).toEqual({ protein: 150, text: 'Proteína alta (150g), carboidratos moderados' });
    expect(parseMacros('  Dieta rica em proteínas, 1,6 g/kg  ')).toEqual({ text: 'Dieta rica em proteínas, 1,6 g/kg' });
    expect(parseMacros('Proteína: 1,6 g/kg; Gorduras: 1 g por kg')).toEqual({ text: 'Proteína: 1,6 g/kg; Gorduras: 1 g por kg' });
    expect(parseMacros('Proteína 30%, carboidratos 400 kcal')).toEqual({ text: 'Proteína 30%, carboidratos 400 kcal' });
    expect(parseMacros('Proteínas: 140 g/dia')).toEqual({ protein: 140, text: 'Proteínas: 140 g/dia' });
  });

  it.each([[null], [undefined], [''], ['   '], ['null'], ['{}'], ['[]'], [{}], [42], [true]])('%j → null', (macros) => {
    expect(parseMacros(macros)).toBeNull();
  });
});

describe('parseTextList', () => {
  const items = ['Arroz → batata doce', 'Frango → peixe', 'Beba água'];

  it('reads newline text, stripping bullets and dropping empty lines', () => {
    expect(parseTextList('- Arroz → batata doce\n\n• Frango → peixe\r\n* Beba água\n---\n')).toEqual(items);
    expect(parseTextList('1. Um\n2) Dois\n  \n1.5 litro de água\n**Negrito**')).toEqual(['Um', 'Dois', '1.5 litro de água', '**Negrito**']);
  });

  it('reads an array and a JSON string of one', () => {
    expect(parseTextList(items)).toEqual(items);
    expect(parseTextList(JSON.stringify(['- Arroz → batata doce', ' Frango → peixe ', '', 'Beba água']))).toEqual(items);
  });

  it('turns substitution objects into "from → to"', () => {
    const substitutions = [
      { from: 'Arroz', to: 'Batata doce' },
      { original: 'Pão', substitute: 'Tapioca' },
      { alimento: 'Leite', substitutos: ['leite de amêndoas', 'leite de aveia'] },
      { original: 'Pollo', sustituto: 'pescado' },
      { from: 'Açúcar', options: [] },
    ];
    const expected = ['Arroz → Batata doce', 'Pão → Tapioca', 'Leite → leite de amêndoas, leite de aveia', 'Pollo → pescado', 'Açúcar'];
    expect(parseTextList(substitutions)).toEqual(expected);
    expect(parseTextList(JSON.stringify(substitutions))).toEqual(expected);
  });

  it('reads a weekly menu keyed by day, a wrapped list and other objects', () => {
    expect(parseTextList({ Segunda: 'Frango e salada', Terça: ['Peixe', 'Arroz'] })).toEqual(['Segunda: Frango e salada', 'Terça: Peixe, Arroz']);
    expect(parseTextList('{"tips":["Beba água","Durma bem"]}')).toEqual(['Beba água', 'Durma bem']);
    expect(parseTextList([{ day: 'Segunda', menu: 'Sopa' }, 3, [' a ', 'b'], null])).toEqual(['Segunda: Sopa', '3', 'a', 'b']);
  });

  it.each([[null], [undefined], [''], ['null'], [42], [{}], [[]]])('%j → []', (value) => {
    expect(parseTextList(value)).toEqual([]);
  });
});

describe('unreadable values', () => {
  const anyValue = fc.oneof(fc.anything(), fc.string(), fc.json(), fc.array(fc.record({ name: fc.string(), nome: fc.string(), foods: fc.anything() }), { maxLength: 4 }));
  const mealText = fc
    .array(fc.oneof(fc.string(), fc.constantFrom('Almoço (12:00 - 600 kcal)', 'Alimentos: ', 'Preparo: ', '(', ')', '\n', '\n\n', ' - ', '7h', 'kcal', '1.200')), { maxLength: 20 })
    .map((parts) => parts.join(''));

  it('parseMeals never throws, and every meal it reads has a name and a kind', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, mealText), (value) => {
        for (const meal of parseMeals(value)) {
          expect(meal.name.trim()).not.toBe('');
          expect(MEAL_KINDS).toContain(meal.kind);
          expect(Array.isArray(meal.foods)).toBe(true);
          if (meal.time !== undefined) expect(meal.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          if (meal.calories !== undefined) expect(meal.calories).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('parseMacros never throws and returns only finite, non-negative grams', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const macros = parseMacros(value);
        for (const grams of [macros?.protein, macros?.carbs, macros?.fat]) {
          if (grams !== undefined) expect(Number.isFinite(grams) && grams >= 0).toBe(true);
        }
      }),
    );
  });

  it('parseMacros reads no grams from text without digits', () => {
    fc.assert(
      fc.property(fc.string().filter((text) => !/\d/.test(text)), (text) => {
        const macros = parseMacros(text);
        expect([macros?.protein, macros?.carbs, macros?.fat]).toEqual([undefined, undefined, undefined]);
      }),
    );
  });

  it('parseTextList never throws and returns only non-empty trimmed strings', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        for (const item of parseTextList(value)) {
          expect(typeof item).toBe('string');
          expect(item).not.toBe('');
          expect(item).toBe(item.trim());
        }
      }),
    );
  });
});
