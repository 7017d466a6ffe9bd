import { parseInstant } from '../domain/calendar.ts';

/** An instant not after `now`: a device clock running fast never dates a record in the future. */
export const notAfter = (instant: string, now: number) => ((parseInstant(instant) ?? Date.parse(instant)) > now ? new Date(now).toISOString() : instant);
