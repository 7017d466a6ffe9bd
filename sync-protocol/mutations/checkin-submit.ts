/** `checkin.submit`: the client's weekly check-in (issue 22, part 2), keyed by a client UUIDv7. */
import type { CheckIn, CheckInAnswer, CheckInScore } from '../conflict/rules.ts';
import { daysBetween } from '../domain/check-ins.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type MutatorContext } from './mutator.ts';

export type CheckInSubmitArgs = Record<CheckInScore, number> & {
  id: string;
  /** The check-in day that began the week it reports on, on the device's calendar. */
  week: string;
  createdAt: string;
  weight?: number | null;
  note?: string | null;
  answers?: CheckInAnswer[];
};

export const checkInSubmit = defineMutator({
  name: 'checkin.submit',
  version: 1,
  tables: ['checkIns'],
  args: {
    id: 'uuid',
    week: 'localDate',
    createdAt: 'instant',
    weight: 'weightOrNone?',
    dietAdherence: 'level',
    workoutAdherence: 'level',
    hunger: 'level',
    sleep: 'level',
    stress: 'level',
    energy: 'level',
    note: 'notes?',
    answers: 'checkInAnswers?',
  },
  *apply(args: CheckInSubmitArgs, { localDate, now }: MutatorContext) {
    // A week is reported on during it: from its check-in day to the six days after, on the device's calendar.
    const age = daysBetween(args.week, localDate);
    if (age < 0 || age > 6) return refused('VALIDATION_FAILED');
    const checkIn: CheckIn = {
      id: args.id,
      week: args.week,
      createdAt: notAfter(args.createdAt, now),
      weight: args.weight ?? null,
      dietAdherence: args.dietAdherence,
      workoutAdherence: args.workoutAdherence,
      hunger: args.hunger,
      sleep: args.sleep,
      stress: args.stress,
      energy: args.energy,
      note: args.note ?? null,
      answers: args.answers ?? [],
      reviewedAt: null,
    };
    const stored = yield* use((storage) => storage.checkIns.insert(checkIn));
    if (stored === 'taken') return refused('ID_CONFLICT');
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});
