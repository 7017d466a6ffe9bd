/**
 * A diet plan was written by nutritionists, by hand or by the AI, over years, so its fields
 * arrive as loosely formatted strings (SPEC: "Diet plan: ... macros (JSON with protein, carbs,
 * fat or Portuguese names, or free text), meals (text block or array), weeklyMenu, tips,
 * substitutions (array, JSON string or newline text)"). We read every shape we know in pt-BR,
 * es-AR and en-US and never throw: what we cannot read becomes empty. It runs where a plan is
 * written (the admin's form, the server at save); clients show the result with ./diet-plan-display.ts.
 */
import { BULLET, stripBullet, type Macros, type Meal, type MealKind } from './diet-plan-display.ts';

// ---------------------------------------------------------------------------------------------
// Shared readers

/** Lower case, no accents: 'Café da Manhã' → 'cafe da manha'. */
const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** JSON keys compared without case, accents or separators: 'Modo_de_Preparo' → 'mododepreparo'. */
const foldKey = (key: string) => fold(key).replace(/[^a-z0-9]/g, '');

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first value whose folded key is one of `keys`, in the order of `keys`. */
function field(fields: Fields, keys: readonly string[]): unknown {
  const byKey = new Map<string, unknown>();
  for (const [key, value] of Object.entries(fields)) if (!byKey.has(foldKey(key))) byKey.set(foldKey(key), value);
  for (const key of keys) if (byKey.get(key) !== undefined) return byKey.get(key);
  return undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Thousands written either way ('1.200', '1,200' kcal); otherwise ',' or '.' is a decimal point. NaN past any real size. */
function readNumber(value: string): number {
  if (!/^[\d.,]+$/.test(value)) return NaN;
  const number = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(value) ? Number(value.replace(/[.,]/g, '')) : Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : NaN;
}

const NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)?`;
const KCAL = new RegExp(String.raw`(${NUMBER})\s*(?:kcal|cal(?:or[ií]as|ories)?)(?![\p{L}\p{N}])`, 'iu');

/** '450 kcal', '1.200cal', 450, '450' → whole kcal; null when there is no positive figure. */
function readCalories(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const match = KCAL.exec(value) ?? new RegExp(String.raw`^\s*(${NUMBER})\s*$`, 'u').exec(value);
  const calories = match ? readNumber(match[1] as string) : NaN;
  return Number.isFinite(calories) && calories > 0 ? Math.round(calories) : null;
}

/** '07:00', '7:00', '7h', '7h30', '7hs', '19 hrs', '7am', '7:30 pm'. */
const TIME = /(?<!\d)(\d{1,2})(?:\s*(?::|h(?:rs?|s)?)\s*(\d{2})?(?!\d)(?:\s*([ap])\.?m\.?)?|\s*([ap])\.?m\.?(?![a-z]))/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** The first clock time in the text as 'HH:MM', or null. A bare 7 (number) is 07:00. */
function readTime(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 23 ? `${pad(value)}:00` : null;
  if (typeof value !== 'string') return null;
  const match = TIME.exec(value);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = (match[3] ?? match[4])?.toLowerCase();
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
}

// ---------------------------------------------------------------------------------------------
// Meal kinds

/**
 * Order matters: supper before the snacks ('Late snack', 'Colación nocturna'), the afternoon and
 * morning snacks before breakfast ('Café da tarde' is a snack, 'Café' alone is breakfast, 'Lanche da
 * manhã' is not 'Café da manhã'). In Spanish 'Cena' is dinner, not supper.
 */
const KIND_PATTERNS: readonly (readonly [MealKind, RegExp])[] = [
  ['supper', /\b(?:ceia|supper|(?:late[\s-]*(?:night[\s-]*)?|evening |night |bedtime )snack|colacion nocturna|lanche (?:da noite|noturno)|snack nocturno)\b/],
  ['afternoonSnack', /\b(?:merienda|afternoon|media tarde|(?:lanche|cafe|colacion|snack)\b.*\btarde|lanche vespertino)\b/],
  ['morningSnack', /\b(?:morning snack|mid[\s-]?morning|media manana|colacion|(?:lanche|snack)\b.*\bmanha)\b/],
  ['breakfast', /\b(?:cafe|desayuno|breakfast|desjejum|pequeno[\s-]almoco|brunch)\b/],
  ['lunch', /\b(?:almoco|almuerzo|lunch)\b/],
  ['dinner', /\b(?:jantar|janta|cena|dinner)\b/],
];

export function mealKind(name: string): MealKind {
  if (typeof name !== 'string') return 'other';
  const folded = fold(name);
  return KIND_PATTERNS.find(([, pattern]) => pattern.test(folded))?.[0] ?? 'other';
}

// ---------------------------------------------------------------------------------------------
// Meals

export function parseMeals(meals: unknown): Meal[] {
  if (typeof meals !== 'string') return fromJson(meals);
  const parsed = parseJson(meals);
  if (typeof parsed === 'string') return fromText(parsed);
  return typeof parsed === 'object' && parsed !== null ? fromJson(parsed) : fromText(meals);
}

const NAME_KEYS = ['name', 'nome', 'nombre', 'title', 'titulo', 'meal', 'refeicao', 'comida'];
const TIME_KEYS = ['time', 'horario', 'hora', 'hour', 'schedule'];
const FOODS_KEYS = ['foods', 'food', 'alimentos', 'items', 'itens', 'ingredientes', 'ingredients'];
const CALORIES_KEYS = ['calories', 'calorias', 'kcal', 'cal', 'energy', 'energia'];
const PREPARATION_KEYS = ['preparation', 'preparo', 'preparacion', 'mododepreparo', 'modopreparo', 'instructions', 'instrucoes', 'instrucciones', 'recipe', 'receita', 'receta'];
const MEAL_FIELD_KEYS = [TIME_KEYS, FOODS_KEYS, CALORIES_KEYS, PREPARATION_KEYS];
const WRAPPER_KEYS = ['meals', 'refeicoes', 'comidas', 'dieta', 'diet', 'plan', 'plano'];
const FOOD_NAME_KEYS = ['name', 'nome', 'nombre', 'food', 'alimento', 'item'];
const QUANTITY_KEYS = ['quantity', 'quantidade', 'cantidad', 'amount', 'portion', 'porcao', 'porcion'];
const UNIT_KEYS = ['unit', 'unidade', 'unidad'];

/** An array of meals; `{ meals: [...] }`; one meal object; or meals keyed by name (`{ "Almoço": {...} }`). */
function fromJson(value: unknown): Meal[] {
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' ? fromText(item) : jsonMeal(item)));
  if (!isFields(value)) return [];
  const wrapped = field(value, WRAPPER_KEYS);
  if (Array.isArray(wrapped)) return fromJson(wrapped);
  if (typeof wrapped === 'string') return parseMeals(wrapped);
  if (field(value, NAME_KEYS) !== undefined) return jsonMeal(value);
  // Keyed by name: the value is the foods, or an object with at least one meal field.
  return Object.entries(value).flatMap(([name, meal]) => {
    if (Array.isArray(meal)) return jsonMeal({ name, foods: meal });
    return isFields(meal) && MEAL_FIELD_KEYS.some((keys) => field(meal, keys) !== undefined) ? jsonMeal({ ...meal, name }) : [];
  });
}

function jsonMeal(value: unknown): Meal[] {
  if (!isFields(value)) return [];
  const name = mealName(text(field(value, NAME_KEYS)) ?? '');
  if (name === '') return [];
  const foods = field(value, FOODS_KEYS);
  return [
    meal({
      name,
      time: readTime(field(value, TIME_KEYS)),
      calories: readCalories(field(value, CALORIES_KEYS)),
      foods: Array.isArray(foods) ? foods.flatMap(jsonFood) : typeof foods === 'string' ? splitFoods(foods) : [],
      preparation: text(field(value, PREPARATION_KEYS)),
    }),
  ];
}

/** A food is a string, or `{ alimento: 'Frango', quantidade: 150, unidade: 'g' }` → 'Frango (150 g)'. */
function jsonFood(value: unknown): string[] {
  if (typeof value === 'string') return [stripBullet(value)].filter((food) => food !== '');
  if (!isFields(value)) return [];
  const name = text(field(value, FOOD_NAME_KEYS));
  if (name === undefined) return [];
  const quantity = [text(field(value, QUANTITY_KEYS)), text(field(value, UNIT_KEYS))].filter((part) => part !== undefined).join(' ');
  return [quantity === '' ? name : `${name} (${quantity})`];
}

function meal(fields: { name: string; time: string | null; calories: number | null; foods: string[]; preparation: string | undefined }): Meal {
  const result: Meal = { name: fields.name, foods: fields.foods, kind: mealKind(fields.name) };
  if (fields.time !== null) result.time = fields.time;
  if (fields.calories !== null) result.calories = fields.calories;
  if (fields.preparation !== undefined) result.preparation = fields.preparation;
  return result;
}

/** '**1. Café da manhã:**' → 'Café da manhã'. */
const mealName = (value: string) =>
  value
    .replace(/^(?:[#>*_\s]|\d+[.)]\s+|[-•–]\s+)+/, '')
    .replace(/(?<![#*_\s:–—-])[#*_\s:–—-]+$/, '')
    .trim();

/** Commas split foods except between digits ('1,5 xícara'); ';' and line breaks always do. */
const splitFoods = (value: string) =>
  value
    .split(/;|\r?\n|(?<!\d),|,(?!\d)/)
    .map((food) => stripBullet(food).replace(/\.$/, '').trim())
    .filter((food) => food !== '');

const FOODS_LABEL = /^(?:alimentos|foods?|ingredientes|ingredients)\s*[*_]*\s*:\s*[*_]*\s*(.*)$/iu;
const PREPARATION_LABEL = /^(?:modo\s+de\s+preparo|preparo|preparaci[oó]n|preparation)\s*[*_]*\s*:\s*[*_]*\s*(.*)$/iu;
const CALORIES_LABEL = /^(?:calorias|calorías|calories|kcal|energia|energía)\s*[*_]*\s*:\s*[*_]*\s*(.*)$/iu;
const TIME_LABEL = /^(?:hor[aá]rio|hora|time)\s*[*_]*\s*:\s*[*_]*\s*(.*)$/iu;
const NOTE_LABEL = /^(?:obs|observa[çc][ãa]o|observa[çc][õo]es|observaci[oó]n|nota|notas|notes?|dica|tip|consejo)\b/iu;

/** 'Almoço (12:30 – 1.200 kcal)': the name, then the last parenthesis, then only markdown. */
const FIRST_LINE = /^(.+)\(([^()]*)\)[\s*_:.]*$/u;

/**
 * SPEC: "blocks separated by a blank line; first line 'Name (time - N kcal)'; a line starting
 * 'Alimentos:' with comma-separated foods; a line starting 'Preparo:'. Blocks with fewer than two
 * lines or a malformed first line are skipped." We are lenient inside a block: unlabeled lines and
 * bullets before 'Preparo:' are foods, lines after it continue the preparation, and 'Obs:' notes
 * join the preparation.
 */
function fromText(meals: string): Meal[] {
  const blocks: string[][] = [[]];
  for (const raw of meals.normalize('NFC').split(/\r?\n/)) {
    if (raw.trim() === '') blocks.push([]);
    else blocks[blocks.length - 1]?.push(raw.trim());
  }
  return blocks.flatMap(textMeal);
}

/**
 * A first line is malformed without a parenthesis holding a readable time or kcal figure:
 * 'Observações (importante):' above a note must not become a meal.
 */
function firstLine(line: string): { name: string; time: string | null; calories: number | null } | null {
  const match = FIRST_LINE.exec(line);
  if (!match) return null;
  const name = mealName(match[1] as string);
  let time: string | null = null;
  let calories: number | null = null;
  // 'time - N kcal' with '-', '–' or '—'; '07:00-450kcal' stays one part and is read by search.
  const parts = (match[2] as string).split(/\s+-\s+|\s*[–—|]\s*/);
  for (const [index, part] of parts.entries()) {
    const kcal = KCAL.exec(part);
    if (kcal && calories === null) calories = readCalories(kcal[0]);
    const rest = kcal ? part.replace(kcal[0], ' ') : part;
    const clock = readTime(rest);
    if (clock !== null && time === null) time = clock;
    else if (clock === null && !kcal && /^\s*\d+\s*$/.test(rest)) {
      // '(7 - 450)': a bare first number up to 23 is the hour, any other bare number the kcal.
      const number = Number(rest);
      if (index === 0 && number <= 23 && time === null) time = readTime(number);
      else if (calories === null) calories = readCalories(number);
    }
  }
  return name === '' || (time === null && calories === null) ? null : { name, time, calories };
}

function textMeal(lines: readonly string[]): Meal[] {
  if (lines.length < 2) return [];
  const head = firstLine(lines[0] as string);
  if (head === null) return [];
  const foods: string[] = [];
  const preparation: string[] = [];
  let section: 'foods' | 'preparation' = 'foods';
  for (const raw of lines.slice(1)) {
    const line = raw.replace(BULLET, '').replace(/^[*_#>\s]+(?=\S)/, '').trim();
    const label = (pattern: RegExp) => pattern.exec(line)?.[1]?.trim();
    const foodsText = label(FOODS_LABEL);
    const preparationText = label(PREPARATION_LABEL);
    const caloriesText = label(CALORIES_LABEL);
    const timeText = label(TIME_LABEL);
    if (foodsText !== undefined) {
      section = 'foods';
      foods.push(...splitFoods(foodsText));
    } else if (preparationText !== undefined) {
      section = 'preparation';
      if (preparationText !== '') preparation.push(preparationText);
    } else if (caloriesText !== undefined) {
      head.calories ??= readCalories(caloriesText);
    } else if (timeText !== undefined) {
      head.time ??= readTime(timeText);
    } else if (NOTE_LABEL.test(line) || section === 'preparation') {
      // As written: numbered steps ('1. Grelhe o frango') keep their numbers.
      section = 'preparation';
      preparation.push(raw);
    } else {
      foods.push(...splitFoods(line));
    }
  }
  return [meal({ ...head, foods, preparation: preparation.length > 0 ? preparation.join('\n') : undefined })];
}

// ---------------------------------------------------------------------------------------------
// Macros

const MACRO_KEYS: Readonly<Record<'protein' | 'carbs' | 'fat', readonly string[]>> = {
  protein: ['protein', 'proteins', 'proteina', 'proteinas', 'prot'],
  carbs: ['carbs', 'carb', 'carbohydrate', 'carbohydrates', 'carboidrato', 'carboidratos', 'carbohidrato', 'carbohidratos', 'hidratos', 'hidratosdecarbono', 'cho'],
  fat: ['fat', 'fats', 'gordura', 'gorduras', 'lipidio', 'lipidios', 'lipideo', 'lipideos', 'lipidos', 'lipids', 'grasa', 'grasas'],
};
const MACRO_NAMES = ['protein', 'carbs', 'fat'] as const;
const MACROS_WRAPPER_KEYS = ['macros', 'macronutrients', 'macronutrientes', 'macronutrientesdiarios'];
const GRAM_VALUE_KEYS = ['grams', 'gramas', 'gramos', 'g', 'value', 'valor', 'amount', 'quantidade', 'cantidad', 'total'];

/** Folded free-text labels; `\b` is safe after folding since the text is plain ASCII letters. */
const MACRO_LABELS: Readonly<Record<'protein' | 'carbs' | 'fat', string>> = {
  protein: String.raw`proteinas?|proteins?|prot`,
  carbs: String.raw`carboidratos?|carbohidratos?|carbohydrates?|carbs?|hidratos(?: de carbono)?|cho`,
  fat: String.raw`gorduras?|lipidios?|lipideos?|lipidos|lipids|grasas?|fats?`,
};
/** Grams, but not grams per kilo of body weight ('1,6 g/kg', '2 g por kg'). */
const PER_KILO = String.raw`\s*(?:\/|por|per)\s*(?:kg|quilo|kilo)`;
const ANY_LABEL = Object.values(MACRO_LABELS).join('|');
const GRAMS_UNIT = String.raw`(?:g|gr|grs|gramas?|gramos?|grams?)(?![a-z])(?!${PER_KILO})`;
const DECIMAL = String.raw`\d+(?:[.,]\d+)?`;

/**
 * A macro in folded free text, tried in order: 'Proteínas: 120g' (label, then a number that is not a
 * percentage, kcal or a rate per kilo); 'Proteína alta (120g)' (label, then the first grams within
 * 30 characters that are not another macro's, as in '... and 50g fat'); '120 g de proteína' (grams,
 * then the label). No gap crosses a ',' ';' '|' or line, so a macro never takes the next one's number.
 */
function freeTextPatterns(label: string): RegExp[] {
  return [
    new RegExp(
      String.raw`\b(?:${label})\b[^0-9a-z\n,;|]*?(?:\(g\)[^0-9a-z\n,;|]*?)?(${DECIMAL})(?![.,]?\d)\s*(?:${GRAMS_UNIT})?(?!\s*(?:%|k?cal|\d)|(?:\s*[a-z]+)?${PER_KILO})`,
    ),
    new RegExp(
      String.raw`\b(?:${label})\b(?:(?!\b(?:${ANY_LABEL})\b)[^\n,;|]){0,30}?(?<![\d.,])(${DECIMAL})\s*${GRAMS_UNIT}(?!\s*(?:(?:de|of)\s+)?\b(?:${ANY_LABEL})\b)`,
    ),
    new RegExp(String.raw`(?<![\d.,])(${DECIMAL})\s*${GRAMS_UNIT}\s*(?:(?:de|of)\s+)?(?:${label})\b`),
  ];
}
const FREE_TEXT_PATTERNS = Object.fromEntries(MACRO_NAMES.map((name) => [name, freeTextPatterns(MACRO_LABELS[name])])) as Record<
  (typeof MACRO_NAMES)[number],
  RegExp[]
>;

/**
 * JSON keys in English, Portuguese or Spanish ('protein_g' and 'proteinGrams' too), values as
 * numbers, '150g' / '150 g' / '150', or `{ grams: 150 }`. Percentages are not grams and are ignored.
 * Free text keeps `text` whenever one of the three is missing, so nothing the nutritionist wrote
 * is lost; JSON keeps it (as 'key: value' pairs) only when nothing at all was readable.
 */
export function parseMacros(macros: unknown): Macros | null {
  if (typeof macros === 'string') {
    const parsed = parseJson(macros);
    if (parsed === null) return null;
    if (typeof parsed === 'object') return parseMacros(parsed);
    return fromFreeText(macros);
  }
  if (Array.isArray(macros)) {
    const lines = macros.flatMap((item) => (typeof item === 'string' ? [item] : isFields(item) ? [renderValue(item)] : []));
    return fromFreeText(lines.join('\n'));
  }
  if (!isFields(macros)) return null;
  const wrapped = field(macros, MACROS_WRAPPER_KEYS);
  if (isFields(wrapped) || typeof wrapped === 'string') return parseMacros(wrapped);
  const result: Macros = {};
  const byKey = new Map<string, unknown>();
  for (const [key, value] of Object.entries(macros)) {
    const folded = foldKey(key);
    byKey.set(folded, value);
    byKey.set(folded.replace(/(?:grams|gramas|gramos|grs|gr|g)$/, ''), value);
  }
  for (const name of MACRO_NAMES) {
    for (const key of MACRO_KEYS[name]) {
      const grams = readGrams(byKey.get(key));
      if (grams !== null) {
        result[name] = grams;
        break;
      }
    }
  }
  if (MACRO_NAMES.some((name) => result[name] !== undefined)) return result;
  const rendered = Object.entries(macros)
    .map(([key, value]) => [key.trim(), renderValue(value)])
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');
  return rendered === '' ? null : { text: rendered };
}

function readGrams(value: unknown, depth = 0): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (isFields(value) && depth === 0) {
    for (const key of GRAM_VALUE_KEYS) {
      const grams = readGrams(field(value, [key]), depth + 1);
      if (grams !== null) return grams;
    }
    return null;
  }
  if (typeof value !== 'string') return null;
  const folded = fold(value);
  const match = new RegExp(String.raw`(?<![\d.,])(${DECIMAL})\s*${GRAMS_UNIT}`).exec(folded) ?? new RegExp(String.raw`^(${DECIMAL})$`).exec(folded);
  const grams = match ? readNumber(match[1] as string) : NaN;
  return Number.isNaN(grams) ? null : grams;
}

function fromFreeText(value: string): Macros | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const folded = fold(trimmed);
  const result: Macros = {};
  for (const name of MACRO_NAMES) {
    for (const pattern of FREE_TEXT_PATTERNS[name]) {
      const grams = readNumber(pattern.exec(folded)?.[1] ?? '');
      if (!Number.isNaN(grams)) {
        result[name] = grams;
        break;
      }
    }
  }
  if (MACRO_NAMES.some((name) => result[name] === undefined)) result.text = trimmed;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Substitutions, tips, weekly menu

const FROM_KEYS = ['from', 'original', 'food', 'alimento', 'item', 'replace', 'substituir', 'trocar', 'insteadof', 'enlugarde', 'de'];
const TO_KEYS = [
  'to', 'substitute', 'substitutes', 'substitution', 'substitutions', 'replacement', 'replacements', 'options', 'alternatives',
  'substituto', 'substitutos', 'substituicao', 'substituicoes', 'opcoes', 'alternativas', 'troca', 'trocas', 'por', 'para',
  'sustituto', 'sustitutos', 'sustitucion', 'reemplazo', 'opciones', 'equivalente', 'equivalentes',
];

/**
 * An array, a JSON string of one, or newline text. Array items that are objects like
 * `{ from, to }` become 'from → to' (a list of options is joined with ', '); any other object
 * becomes its values joined by ': ' (`{ day: 'Segunda', menu: '...' }` → 'Segunda: ...'). A JSON
 * object that is not a substitution lists its entries ('Segunda: ...'), or the array it wraps.
 */
export function parseTextList(value: unknown): string[] {
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (parsed === null) return [];
    if (typeof parsed === 'object' || (typeof parsed === 'string' && parsed !== value)) return parseTextList(parsed);
    return splitLines(value);
  }
  if (Array.isArray(value)) return value.flatMap(listItem);
  if (!isFields(value)) return [];
  const entries = Object.entries(value);
  if (entries.length === 1 && Array.isArray(entries[0]?.[1])) return parseTextList(entries[0][1]);
  if (substitution(value) !== null) return listItem(value);
  return entries.flatMap(([key, item]) => {
    const rendered = renderValue(item);
    if (rendered === '') return [];
    return key.trim() === '' ? [rendered] : [`${key.trim()}: ${rendered}`];
  });
}

const splitLines = (value: string) =>
  value
    .normalize('NFC')
    .split(/\r?\n/)
    .map(stripBullet)
    .filter((line) => line !== '');

function listItem(item: unknown): string[] {
  if (typeof item === 'string') return splitLines(item);
  if (Array.isArray(item)) return item.flatMap(listItem);
  if (isFields(item)) {
    const rendered = substitution(item) ?? renderValue(item);
    return rendered === '' ? [] : [rendered];
  }
  const rendered = renderValue(item);
  return rendered === '' ? [] : [rendered];
}

function substitution(item: Fields): string | null {
  const from = renderValue(field(item, FROM_KEYS));
  const to = renderValue(field(item, TO_KEYS));
  return from !== '' && to !== '' ? `${from} → ${to}` : null;
}

/** Strings trimmed, numbers and booleans as written, arrays joined by ', ', objects' values by ': '. */
function renderValue(value: unknown, depth = 0): string {
  if (typeof value === 'string') return splitLines(value).join(' ');
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  if (depth > 3) return '';
  if (Array.isArray(value)) return value.map((item) => renderValue(item, depth + 1)).filter((part) => part !== '').join(', ');
  if (isFields(value)) return Object.values(value).map((item) => renderValue(item, depth + 1)).filter((part) => part !== '').join(': ');
  return '';
}
