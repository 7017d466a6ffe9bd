/**
 * The built-in workout draft ("Gerar Treino IA" with no AI key): training days from the activity
 * level, sets and rests from the goal, exercises from the catalog within the client's level and
 * limits (low impact for heart problems, hypertension or a BMI of 30 or more; no breath-holding
 * lifts for the first two; low impact from 65 years of age too). Pure and deterministic: the same
 * client on the same day gives the same draft.
 */
import type { GoalType } from '#protocol/domain/client-enums.ts';
import { isLocalDate } from '#protocol/domain/calendar.ts';
import { ageOn } from '#protocol/domain/nutrition.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { GeneratedWorkout } from '#protocol/contract/staff.ts';
import { EXERCISES, LEVEL_ORDER, type Exercise, type ExerciseLevel, type MovementPattern } from './exercises.ts';
import { readProfile, supportedLocale, type ClientProfile, type ProfileReading } from './profile.ts';
import { rotate, stableHash } from './rotation.ts';
import { formatNumber, GOAL_LABELS, WEEKDAYS } from './text.ts';
import { CARDIAC_CONDITIONS, WORKOUT_COPY, type Effort, type SessionKind, type WeekSplit, type WorkoutCopy } from './workout-copy.ts';

export interface BuiltinWorkoutInput {
  client: ClientProfile;
  locale: Locale;
  /** The client's calendar day, YYYY-MM-DD: their age is taken on it. */
  today: string;
}

/** Obesity class I starts at a BMI of 30: jumps and running load the knees too much to start with. */
const JOINT_FRIENDLY_BMI = 30;
/** Older adults keep to low impact too: joints, balance and bone density. */
const OLDER_ADULT_AGE = 65;
const PLAN_WEEKS = 8;

/** What the profile makes of the week. */
interface Training {
  days: number;
  split: WeekSplit;
  /** Exercises come from this level band; a lower one only when the band has none. */
  minLevel: ExerciseLevel;
  maxLevel: ExerciseLevel;
  /** Hypertension or heart problems: moderate effort, no breath-holding lifts, low impact. */
  cardiac: boolean;
  lowImpact: boolean;
  effort: Effort;
  sets: number;
  reps: string;
  restSeconds: number;
  /** Cardio after the strength work; 0 for none. */
  cardioMinutes: number;
}

const GOAL_DOSES: Record<GoalType, Pick<Training, 'effort' | 'sets' | 'reps' | 'restSeconds' | 'cardioMinutes'>> = {
  loseWeight: { effort: 'burn', sets: 3, reps: '12-15', restSeconds: 45, cardioMinutes: 20 },
  tone: { effort: 'burn', sets: 3, reps: '12-15', restSeconds: 45, cardioMinutes: 15 },
  gainMuscle: { effort: 'build', sets: 4, reps: '8-12', restSeconds: 90, cardioMinutes: 0 },
  gainWeight: { effort: 'build', sets: 4, reps: '8-12', restSeconds: 90, cardioMinutes: 0 },
  maintainWeight: { effort: 'steady', sets: 3, reps: '10-12', restSeconds: 60, cardioMinutes: 20 },
  improveHealth: { effort: 'steady', sets: 3, reps: '10-12', restSeconds: 60, cardioMinutes: 20 },
};

function training(reading: ProfileReading, age: number | null): Training {
  const { activityLevel, goalType, conditions, bmi } = reading;
  const days = activityLevel === 'sedentary' || activityLevel === 'light' ? 3 : activityLevel === 'moderate' ? 4 : 5;
  const building = goalType === 'gainMuscle' || goalType === 'gainWeight';
  const split: WeekSplit = days === 3 ? 'fullBody' : days === 4 ? 'upperLower' : building ? 'pushPullLegs' : 'upperLowerCardio';
  const cardiac = CARDIAC_CONDITIONS.some((condition) => conditions.has(condition));
  const band: [ExerciseLevel, ExerciseLevel] = days === 3 ? ['beginner', 'beginner'] : days === 4 ? ['beginner', 'intermediate'] : ['intermediate', 'advanced'];
  const dose = GOAL_DOSES[goalType];
  const beginner = band[1] === 'beginner';
  return {
    days,
    split,
    minLevel: cardiac ? 'beginner' : band[0],
    maxLevel: cardiac && band[1] === 'advanced' ? 'intermediate' : band[1],
    cardiac,
    lowImpact: cardiac || (bmi !== null && bmi >= JOINT_FRIENDLY_BMI) || (age !== null && age >= OLDER_ADULT_AGE),
    // A cardiac client lifts light, for more reps, with long rests, whatever the goal.
    effort: cardiac ? 'gentle' : dose.effort,
    sets: beginner || cardiac ? Math.min(dose.sets, 3) : dose.sets,
    reps: cardiac ? '12-15' : dose.reps,
    restSeconds: cardiac ? 90 : dose.restSeconds,
    cardioMinutes: dose.cardioMinutes,
  };
}

/** Monday = 0. Full-body days alternate with rest days; splits put different muscles on consecutive days. */
const WEEKS: Record<WeekSplit, { weekdays: readonly number[]; sessions: readonly SessionKind[] }> = {
  fullBody: { weekdays: [0, 2, 4], sessions: ['fullBody', 'fullBody', 'fullBody'] },
  upperLower: { weekdays: [0, 1, 3, 4], sessions: ['upper', 'lower', 'upper', 'lower'] },
  pushPullLegs: { weekdays: [0, 1, 2, 3, 4], sessions: ['push', 'pull', 'legs', 'upper', 'lower'] },
  upperLowerCardio: { weekdays: [0, 1, 2, 3, 4], sessions: ['upper', 'lower', 'cardioCore', 'upper', 'lower'] },
};

/** The movements each session works, in order: big lifts first, core last. */
const SLOTS: Record<SessionKind, readonly MovementPattern[]> = {
  fullBody: ['squat', 'push', 'pull', 'hinge', 'core'],
  upper: ['push', 'pull', 'shoulders', 'biceps', 'triceps', 'core'],
  lower: ['squat', 'hinge', 'lunge', 'calves', 'core'],
  push: ['push', 'push', 'shoulders', 'shoulders', 'triceps'],
  pull: ['pull', 'pull', 'shoulders', 'biceps', 'biceps', 'core'],
  legs: ['squat', 'hinge', 'lunge', 'squat', 'calves'],
  cardioCore: ['core', 'core'],
};

const WARM_UP_MINUTES = 8;
/** A cardio and core day: a longer steady session than the cardio after weights. */
const CARDIO_DAY_MINUTES = 35;
/** A set takes about 45 s of work, then its rest. */
const SET_SECONDS = 45;
const MOBILITY_MINUTES = 2;
/** Rounds of 30 s work and 30 s rest. */
const INTERVAL_ROUNDS = 4;

interface ScheduleExercise {
  name: string;
  sets: string;
  reps: string;
  rest?: string;
  notes: string;
  safety: string;
}

export function generateBuiltinWorkout(input: BuiltinWorkoutInput): GeneratedWorkout {
  const locale = supportedLocale(input.locale);
  const copy = WORKOUT_COPY[locale];
  const reading = readProfile(input.client);
  const { birthDate } = input.client;
  const age = birthDate && isLocalDate(birthDate) && birthDate <= input.today ? ageOn(birthDate, input.today) : null;
  const plan = training(reading, age);
  const week = WEEKS[plan.split];
  const schedule = week.sessions.map((kind, index) => ({
    day: WEEKDAYS[locale][week.weekdays[index] ?? index],
    workout: session(kind, index, plan, input.client.id, copy, locale),
  }));
  const frequency = copy.frequency(plan.days);
  return {
    title: copy.title(GOAL_LABELS[locale][reading.goalType], frequency),
    description: description(plan, reading, age, copy, locale),
    duration: copy.weeks(PLAN_WEEKS),
    frequency,
    weeklySchedule: JSON.stringify(schedule),
    progressionTips: progressionTips(plan, copy).join('\n'),
    safetyNotes: safetyNotes(plan, reading, copy).join('\n'),
  };
}

const allows = (plan: Training, exercise: Exercise) =>
  LEVEL_ORDER[exercise.level] <= LEVEL_ORDER[plan.maxLevel] && !(plan.lowImpact && exercise.impact === 'high') && !(plan.cardiac && exercise.strain);

/**
 * The exercise for one slot: allowed for the client, not yet in the session, from the level band
 * when possible, rotated by client and session so the days differ.
 */
function pickExercise(plan: Training, pattern: MovementPattern, salt: string, session: number, taken: readonly Exercise[], extra: (e: Exercise) => boolean = () => true): Exercise | null {
  const candidates = EXERCISES.filter((e) => e.pattern === pattern && allows(plan, e) && extra(e) && !taken.includes(e));
  const inBand = candidates.filter((e) => LEVEL_ORDER[e.level] >= LEVEL_ORDER[plan.minLevel]);
  const [picked] = rotate(inBand.length > 0 ? inBand : candidates, stableHash(salt) + session);
  return picked ?? null;
}

const UNLOADED: readonly MovementPattern[] = ['cardio', 'conditioning', 'mobility'];

/** Cardio on machines or on foot: the pool is not part of a gym session. */
const inGym = (exercise: Exercise) => !exercise.equipment.includes('pool');

function session(kind: SessionKind, index: number, plan: Training, seed: string, copy: WorkoutCopy, locale: Locale) {
  const taken: Exercise[] = [];
  const take = (exercise: Exercise | null) => {
    if (exercise) taken.push(exercise);
    return exercise;
  };
  // Breath-holding happens under load: the reminder goes on strength work, not on cardio or stretches.
  const safety = (pattern: MovementPattern) => (plan.cardiac && !UNLOADED.includes(pattern) ? `${copy.safety[pattern]} ${copy.breathe}` : copy.safety[pattern]);
  const items: ScheduleExercise[] = [];
  let seconds = 0;

  const warmUp = take(pickExercise(plan, 'cardio', `${seed}|warm-up`, index, taken, (e) => inGym(e) && e.impact === 'low' && e.level === 'beginner'));
  if (warmUp) {
    items.push({ name: warmUp.names[locale], sets: '1', reps: copy.minutes(WARM_UP_MINUTES), notes: copy.notes.warmUp, safety: safety('cardio') });
    seconds += WARM_UP_MINUTES * 60;
  }
  for (const [slot, pattern] of SLOTS[kind].entries()) {
    const exercise = take(pickExercise(plan, pattern, `${seed}|${pattern}|${slot}`, index, taken));
    if (!exercise) continue;
    const reps = exercise.timed ? '30s' : pattern === 'calves' ? '15-20' : pattern === 'core' ? '10-15' : plan.reps;
    const notes = pattern === 'core' ? copy.notes.core : copy.notes[plan.effort];
    items.push({ name: exercise.names[locale], sets: String(plan.sets), reps, rest: `${plan.restSeconds}s`, notes, safety: safety(pattern) });
    seconds += plan.sets * (SET_SECONDS + plan.restSeconds);
  }
  // Fat-loss sessions close the strength work with a short interval block, when jumps are allowed.
  const intervals = plan.effort === 'burn' && kind !== 'cardioCore' ? take(pickExercise(plan, 'conditioning', `${seed}|conditioning`, index, taken)) : null;
  if (intervals) {
    items.push({ name: intervals.names[locale], sets: String(INTERVAL_ROUNDS), reps: '30s', rest: '30s', notes: copy.notes.intervals, safety: safety('conditioning') });
    seconds += INTERVAL_ROUNDS * 60;
  }
  const cardioMinutes = kind === 'cardioCore' ? CARDIO_DAY_MINUTES : plan.cardioMinutes;
  const cardio = cardioMinutes > 0 ? take(pickExercise(plan, 'cardio', `${seed}|cardio`, index, taken, inGym)) : null;
  if (cardio) {
    // On a cardio day the cardio comes first, after the warm-up; otherwise it closes the session.
    const item = { name: cardio.names[locale], sets: '1', reps: copy.minutes(cardioMinutes), notes: copy.notes.cardio, safety: safety('cardio') };
    if (kind === 'cardioCore') items.splice(warmUp ? 1 : 0, 0, item);
    else items.push(item);
    seconds += cardioMinutes * 60;
  }
  const mobility = take(pickExercise(plan, 'mobility', `${seed}|mobility`, index, taken));
  if (mobility) {
    items.push({ name: mobility.names[locale], sets: '2', reps: '30s', notes: copy.notes.mobility, safety: safety('mobility') });
    seconds += MOBILITY_MINUTES * 60;
  }

  return {
    name: copy.session(String.fromCharCode(65 + index), copy.sessions[kind]),
    duration: copy.minutes(Math.ceil(seconds / 300) * 5),
    type: kind === 'cardioCore' ? copy.types.cardioCore : cardio ? copy.types.strengthCardio : copy.types.strength,
    description: plan.cardiac ? copy.dayDescription.gentle : copy.dayDescription.standard,
    exercises: items,
  };
}

function description(plan: Training, reading: ProfileReading, age: number | null, copy: WorkoutCopy, locale: Locale): string {
  const sentences = [copy.intro(plan.days, copy.levels[plan.maxLevel], GOAL_LABELS[locale][reading.goalType], copy.splits[plan.split])];
  // Only the conditions the client has: a client with hypertension alone never reads of a heart problem.
  const causes = CARDIAC_CONDITIONS.filter((condition) => reading.conditions.has(condition)).map((condition) => copy.cardiacCauses[condition]);
  if (plan.cardiac) sentences.push(copy.cardiacAdaptation(new Intl.ListFormat(locale, { type: 'conjunction' }).format(causes)));
  if (reading.bmi !== null && reading.bmi >= JOINT_FRIENDLY_BMI) sentences.push(copy.jointAdaptation(formatNumber(reading.bmi, locale, 1)));
  if (age !== null && age >= OLDER_ADULT_AGE) sentences.push(copy.olderAdultAdaptation(age));
  return sentences.join(' ');
}

/** Cardio grows 5 minutes a week up to 10 minutes more than the first week's. */
const CARDIO_GROWTH_MINUTES = 10;

function progressionTips(plan: Training, copy: WorkoutCopy): string[] {
  const { progression } = copy;
  return [
    progression.firstWeeks,
    plan.effort === 'build' ? progression.hypertrophyLoad : progression.load,
    plan.cardioMinutes > 0 ? progression.cardio(plan.cardioMinutes + CARDIO_GROWTH_MINUTES) : null,
    plan.cardiac ? progression.gentle : null,
    progression.activeRest,
    progression.reassess,
  ].filter((tip): tip is string => tip !== null);
}

function safetyNotes(plan: Training, reading: ProfileReading, copy: WorkoutCopy): string[] {
  const notes = copy.safetyNotes;
  const { conditions, bmi } = reading;
  return [
    notes.warmUp,
    notes.stop,
    notes.water,
    plan.cardiac ? notes.cardiacClearance : null,
    conditions.has('hypertension') ? notes.bloodPressure : null,
    plan.cardiac ? notes.noStrain : null,
    conditions.has('diabetes') ? notes.glucose : null,
    bmi !== null && bmi >= JOINT_FRIENDLY_BMI ? notes.joints : null,
    conditions.has('hypothyroidism') ? notes.thyroid : null,
    conditions.has('other') ? notes.otherCondition : null,
  ].filter((note): note is string => note !== null);
}
