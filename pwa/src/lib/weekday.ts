import { capitalize } from './text.ts';

/**
 * A weekday's name in the reader's language, capitalized as a heading (0 = Sunday; 7 January
 * 2024 was one): a plan keeps the weekday as a number, whatever its author typed.
 */
export const weekdayName = (locale: string, weekday: number) =>
  capitalize(new Date(Date.UTC(2024, 0, 7 + weekday)).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' }));

/** A training day's heading: its weekday, then its name when it has one ('Lunes · Treino A'). */
export const trainingDayHeading = (locale: string, day: { weekday: number; name?: string }) => [weekdayName(locale, day.weekday), day.name].filter(Boolean).join(' · ');
