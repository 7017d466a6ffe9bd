/**
 * Translation without an AI key (POST /api/translate-texts): a text that is a catalog food or meal
 * name in any of our languages comes back in the target one. The built-in diet's own lines are
 * covered whole: 'Frango grelhado (120 g)', '2 ovos mexidos', 'Arroz integral (4 colheres de sopa
 * – 100 g)' and substitution lines 'X ↔ Y'. Anything else is unknown (null) and stays as written.
 */
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import { FOODS, MEAL_NAMES } from './foods.ts';
import { FREE_AMOUNT, UNIT_LABELS, type HouseholdUnit } from './portions.ts';
import { fold, lowerFirst } from './text.ts';

/** Every food and meal name, folded, to its names in all languages. */
const KNOWN_NAMES: ReadonlyMap<string, Record<Locale, string>> = new Map(
  [...FOODS.map((food) => food.names), ...Object.entries(MEAL_NAMES).filter(([kind]) => kind !== 'other').map(([, names]) => names)].flatMap((names) =>
    LOCALES.map((locale) => [fold(names[locale]), names] as const),
  ),
);

/** Folded unit label → its unit and whether it was the plural. */
const UNIT_READINGS: ReadonlyMap<string, { unit: HouseholdUnit; plural: boolean }> = new Map(
  Object.entries(UNIT_LABELS).flatMap(([unit, labels]) =>
    LOCALES.flatMap((locale) => labels[locale].map((label, index) => [fold(label), { unit: unit as HouseholdUnit, plural: index === 1 }] as const)),
  ),
);

const FREE_AMOUNTS: ReadonlySet<string> = new Set(Object.values(FREE_AMOUNT).map(fold));

const AMOUNT = String.raw`\d+(?:[.,]\d+)?½?|½`;
/** '4 colheres de sopa', optionally '– 100 g' after it. */
const HOUSEHOLD = new RegExp(String.raw`^(?<amount>${AMOUNT})\s+(?<unit>.+?)(?<metric>\s+–\s+\d+(?:[.,]\d+)?\s*(?:g|ml))?$`, 'u');
const METRIC = /^\d+(?:[.,]\d+)?\s*(?:g|ml)$/u;
const WITH_PORTION = /^(?<name>.+?)\s*\((?<portion>[^()]+)\)$/u;
const WITH_QUANTITY = new RegExp(String.raw`^(?<amount>${AMOUNT})\s+(?<name>.+)$`, 'u');

export function translateKnownText(text: string, target: Locale): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const sides = trimmed.split(/\s*↔\s*/u);
  if (sides.length > 1) {
    const translated = sides.map((side) => translateFood(side, target));
    return translated.every((side) => side !== null) ? translated.join(' ↔ ') : null;
  }
  return translateFood(trimmed, target);
}

const knownName = (name: string | undefined, target: Locale) => (name === undefined ? undefined : KNOWN_NAMES.get(fold(name))?.[target]);

/** A name, a name with its portion in parentheses, or a quantity and a name ('2 ovos mexidos'). */
function translateFood(text: string, target: Locale): string | null {
  const whole = knownName(text, target);
  if (whole) return whole;
  const withPortion = WITH_PORTION.exec(text)?.groups;
  if (withPortion) {
    const name = knownName(withPortion['name'], target);
    const portion = translatePortion(withPortion['portion']?.trim() ?? '', target);
    return name && portion ? `${name} (${portion})` : null;
  }
  const withQuantity = WITH_QUANTITY.exec(text)?.groups;
  const written = withQuantity?.['name'] ?? '';
  const name = knownName(written, target);
  if (!withQuantity || !name) return null;
  // Keep the writer's case: '2 ovos mexidos' → '2 huevos revueltos'.
  const startsLower = written.charAt(0) === written.charAt(0).toLocaleLowerCase();
  return `${withQuantity['amount']} ${startsLower ? lowerFirst(name, target) : name}`;
}

/** '120 g' as is; 'à vontade' → 'as desired'; '4 colheres de sopa – 100 g' → '4 tablespoons – 100 g'. */
function translatePortion(portion: string, target: Locale): string | null {
  if (METRIC.test(portion)) return portion;
  if (FREE_AMOUNTS.has(fold(portion))) return FREE_AMOUNT[target];
  const household = HOUSEHOLD.exec(portion)?.groups;
  const reading = UNIT_READINGS.get(fold(household?.['unit'] ?? ''));
  if (!household || !reading) return null;
  const [singular, plural] = UNIT_LABELS[reading.unit][target];
  return `${household['amount']} ${reading.plural ? plural : singular}${household['metric'] ?? ''}`;
}
