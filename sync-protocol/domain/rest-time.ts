import { foldText } from './fold.ts';

/**
 * The rest a plan prescribes after a set, read from the coach's text (issue 48: the session's rest
 * timer starts from it). Plans are typed by people in three languages: "60s", "1-2 min",
 * "90 segundos", "1 minuto e meio", "1:30", "1m30s", "un minuto y medio", "a minute and a half".
 *
 * - A range ("1-2 min", "60 a 90 s") gives its lower bound: the least rest the coach asks for. The
 *   timer then says the client may go on; resting longer is theirs to choose, adding time is one tap.
 * - A number with no unit is seconds from 10 up ("90") and minutes below ("2").
 * - Text with no reading, or a rest of nothing or over an hour, gives null: the session uses the
 *   client's default rest, which they can change.
 */
export const MAX_REST_SECONDS = 60 * 60;

const WORD_NUMBERS: Record<string, number> = {
  um: 1, uma: 1, un: 1, una: 1, uno: 1, one: 1, a: 1, an: 1,
  dois: 2, duas: 2, dos: 2, two: 2,
  tres: 3, three: 3,
  quatro: 4, cuatro: 4, four: 4,
  cinco: 5, five: 5,
};

const SECOND_UNITS = new Set(['s', 'seg', 'segs', 'segundo', 'segundos', 'sec', 'secs', 'second', 'seconds', '"', "''"]);
const MINUTE_UNITS = new Set(['m', 'min', 'mins', 'minuto', 'minutos', 'minute', 'minutes', "'"]);

/** "e meio", "y medio", "and a half": half of the unit it follows. */
const HALF = /^\s*(?:e|y|and a)\s+(?:meio|media|medio|half)\b/;
/** "meio minuto", "medio minuto", "half a minute": read first, and taken out of the text. */
const HALF_MINUTE = /\b(?:meio|medio|half an?|half)\s+(?:minuto|minute)\b/g;

/** Between a range's bounds: "1-2", "60 a 90", "1 to 2", "entre 1 e 2". */
const RANGE = `(?:\\s*(?:-|–|a|to|ate|hasta|e|y|and)\\s*\\d+(?:\\.\\d+)?)`;
const UNIT = `segundos|segundo|seconds|second|secs|sec|segs|seg|minutos|minuto|minutes|minute|mins|min|s|m|''|"|'`;
/**
 * A quantity, or the lower bound of a range, with its unit: "60s", "1-2 min", "60 a 90 segundos",
 * "1m30s"; a number in words is a word of its own, its unit after a space ("dois minutos", not the
 * "as" of "as séries").
 */
const QUANTITY = new RegExp(`(?:(?<![\\d.])(?<figure>\\d+(?:\\.\\d+)?)${RANGE}?\\s*|(?<![a-z])(?<word>${Object.keys(WORD_NUMBERS).join('|')})\\s+)(?<unit>${UNIT})(?![a-z])`, 'g');

/** Lower case, no accents, a decimal comma read as a point ("1,5 min"). */
function normalize(text: string): string {
  return foldText(text)
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/[’′]/g, "'")
    .replace(/[”″]/g, '"')
    .trim();
}

const amount = (token: string): number => WORD_NUMBERS[token] ?? Number(token);

const withinBounds = (seconds: number): number | null => (Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_REST_SECONDS ? Math.round(seconds) : null);

/** The rest in seconds that `text` prescribes, or null when it reads as none. */
export function restSeconds(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const rest = normalize(text);
  if (rest === '') return null;

  // A clock: "1:30", "0:45".
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(rest.replace(/\s*(?:min|minutos?|minutes?)$/, ''));
  if (clock) return withinBounds(Number(clock[1]) * 60 + Number(clock[2]));

  // Minutes and then seconds with no unit: "1min30", "2m15".
  const minutesSeconds = /^(\d+)\s*(?:m|min)\s*([0-5]?\d)$/.exec(rest);
  if (minutesSeconds) return withinBounds(Number(minutesSeconds[1]) * 60 + Number(minutesSeconds[2]));

  // A bare number, or the lower bound of a bare range: "90", "60-90".
  const bare = new RegExp(`^(\\d+(?:\\.\\d+)?)${RANGE}?$`).exec(rest);
  if (bare) {
    const figure = Number(bare[1]);
    return withinBounds(figure >= 10 ? figure : figure * 60);
  }

  const halves = rest.match(HALF_MINUTE)?.length ?? 0;
  const quantities = rest.replace(HALF_MINUTE, ' ');
  let seconds = halves * 30;
  let read = halves > 0;
  for (const match of quantities.matchAll(QUANTITY)) {
    const { figure, word, unit = '' } = match.groups ?? {};
    const number = figure ?? word ?? '';
    const perUnit = SECOND_UNITS.has(unit) ? 1 : MINUTE_UNITS.has(unit) ? 60 : 0;
    if (perUnit === 0) continue;
    const after = quantities.slice((match.index ?? 0) + match[0].length);
    seconds += (amount(number) + (HALF.test(after) ? 0.5 : 0)) * perUnit;
    read = true;
  }
  return read ? withinBounds(seconds) : null;
}
