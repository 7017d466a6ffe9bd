/**
 * A workout plan's weeklySchedule was written by hand or by the AI over time, so it arrives as
 * JSON (string or parsed) or as free text split by weekday headings. We read every shape into
 * one list of days and never throw: a schedule we cannot read is an empty one.
 */

export interface ScheduleExercise {
  name: string;
  sets?: string;
  reps?: string;
  rest?: string;
  notes?: string;
  safety?: string;
}

export interface ScheduleDay {
  weekday: number;
  day: string;
  name?: string;
  duration?: string;
  type?: string;
  description?: string;
  exercises: ScheduleExercise[];
}

/** Lower case, no accents, no '-feira': 'Terça-feira' → 'terca'. */
const foldDay = (value: string) =>
  value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim().replace(/[\s-]*feira$/, '');

const WEEKDAY_NAMES: ReadonlyMap<string, number> = new Map([
  ...['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'].map((name, i) => [name, i] as const),
  ...['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'].map((name, i) => [name, i] as const),
  ...['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((name, i) => [name, i] as const),
  ...['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((name, i) => [name, i] as const),
]);

export function parseWeekdayName(value: string): number | null {
  return WEEKDAY_NAMES.get(foldDay(value)) ?? null;
}

export function parseWeeklySchedule(schedule: unknown): ScheduleDay[] {
  if (typeof schedule !== 'string') return fromJson(schedule);
  const parsed = parseJson(schedule);
  return typeof parsed === 'object' && parsed !== null ? fromJson(parsed) : fromText(schedule);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text fields may come as numbers (sets: 3, duration: 45): keep them as strings. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function fromJson(value: unknown): ScheduleDay[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ScheduleDay[] => {
    if (!isFields(item)) return [];
    const day = text(item['day']);
    const weekday = day === undefined ? null : parseWeekdayName(day);
    if (day === undefined || weekday === null) return [];
    const workout = isFields(item['workout']) ? item['workout'] : item;
    const exercises = Array.isArray(workout['exercises']) ? workout['exercises'] : [];
    return [
      {
        weekday,
        day,
        name: text(workout['name']) ?? text(workout['title']),
        duration: text(workout['duration']),
        type: text(workout['type']),
        description: text(workout['description']),
        exercises: exercises.flatMap(jsonExercise),
      },
    ];
  });
}

function jsonExercise(value: unknown): ScheduleExercise[] {
  if (typeof value === 'string') return exerciseLine(value);
  if (!isFields(value)) return [];
  const name = text(value['name']);
  if (name === undefined) return [];
  return [
    {
      name,
      sets: text(value['sets']),
      reps: text(value['reps']),
      rest: text(value['rest']),
      notes: text(value['notes']),
      safety: text(value['safety']),
    },
  ];
}

const BULLET = /^(?:[-•]|\*(?!\*)|\d+[.)](?!\d))\s*/;
const SETS_REPS = /^(.+?)(?:\s*:\s*|\s+-\s+|\s+)(\d+)\s*[x×]\s*(\d+(?:\s*-\s*\d+)?)$/i;
const RULE = /^[-*_=\s]+$/;

/** 'Agachamento: 3x12' → name 'Agachamento', sets '3', reps '12'. */
function exerciseLine(line: string): ScheduleExercise[] {
  const trimmed = line.trim();
  if (trimmed === '') return [];
  const match = SETS_REPS.exec(trimmed);
  if (!match) return [{ name: trimmed }];
  const [name, sets, reps] = match.slice(1) as [string, string, string];
  return [{ name, sets, reps: reps.replace(/\s+/g, '') }];
}

/** '## **Segunda-feira:**' → 'Segunda-feira'. */
const headingText = (line: string) => line.replace(/^[#*_\s]+/, '').replace(/[#*_\s:]+$/, '');

/** A leading word, with the '-feira' that may follow it: 'Terça-feira', 'Quarta feira', 'Monday'. */
const LEADING_WORD = /^[\p{L}\p{M}]+(?:[\s-]*feira)?/iu;
/** What may follow the weekday in a heading such as 'Terça - Cardio': end, ':', ' -', '–', '—' or '('. */
const AFTER_WEEKDAY = /^(?:$|\s*[:(–—]|\s+-)/;

/**
 * 'Segunda-feira: Treino A - Peito', '**Quarta-feira (Pernas)**', 'Monday: Upper body': a line that
 * starts with a weekday is a heading, and the rest names the day. Bullets ('- Segunda-feira livre')
 * stay exercises, and so does a line whose rest reads as sets × reps ('Sexta - Supino 4x10').
 */
function weekdayHeading(line: string): Pick<ScheduleDay, 'weekday' | 'day' | 'name'> | null {
  const whole = headingText(line);
  const exact = parseWeekdayName(whole);
  if (exact !== null) return { weekday: exact, day: whole };
  if (BULLET.test(line)) return null;
  const text = line.normalize('NFC').replace(/^[#>*_\s]+/, '');
  const day = LEADING_WORD.exec(text)?.[0];
  const weekday = day === undefined ? null : parseWeekdayName(day);
  if (day === undefined || weekday === null) return null;
  const rest = text.slice(day.length).replace(/^[*_]+/, '');
  if (!AFTER_WEEKDAY.test(rest)) return null;
  const name = rest
    .replace(/^[\s:–—-]+/, '')
    .replace(/^\(([^()]*)\)/, '$1')
    .replace(/^[\s#*_:.,;–—-]+|(?<![\s#*_:.,;–—-])[\s#*_:.,;–—-]+$/g, '');
  if (SETS_REPS.test(name)) return null;
  return name === '' ? { weekday, day } : { weekday, day, name };
}

function fromText(schedule: string): ScheduleDay[] {
  const days: ScheduleDay[] = [];
  let current: ScheduleDay | undefined;
  for (const raw of schedule.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || RULE.test(line)) continue;
    const heading = weekdayHeading(line);
    if (heading !== null) {
      current = { ...heading, exercises: [] };
      days.push(current);
    } else if (current && BULLET.test(line)) {
      current.exercises.push(...exerciseLine(line.replace(BULLET, '')));
    } else if (current) {
      current.description = current.description === undefined ? line : `${current.description}\n${line}`;
    }
  }
  return days;
}
