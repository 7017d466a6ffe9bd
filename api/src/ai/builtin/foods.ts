/**
 * The foods the built-in generator plans with: everyday foods of Brazil, Argentina and the US,
 * named in each language, with a household portion and its nutrition (TACO / USDA values,
 * rounded). Restrictions and conditions are judged on facts kept per food (animal source,
 * gluten, lactose, added sugar, glycemic load, sodium), not on hand-kept compatibility lists.
 */
import type { DietaryRestriction, MedicalCondition } from '#protocol/domain/client-enums.ts';
import type { MealKind } from '#protocol/domain/diet-plan-display.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { portionText, FREE_AMOUNT, type PortionUnit } from './portions.ts';

/** Salad is raw and served freely; vegetable is cooked; topping goes on yogurt, fruit or porridge. */
export type FoodGroup = 'protein' | 'legume' | 'carb' | 'salad' | 'vegetable' | 'fruit' | 'dairy' | 'fat' | 'topping' | 'beverage';
export type MealSlot = Exclude<MealKind, 'other'>;
export type AnimalSource = 'meat' | 'fish' | 'egg' | 'dairy' | 'honey';

/** What a restriction or condition is judged on; absent means "no". */
export interface FoodFacts {
  animal?: AnimalSource;
  /** Wheat, barley, rye, or oats not certified gluten-free. */
  gluten?: true;
  /** Milk products that still hold lactose. */
  lactose?: true;
  addedSugar?: true;
  /** A starchy or sugary portion a low-carb plan leaves out (grains, bread, tubers, sweet fruit). */
  carbDense?: true;
  highGlycemic?: true;
  highSodium?: true;
  processedMeat?: true;
}

export interface Food extends FoodFacts {
  id: string;
  names: Record<Locale, string>;
  group: FoodGroup;
  slots: readonly MealSlot[];
  /** The reference portion: `amount` of `unit`, weighing `size` g (ml when liquid). */
  portion: { amount: number; unit: PortionUnit; size: number };
  liquid: boolean;
  /** Served in any amount (leafy salad); counted at the reference portion. */
  freeAmount: boolean;
  /** A special product (lactose-free milk, gluten-free oats) offered only to clients with one of these restrictions. */
  onlyFor?: readonly DietaryRestriction[];
  /** How a fitted amount moves, in the portion's unit; 0 keeps the reference portion. */
  step: number;
  min: number;
  max: number;
  /** Per reference portion: kcal and grams of protein, carbohydrate and fat. */
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
}

type Names = readonly [pt: string, es: string, en: string];
type Portion = readonly [amount: number, unit: PortionUnit, size: number];
type Nutrition = readonly [kcal: number, protein: number, carbs: number, fat: number];
interface Options extends FoodFacts {
  onlyFor?: readonly DietaryRestriction[];
  liquid?: true;
  freeAmount?: true;
  /** Served as is: beverages, salad, cooked vegetables. */
  fixed?: true;
  step?: number;
  min?: number;
  max?: number;
}

const DEFAULT_STEP: Record<PortionUnit, number> = { g: 10, ml: 50, unit: 1, egg: 1, slice: 1, tablespoon: 1, teaspoon: 1, cup: 0.5, glass: 0.5, ladle: 0.5 };

/** Fitted amounts stay between half and three times the reference portion (at least one step). */
function food(id: string, [pt, es, en]: Names, group: FoodGroup, slots: readonly MealSlot[], [amount, unit, size]: Portion, [kcal, protein, carbs, fat]: Nutrition, options: Options = {}): Food {
  const { liquid, freeAmount, fixed, step: ownStep, min, max, ...facts } = options;
  const step = fixed ? 0 : (ownStep ?? DEFAULT_STEP[unit]);
  const roundToStep = (value: number) => (step === 0 ? amount : Math.max(step, Math.round(value / step) * step));
  return {
    id,
    names: { 'pt-BR': pt, 'es-AR': es, 'en-US': en },
    group,
    slots,
    portion: { amount, unit, size },
    liquid: liquid ?? false,
    freeAmount: freeAmount ?? false,
    step,
    min: min ?? roundToStep(amount / 2),
    max: max ?? roundToStep(amount * 3),
    kcal,
    protein,
    carbs,
    fat,
    ...facts,
  };
}

const BREAKFAST: readonly MealSlot[] = ['breakfast'];
const MAIN: readonly MealSlot[] = ['lunch', 'dinner'];
const SNACKS: readonly MealSlot[] = ['morningSnack', 'afternoonSnack'];
const SUPPER: readonly MealSlot[] = ['supper'];
/** Soy milk and yogurt replace dairy for those who avoid it; others get the dairy Brazilians expect. */
const PLANT_MILK_CLIENTS: readonly DietaryRestriction[] = ['vegan', 'lactoseFree'];
/** Tofu and soy protein stand in for meat; omnivores get the meat, fish and eggs of a usual menu. */
const MEATLESS_CLIENTS: readonly DietaryRestriction[] = ['vegetarian', 'vegan'];

export const FOODS: readonly Food[] = [
  // Carbohydrates: bread, grains, tubers.
  food('whole-wheat-bread', ['Pão integral', 'Pan integral', 'Whole wheat bread'], 'carb', [...BREAKFAST, 'afternoonSnack'], [2, 'slice', 50], [126, 4.7, 24.5, 1.9], { gluten: true, carbDense: true }),
  food('french-roll', ['Pão francês', 'Pan francés', 'White bread roll'], 'carb', [...BREAKFAST, 'afternoonSnack'], [1, 'unit', 50], [150, 4, 29.3, 1.5], { gluten: true, carbDense: true, highGlycemic: true, step: 0.5, max: 2 }),
  food('tapioca', ['Tapioca', 'Tapioca', 'Tapioca crepe'], 'carb', [...BREAKFAST, 'afternoonSnack'], [1, 'unit', 60], [140, 0.1, 34.5, 0.1], { carbDense: true, highGlycemic: true, step: 0.5, max: 2 }),
  food('rolled-oats', ['Aveia em flocos', 'Avena arrollada', 'Rolled oats'], 'carb', [...BREAKFAST, ...SNACKS], [3, 'tablespoon', 30], [118, 4.2, 20, 2.6], { gluten: true, carbDense: true, max: 6 }),
  food('gluten-free-oats', ['Aveia em flocos sem glúten', 'Avena arrollada sin TACC', 'Certified gluten-free rolled oats'], 'carb', [...BREAKFAST, ...SNACKS], [3, 'tablespoon', 30], [118, 4.2, 20, 2.6], { onlyFor: ['glutenFree'], carbDense: true, max: 6 }),
  food('corn-couscous', ['Cuscuz de milho', 'Cuscús de harina de maíz', 'Steamed cornmeal couscous'], 'carb', [...BREAKFAST, 'dinner'], [100, 'g', 100], [113, 2.2, 25.3, 0.7], { carbDense: true, highGlycemic: true }),
  food('rice-cakes', ['Biscoito de arroz', 'Galletas de arroz', 'Rice cakes'], 'carb', SNACKS, [2, 'unit', 18], [70, 1.4, 14.8, 0.5], { carbDense: true, highGlycemic: true, max: 4 }),
  food('brown-rice', ['Arroz integral', 'Arroz integral', 'Brown rice'], 'carb', MAIN, [4, 'tablespoon', 100], [124, 2.6, 25.8, 1], { carbDense: true }),
  food('white-rice', ['Arroz branco', 'Arroz blanco', 'White rice'], 'carb', MAIN, [4, 'tablespoon', 100], [128, 2.5, 28.1, 0.2], { carbDense: true, highGlycemic: true }),
  food('whole-wheat-pasta', ['Macarrão integral', 'Fideos integrales', 'Whole wheat pasta'], 'carb', MAIN, [100, 'g', 100], [124, 5.3, 26.5, 0.5], { gluten: true, carbDense: true }),
  food('quinoa', ['Quinoa cozida', 'Quinoa cocida', 'Cooked quinoa'], 'carb', MAIN, [4, 'tablespoon', 100], [120, 4.4, 21.3, 1.9], { carbDense: true }),
  food('sweet-potato', ['Batata-doce cozida', 'Batata hervida', 'Boiled sweet potato'], 'carb', MAIN, [150, 'g', 150], [116, 1, 27.6, 0.2], { carbDense: true }),
  food('boiled-potato', ['Batata inglesa cozida', 'Papa hervida', 'Boiled potato'], 'carb', MAIN, [150, 'g', 150], [78, 1.8, 17.7, 0.1], { carbDense: true, highGlycemic: true }),
  food('cassava', ['Mandioca cozida', 'Mandioca hervida', 'Boiled cassava'], 'carb', MAIN, [100, 'g', 100], [125, 0.6, 30.1, 0.3], { carbDense: true, highGlycemic: true }),
  food('corn', ['Milho verde', 'Choclo', 'Sweet corn'], 'carb', MAIN, [100, 'g', 100], [96, 3.4, 19, 1.5], { carbDense: true }),
  food('polenta', ['Polenta cozida', 'Polenta', 'Soft polenta'], 'carb', MAIN, [150, 'g', 150], [105, 2.4, 22.5, 0.5], { carbDense: true, highGlycemic: true }),

  // Proteins: meat, fish, eggs, soy.
  food('grilled-chicken', ['Frango grelhado', 'Pollo a la plancha', 'Grilled chicken breast'], 'protein', MAIN, [100, 'g', 100], [159, 32, 0, 2.5], { animal: 'meat' }),
  food('shredded-chicken', ['Frango desfiado', 'Pollo desmenuzado', 'Shredded chicken breast'], 'protein', [...BREAKFAST, 'afternoonSnack'], [50, 'g', 50], [80, 16, 0, 1.3], { animal: 'meat' }),
  food('lean-beef', ['Bife de patinho grelhado', 'Bife de nalga a la plancha', 'Grilled lean top round steak'], 'protein', MAIN, [100, 'g', 100], [219, 35.9, 0, 7.3], { animal: 'meat' }),
  food('lean-ground-beef', ['Carne moída magra refogada', 'Carne picada magra salteada', 'Sautéed lean ground beef'], 'protein', MAIN, [100, 'g', 100], [170, 26, 0, 7], { animal: 'meat' }),
  food('baked-breaded-chicken', ['Filé de frango empanado assado', 'Milanesa de pollo al horno', 'Oven-baked breaded chicken cutlet'], 'protein', MAIN, [120, 'g', 120], [230, 26, 12, 8.5], { animal: 'meat', gluten: true, carbDense: true }),
  food('white-fish', ['Filé de peixe branco grelhado', 'Filete de merluza a la plancha', 'Grilled white fish'], 'protein', MAIN, [120, 'g', 120], [144, 28.8, 0, 3], { animal: 'fish' }),
  food('salmon', ['Salmão grelhado', 'Salmón a la plancha', 'Grilled salmon'], 'protein', MAIN, [100, 'g', 100], [206, 22, 0, 12.4], { animal: 'fish' }),
  food('canned-tuna', ['Atum em água', 'Atún al natural', 'Tuna canned in water'], 'protein', [...MAIN, 'afternoonSnack'], [80, 'g', 80], [93, 21, 0, 0.6], { animal: 'fish', highSodium: true }),
  food('boiled-eggs', ['Ovos cozidos', 'Huevos duros', 'Hard-boiled eggs'], 'protein', [...BREAKFAST, 'afternoonSnack', 'dinner'], [2, 'unit', 100], [146, 13.3, 0.6, 9.5], { animal: 'egg', min: 1, max: 4 }),
  food('scrambled-eggs', ['Ovos mexidos', 'Huevos revueltos', 'Scrambled eggs'], 'protein', [...BREAKFAST, 'dinner'], [2, 'unit', 100], [170, 12.6, 1, 13], { animal: 'egg', min: 1, max: 4 }),
  food('vegetable-omelet', ['Omelete de legumes', 'Omelette de verduras', 'Vegetable omelet'], 'protein', MAIN, [3, 'egg', 250], [250, 20, 6, 15.5], { animal: 'egg', min: 2, max: 4 }),
  food('turkey-breast', ['Peito de peru fatiado', 'Pechuga de pavo en fetas', 'Sliced turkey breast'], 'protein', [...BREAKFAST, 'afternoonSnack'], [2, 'slice', 30], [33, 5.6, 0.6, 0.9], { animal: 'meat', processedMeat: true, highSodium: true, max: 4 }),
  food('grilled-tofu', ['Tofu grelhado', 'Tofu a la plancha', 'Grilled tofu'], 'protein', MAIN, [100, 'g', 100], [145, 15.8, 4.3, 8.7], { onlyFor: MEATLESS_CLIENTS }),
  food('tofu-scramble', ['Tofu mexido', 'Tofu revuelto', 'Tofu scramble'], 'protein', [...BREAKFAST, 'dinner'], [100, 'g', 100], [150, 15, 4, 9], { onlyFor: MEATLESS_CLIENTS }),
  food('soy-protein', ['Proteína de soja refogada', 'Soja texturizada salteada', 'Sautéed textured soy protein'], 'protein', MAIN, [90, 'g', 90], [104, 15.6, 9.6, 0.4], { onlyFor: MEATLESS_CLIENTS }),

  // Legumes.
  food('pinto-beans', ['Feijão carioca', 'Porotos', 'Pinto beans'], 'legume', MAIN, [1, 'ladle', 100], [76, 4.8, 13.6, 0.5]),
  food('black-beans', ['Feijão preto', 'Porotos negros', 'Black beans'], 'legume', MAIN, [1, 'ladle', 100], [77, 4.5, 14, 0.5]),
  food('lentils', ['Lentilha', 'Lentejas', 'Lentils'], 'legume', MAIN, [1, 'ladle', 100], [93, 6.3, 16.3, 0.5]),
  food('chickpeas', ['Grão-de-bico', 'Garbanzos', 'Chickpeas'], 'legume', MAIN, [4, 'tablespoon', 100], [164, 8.9, 27.4, 2.6]),

  // Raw salad, served freely, and cooked vegetables.
  food('green-salad', ['Salada de folhas verdes', 'Ensalada de hojas verdes', 'Green leaf salad'], 'salad', MAIN, [50, 'g', 50], [10, 0.8, 1.6, 0.1], { fixed: true, freeAmount: true }),
  food('tomato', ['Tomate', 'Tomate', 'Tomato'], 'salad', MAIN, [1, 'unit', 100], [15, 1.1, 3.1, 0.2], { fixed: true }),
  food('cucumber', ['Pepino', 'Pepino', 'Cucumber'], 'salad', MAIN, [100, 'g', 100], [10, 0.9, 2, 0.1], { fixed: true }),
  food('broccoli', ['Brócolis cozido', 'Brócoli al vapor', 'Steamed broccoli'], 'vegetable', MAIN, [100, 'g', 100], [25, 2.1, 4.4, 0.5], { fixed: true }),
  food('carrot', ['Cenoura cozida', 'Zanahoria hervida', 'Cooked carrots'], 'vegetable', MAIN, [100, 'g', 100], [30, 0.8, 6.7, 0.2], { fixed: true }),
  food('zucchini', ['Abobrinha refogada', 'Zapallitos salteados', 'Sautéed zucchini'], 'vegetable', MAIN, [100, 'g', 100], [25, 1.2, 3.5, 0.6], { fixed: true }),
  food('pumpkin', ['Abóbora cozida', 'Zapallo hervido', 'Cooked pumpkin'], 'vegetable', MAIN, [100, 'g', 100], [48, 1.4, 10.8, 0.7], { fixed: true }),
  food('green-beans', ['Vagem cozida', 'Chauchas hervidas', 'Cooked green beans'], 'vegetable', MAIN, [100, 'g', 100], [25, 1.5, 5, 0.2], { fixed: true }),
  food('beetroot', ['Beterraba cozida', 'Remolacha hervida', 'Cooked beets'], 'vegetable', MAIN, [100, 'g', 100], [32, 1.3, 7.2, 0.1], { fixed: true }),
  food('cauliflower', ['Couve-flor cozida', 'Coliflor al vapor', 'Steamed cauliflower'], 'vegetable', MAIN, [100, 'g', 100], [23, 1.8, 4.1, 0.3], { fixed: true }),

  // Fruit.
  food('banana', ['Banana', 'Banana', 'Banana'], 'fruit', [...BREAKFAST, ...SNACKS], [1, 'unit', 90], [85, 1.1, 22, 0.2], { carbDense: true, step: 0.5, max: 2 }),
  food('apple', ['Maçã', 'Manzana', 'Apple'], 'fruit', [...BREAKFAST, ...SNACKS, ...SUPPER], [1, 'unit', 130], [73, 0.4, 18, 0.1], { step: 0.5, max: 2 }),
  food('papaya', ['Mamão papaia', 'Papaya', 'Papaya'], 'fruit', [...BREAKFAST, 'morningSnack'], [1, 'slice', 150], [60, 0.8, 15.6, 0.2], { max: 2 }),
  food('orange', ['Laranja', 'Naranja', 'Orange'], 'fruit', [...BREAKFAST, ...SNACKS], [1, 'unit', 150], [60, 1.2, 14.5, 0.2], { step: 0.5, max: 2 }),
  food('strawberries', ['Morangos', 'Frutillas', 'Strawberries'], 'fruit', [...BREAKFAST, ...SNACKS, ...SUPPER], [1, 'cup', 150], [45, 1, 10.2, 0.5], { max: 2 }),
  food('pear', ['Pera', 'Pera', 'Pear'], 'fruit', [...SNACKS, ...SUPPER], [1, 'unit', 130], [74, 0.5, 18.5, 0.2], { step: 0.5, max: 2 }),
  food('watermelon', ['Melancia', 'Sandía', 'Watermelon'], 'fruit', SNACKS, [1, 'slice', 200], [60, 1.2, 13.6, 0.3], { highGlycemic: true, max: 2 }),
  food('mango', ['Manga', 'Mango', 'Mango'], 'fruit', SNACKS, [1, 'cup', 165], [99, 1.4, 22.5, 0.6], { carbDense: true, max: 1.5 }),
  food('kiwi', ['Kiwi', 'Kiwi', 'Kiwi'], 'fruit', [...BREAKFAST, ...SNACKS, ...SUPPER], [1, 'unit', 75], [46, 0.8, 10, 0.4], { max: 2 }),
  food('pineapple', ['Abacaxi', 'Ananá', 'Pineapple'], 'fruit', SNACKS, [1, 'slice', 100], [48, 0.9, 11.5, 0.1], { max: 2 }),

  // Dairy and plant-based alternatives.
  food('skim-milk', ['Leite desnatado', 'Leche descremada', 'Skim milk'], 'dairy', [...BREAKFAST, 'afternoonSnack', ...SUPPER], [200, 'ml', 200], [70, 6.8, 10, 0.2], { animal: 'dairy', lactose: true, liquid: true, min: 100, max: 300 }),
  food('lactose-free-milk', ['Leite desnatado sem lactose', 'Leche descremada sin lactosa', 'Lactose-free skim milk'], 'dairy', [...BREAKFAST, 'afternoonSnack', ...SUPPER], [200, 'ml', 200], [70, 6.8, 10, 0.2], { animal: 'dairy', onlyFor: ['lactoseFree'], liquid: true, min: 100, max: 300 }),
  food('plain-yogurt', ['Iogurte natural desnatado', 'Yogur natural descremado', 'Plain nonfat yogurt'], 'dairy', [...BREAKFAST, ...SNACKS, ...SUPPER], [170, 'g', 170], [70, 6.5, 9.9, 0.5], { animal: 'dairy', lactose: true, max: 340 }),
  food('greek-yogurt', ['Iogurte grego natural desnatado', 'Yogur griego natural descremado', 'Plain nonfat Greek yogurt'], 'dairy', [...BREAKFAST, ...SNACKS, ...SUPPER], [170, 'g', 170], [100, 17, 6, 0.7], { animal: 'dairy', lactose: true, max: 340 }),
  food('lactose-free-yogurt', ['Iogurte natural sem lactose', 'Yogur natural sin lactosa', 'Lactose-free plain yogurt'], 'dairy', [...BREAKFAST, ...SNACKS, ...SUPPER], [170, 'g', 170], [85, 6, 9, 2.7], { animal: 'dairy', onlyFor: ['lactoseFree'], max: 340 }),
  food('fresh-cheese', ['Queijo minas frescal', 'Queso fresco', 'Fresh white cheese'], 'dairy', [...BREAKFAST, 'afternoonSnack'], [30, 'g', 30], [79, 5.2, 1, 6.1], { animal: 'dairy', lactose: true, max: 60 }),
  food('ricotta', ['Ricota', 'Ricota', 'Ricotta cheese'], 'dairy', [...BREAKFAST, 'afternoonSnack'], [30, 'g', 30], [42, 3.8, 1.1, 2.4], { animal: 'dairy', lactose: true, max: 80 }),
  food('cottage-cheese', ['Queijo cottage', 'Queso cottage', 'Low-fat cottage cheese'], 'dairy', [...BREAKFAST, 'afternoonSnack', ...SUPPER], [50, 'g', 50], [41, 5.2, 2.4, 1.1], { animal: 'dairy', lactose: true, max: 150 }),
  food('soy-milk', ['Bebida de soja sem açúcar', 'Bebida de soja sin azúcar', 'Unsweetened soy milk'], 'dairy', [...BREAKFAST, 'afternoonSnack', ...SUPPER], [200, 'ml', 200], [66, 5.6, 3.4, 3.6], { onlyFor: PLANT_MILK_CLIENTS, liquid: true, min: 100, max: 300 }),
  food('soy-yogurt', ['Iogurte de soja natural', 'Yogur de soja natural', 'Plain soy yogurt'], 'dairy', [...BREAKFAST, ...SNACKS, ...SUPPER], [150, 'g', 150], [80, 5.3, 6, 3.8], { onlyFor: PLANT_MILK_CLIENTS, max: 300 }),

  // Fats: oil, nuts, seeds, avocado.
  food('olive-oil', ['Azeite de oliva extravirgem', 'Aceite de oliva virgen extra', 'Extra-virgin olive oil'], 'fat', MAIN, [2, 'teaspoon', 9], [80, 0, 0, 9], { min: 1, max: 4 }),
  food('mixed-nuts', ['Mix de castanhas sem sal', 'Frutos secos sin sal', 'Unsalted mixed nuts'], 'fat', SNACKS, [20, 'g', 20], [125, 3.5, 4.5, 11], { step: 5, max: 40 }),
  food('almonds', ['Amêndoas', 'Almendras', 'Almonds'], 'fat', SNACKS, [20, 'g', 20], [116, 4.2, 4.3, 10], { step: 5, max: 40 }),
  food('walnuts', ['Nozes', 'Nueces', 'Walnuts'], 'fat', [...SNACKS, ...SUPPER], [15, 'g', 15], [98, 2.3, 2.1, 9.8], { step: 5, max: 30 }),
  food('peanut-butter', ['Pasta de amendoim integral', 'Mantequilla de maní', 'Natural peanut butter'], 'fat', [...BREAKFAST, ...SNACKS], [1, 'tablespoon', 15], [90, 3.8, 3, 7.5], { step: 0.5, max: 2 }),
  food('avocado', ['Abacate', 'Palta', 'Avocado'], 'fat', [...BREAKFAST, 'afternoonSnack'], [50, 'g', 50], [80, 1, 4.3, 7.3], { max: 100 }),

  // Toppings for yogurt, fruit and porridge.
  food('chia-seeds', ['Sementes de chia', 'Semillas de chía', 'Chia seeds'], 'topping', [...BREAKFAST, ...SNACKS], [1, 'tablespoon', 10], [49, 1.7, 4.2, 3.1], { max: 2 }),
  food('ground-flaxseed', ['Linhaça dourada moída', 'Semillas de lino molidas', 'Ground flaxseed'], 'topping', [...BREAKFAST, ...SNACKS], [1, 'tablespoon', 10], [53, 1.8, 2.9, 4.2], { max: 2 }),
  food('granola', ['Granola', 'Granola', 'Granola'], 'topping', [...BREAKFAST, 'afternoonSnack'], [3, 'tablespoon', 30], [135, 3, 20, 4.8], { gluten: true, addedSugar: true, carbDense: true, max: 4 }),
  food('honey', ['Mel', 'Miel', 'Honey'], 'topping', [...BREAKFAST, 'afternoonSnack'], [1, 'teaspoon', 7], [21, 0, 5.7, 0], { animal: 'honey', addedSugar: true, highGlycemic: true, max: 2 }),

  // Beverages, unsweetened.
  food('black-coffee', ['Café sem açúcar', 'Café sin azúcar', 'Black coffee'], 'beverage', [...BREAKFAST, ...SNACKS], [150, 'ml', 150], [3, 0.2, 0, 0], { liquid: true, fixed: true }),
  food('mate-tea', ['Chá mate sem açúcar', 'Mate cocido sin azúcar', 'Unsweetened yerba mate tea'], 'beverage', [...BREAKFAST, 'afternoonSnack'], [200, 'ml', 200], [2, 0, 0.4, 0], { liquid: true, fixed: true }),
  food('green-tea', ['Chá verde', 'Té verde', 'Green tea'], 'beverage', SNACKS, [200, 'ml', 200], [2, 0, 0.4, 0], { liquid: true, fixed: true }),
  food('chamomile-tea', ['Chá de camomila', 'Té de manzanilla', 'Chamomile tea'], 'beverage', SUPPER, [200, 'ml', 200], [2, 0, 0.4, 0], { liquid: true, fixed: true }),
];

/** SPEC §3 restriction names: what each one rules out. */
export function suitsRestriction(item: Food, restriction: DietaryRestriction): boolean {
  switch (restriction) {
    case 'vegetarian':
      return item.animal !== 'meat' && item.animal !== 'fish';
    case 'vegan':
      return item.animal === undefined;
    case 'glutenFree':
      return !item.gluten;
    case 'lactoseFree':
      return !item.lactose;
    case 'sugarFree':
      return !item.addedSugar;
    case 'lowCarb':
      return !item.carbDense;
  }
}

/**
 * Diabetes and metabolic syndrome leave out sugar and high-glycemic starch; hypertension and
 * heart problems leave out salty and processed foods. Hypothyroidism and 'other' change no food:
 * they get a tip instead.
 */
export function suitsCondition(item: Food, condition: MedicalCondition): boolean {
  switch (condition) {
    case 'diabetes':
    case 'metabolicSyndrome':
      return !item.highGlycemic && !item.addedSugar;
    case 'hypertension':
    case 'heartProblems':
      return !item.highSodium && !item.processedMeat;
    case 'hypothyroidism':
    case 'other':
      return true;
  }
}

/** Every restriction and condition allows the food, and a special product is needed. */
export function suitsClient(item: Food, restrictions: ReadonlySet<DietaryRestriction>, conditions: ReadonlySet<MedicalCondition>): boolean {
  if (item.onlyFor !== undefined && !item.onlyFor.some((restriction) => restrictions.has(restriction))) return false;
  for (const restriction of restrictions) if (!suitsRestriction(item, restriction)) return false;
  for (const condition of conditions) if (!suitsCondition(item, condition)) return false;
  return true;
}

/** Nutrition of `amount` (in the portion's unit), unrounded. */
export function nutritionOf(item: Food, amount: number): { kcal: number; protein: number; carbs: number; fat: number } {
  const share = amount / item.portion.amount;
  return { kcal: item.kcal * share, protein: item.protein * share, carbs: item.carbs * share, fat: item.fat * share };
}

/** 'Arroz integral (4 colheres de sopa – 100 g)', 'Salada de folhas verdes (à vontade)'. */
export function foodLine(item: Food, amount: number, locale: Locale): string {
  const { unit, size } = item.portion;
  const portion = item.freeAmount ? FREE_AMOUNT[locale] : portionText(amount, unit, (size * amount) / item.portion.amount, item.liquid, locale);
  return `${item.names[locale]} (${portion})`;
}

/** SPEC §3 meal names; Ceia is the supper the app looks for. */
export const MEAL_NAMES: Record<MealKind, Record<Locale, string>> = {
  breakfast: { 'pt-BR': 'Café da manhã', 'es-AR': 'Desayuno', 'en-US': 'Breakfast' },
  morningSnack: { 'pt-BR': 'Lanche da manhã', 'es-AR': 'Colación de la mañana', 'en-US': 'Morning snack' },
  lunch: { 'pt-BR': 'Almoço', 'es-AR': 'Almuerzo', 'en-US': 'Lunch' },
  afternoonSnack: { 'pt-BR': 'Lanche da tarde', 'es-AR': 'Merienda', 'en-US': 'Afternoon snack' },
  dinner: { 'pt-BR': 'Jantar', 'es-AR': 'Cena', 'en-US': 'Dinner' },
  supper: { 'pt-BR': 'Ceia', 'es-AR': 'Colación nocturna', 'en-US': 'Evening snack' },
  other: { 'pt-BR': 'Refeição', 'es-AR': 'Comida', 'en-US': 'Meal' },
};
