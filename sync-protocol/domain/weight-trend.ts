/**
 * The smoothed weight trend (as in The Hacker's Diet and Libra): day-to-day weight swings by a
 * kilogram or more with water and food, so the scale reading says little and the trend, an
 * exponentially weighted moving average, says what the body is doing. The smoothing is 10 % per
 * day rather than per weigh-in, so that the trend does not depend on how often one weighs in.
 */

export interface WeighIn {
  /** Kilograms. */
  weight: number;
  /** ISO instant. */
  createdAt: string;
}

export interface TrendPoint {
  createdAt: string;
  weight: number;
  /** Kilograms, to 0.01. */
  trend: number;
}

export type GoalProjection =
  | { kind: 'reached' }
  | { kind: 'date'; date: string /* ISO instant */ }
  | { kind: 'notAtThisRate' }
  | { kind: 'unknown' };

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;
/** The share of the gap between weight and trend that one day closes. */
const DAILY_SMOOTHING = 0.1;
/** Less than two points a week apart is noise, not a rate. */
const MIN_SPAN_DAYS = 7;
/** Slower than this (kg/week) the scale's noise outweighs the movement: no date is promised. */
const FLAT_RATE = 0.05;
/** A date further off than this is no promise anybody can hold on to. */
const MAX_PROJECTION_YEARS = 2;

const roundTo2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The smoothing for a gap of `days`: one day's 10 % compounded, 1 − 0.9^d, so that two daily
 * steps and one two-day step leave the trend at the same place (both keep 0.81 of the old trend).
 */
const smoothingFor = (days: number) => 1 - (1 - DAILY_SMOOTHING) ** days;

/**
 * Each weigh-in with the trend as of its instant, oldest first. The first weigh-in starts the
 * trend; each later one pulls it by 1 − 0.9^d towards itself, d the days since the previous one.
 * Weigh-ins on the same instant count as their mean (one reading of the scale, not several
 * pulls with no time between them) and share the trend. A weigh-in without a readable weight or
 * date is left out, as on the chart.
 */
export function weightTrend(weighIns: readonly WeighIn[]): TrendPoint[] {
  const chronological = weighIns
    .filter((weighIn) => Number.isFinite(weighIn.weight) && Number.isFinite(Date.parse(weighIn.createdAt)))
    .map((weighIn) => ({ weighIn, at: Date.parse(weighIn.createdAt) }))
    .sort((a, b) => a.at - b.at);

  const groups: { at: number; weighIns: WeighIn[] }[] = [];
  for (const { weighIn, at } of chronological) {
    const last = groups.at(-1);
    if (last !== undefined && last.at === at) last.weighIns.push(weighIn);
    else groups.push({ at, weighIns: [weighIn] });
  }

  const points: TrendPoint[] = [];
  let trend: number | null = null;
  let previousAt = 0;
  for (const group of groups) {
    const mean = group.weighIns.reduce((sum, weighIn) => sum + weighIn.weight, 0) / group.weighIns.length;
    // Unrounded: rounding each step to 0.01 would stall the trend 0.05 kg short of a steady weight.
    trend = trend === null ? mean : trend + smoothingFor((group.at - previousAt) / DAY_MS) * (mean - trend);
    previousAt = group.at;
    const shown = roundTo2(trend);
    for (const weighIn of group.weighIns) points.push({ createdAt: weighIn.createdAt, weight: weighIn.weight, trend: shown });
  }
  return points;
}

/**
 * The trend's rate in kg per week (negative when losing): the least-squares slope through the
 * trend of the points in the `windowDays` days up to `now`, or null with fewer than two points
 * or less than a week between the first and the last of them. The trend, not the weights: the
 * slope of noisy readings swings with whichever day was salty.
 */
export function trendRatePerWeek(points: readonly TrendPoint[], now: number, windowDays = 28): number | null {
  // Days relative to now: small numbers, so the sums below keep their precision.
  const inWindow = points
    .map((point) => ({ day: (Date.parse(point.createdAt) - now) / DAY_MS, trend: point.trend }))
    .filter(({ day, trend }) => Number.isFinite(day) && Number.isFinite(trend) && day >= -windowDays && day <= 0);
  if (inWindow.length < 2) return null;

  const days = inWindow.map(({ day }) => day);
  if (Math.max(...days) - Math.min(...days) < MIN_SPAN_DAYS) return null;

  const meanDay = inWindow.reduce((sum, { day }) => sum + day, 0) / inWindow.length;
  const meanTrend = inWindow.reduce((sum, { trend }) => sum + trend, 0) / inWindow.length;
  let covariance = 0;
  let variance = 0;
  for (const { day, trend } of inWindow) {
    covariance += (day - meanDay) * (trend - meanTrend);
    variance += (day - meanDay) ** 2;
  }
  return (covariance / variance) * WEEK_DAYS;
}

/** Which way the trend moves: a rate within ±0.05 kg/week is stable (the scale's noise); none without a rate. */
export function trendDirection(ratePerWeek: number | null): 'down' | 'up' | 'stable' | null {
  if (ratePerWeek === null || !Number.isFinite(ratePerWeek)) return null;
  if (ratePerWeek < -FLAT_RATE) return 'down';
  if (ratePerWeek > FLAT_RATE) return 'up';
  return 'stable';
}

/**
 * When the trend reaches the goal at its current rate. The direction comes from where the
 * person started: a goal above the first weight is a goal to gain. Reaching it needs no rate;
 * a date does, and is only given when the trend moves towards the goal, faster than
 * ±0.05 kg/week, and gets there within two years.
 */
export function projectGoal(points: readonly TrendPoint[], goalKg: number | null, now: number): GoalProjection {
  if (goalKg === null || !Number.isFinite(goalKg)) return { kind: 'unknown' };
  const chronological = points
    .filter((point) => Number.isFinite(Date.parse(point.createdAt)) && Number.isFinite(point.trend))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const first = chronological[0];
  const latest = chronological.at(-1);
  if (first === undefined || latest === undefined) return { kind: 'unknown' };

  const gaining = goalKg > first.weight;
  if (gaining ? latest.trend >= goalKg : latest.trend <= goalKg) return { kind: 'reached' };

  const rate = trendRatePerWeek(chronological, now);
  if (rate === null) return { kind: 'unknown' };
  const distance = goalKg - latest.trend;
  if (Math.abs(rate) <= FLAT_RATE || Math.sign(rate) !== Math.sign(distance)) return { kind: 'notAtThisRate' };

  const at = now + Math.round((distance / rate) * WEEK_DAYS * DAY_MS);
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_PROJECTION_YEARS);
  if (at > limit.getTime()) return { kind: 'notAtThisRate' };
  return { kind: 'date', date: new Date(at).toISOString() };
}
