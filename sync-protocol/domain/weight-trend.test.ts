import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { projectGoal, trendDirection, trendRatePerWeek, weightTrend } from './weight-trend.ts';
import type { TrendPoint, WeighIn } from './weight-trend.ts';

const DAY_MS = 86_400_000;
/** 2026-02-01T00:00Z: day 28 after it is 2026-03-01 (February 2026 has 28 days). */
const START = Date.UTC(2026, 1, 1);
const iso = (day: number) => new Date(START + day * DAY_MS).toISOString();
const weighIn = (day: number, weight: number): WeighIn => ({ weight, createdAt: iso(day) });

/** A trend already smoothed, straight from `startKg` at `perWeek` kg/week, one point every `everyDays` days. */
function line(startKg: number, perWeek: number, days: number, everyDays = 1): TrendPoint[] {
  const points: TrendPoint[] = [];
  for (let day = 0; day <= days; day += everyDays) {
    const trend = startKg + (perWeek * day) / 7;
    points.push({ createdAt: iso(day), weight: trend, trend });
  }
  return points;
}

describe('weight trend', () => {
  it('has no points without weigh-ins', () => {
    expect(weightTrend([])).toEqual([]);
  });

  it('stays flat on a constant weight, however irregular the weigh-ins', () => {
    const days = [0, 1, 1.3, 4, 4.5, 11, 30];
    expect(weightTrend(days.map((day) => weighIn(day, 75.3))).map((p) => p.trend)).toEqual(days.map(() => 75.3));
  });

  it('starts at the first weigh-in and converges geometrically after a step: new + (old − new)·0.9^n', () => {
    const points = weightTrend([weighIn(0, 80), ...Array.from({ length: 28 }, (_, i) => weighIn(i + 1, 70))]);
    expect(points[0]?.trend).toBe(80);
    // n = 1: 70 + 10·0.9 = 79; n = 2: 70 + 10·0.81 = 78.1;
    // n = 7: 70 + 10·0.4782969 = 74.782969; n = 14: 70 + 10·0.2287679 = 72.287679;
    // n = 28: 70 + 10·0.0523348 = 70.523348.
    expect(points[1]?.trend).toBe(79);
    expect(points[2]?.trend).toBe(78.1);
    expect(points[7]?.trend).toBe(74.78);
    expect(points[14]?.trend).toBe(72.29);
    expect(points[28]?.trend).toBe(70.52);
    points.forEach((point, n) => expect(point.trend).toBeCloseTo(70 + 10 * 0.9 ** n, 2));
  });

  it('computes unrounded and rounds only what it shows', () => {
    const points = weightTrend([weighIn(0, 80), ...Array.from({ length: 60 }, (_, i) => weighIn(i + 1, 70))]);
    // 70 + 10·0.9^60 = 70 + 10·0.0017970 = 70.018 → 70.02. Rounding every step to 0.01 would stall at
    // 70.05, where a tenth of the 0.05 kg gap rounds to nothing.
    expect(points.at(-1)?.trend).toBe(70.02);
  });

  it('smooths by the days between weigh-ins: 1 − 0.9^d', () => {
    // Two days: 80 + (1 − 0.81)·(70 − 80) = 78.1, the same as two daily weigh-ins of 70.
    expect(weightTrend([weighIn(0, 80), weighIn(2, 70)])[1]?.trend).toBe(78.1);
    // Twelve hours: 1 − 0.9^0.5 = 0.051317, 80 − 0.51317 = 79.48683 → 79.49.
    expect(weightTrend([weighIn(0, 80), weighIn(0.5, 70)])[1]?.trend).toBe(79.49);
  });

  it('sorts by date without touching the input, keeping each weigh-in as it was', () => {
    const input = Object.freeze([weighIn(2, 70), weighIn(0, 80), weighIn(1, 70)]);
    const points = weightTrend(input);
    expect(points).toEqual([
      { createdAt: iso(0), weight: 80, trend: 80 },
      { createdAt: iso(1), weight: 70, trend: 79 },
      { createdAt: iso(2), weight: 70, trend: 78.1 },
    ]);
    expect(input.map((w) => w.weight)).toEqual([70, 80, 70]);
  });

  it('takes weigh-ins on the same instant as their mean, and they share the trend', () => {
    const points = weightTrend([weighIn(0, 80), weighIn(0, 81), weighIn(1, 70), weighIn(1, 72)]);
    // Start at 80.5; a day later the mean 71 pulls it by 0.1: 80.5 − 0.95 = 79.55.
    expect(points.map((p) => [p.weight, p.trend])).toEqual([
      [80, 80.5],
      [81, 80.5],
      [70, 79.55],
      [72, 79.55],
    ]);
  });

  it('leaves out a weigh-in without a readable weight or date', () => {
    const points = weightTrend([weighIn(0, 80), { weight: Number.NaN, createdAt: iso(1) }, { weight: 60, createdAt: 'yesterday' }]);
    expect(points).toEqual([{ createdAt: iso(0), weight: 80, trend: 80 }]);
  });

  it('depends on the days since a step, not on how they were split into weigh-ins (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 1500 }).map((n) => n / 10),
        fc.integer({ min: 500, max: 1500 }).map((n) => n / 10),
        fc.array(fc.integer({ min: 1, max: 96 }).map((hours) => hours / 24), { minLength: 1, maxLength: 40 }),
        (before, after, gaps) => {
          const weighIns = [weighIn(0, before)];
          let day = 0;
          for (const gap of gaps) {
            day += gap;
            weighIns.push(weighIn(day, after));
          }
          const last = weightTrend(weighIns).at(-1);
          // Each gap keeps 0.9^gap of the distance to the new weight, and those multiply to 0.9^day.
          return last !== undefined && Math.abs(last.trend - (after + (before - after) * 0.9 ** day)) <= 0.005 + 1e-9;
        },
      ),
    );
  });

  it('gives nearly the same trend for daily and every-other-day weigh-ins on the same line (property)', () => {
    // On a line falling or rising b kg a day, the trend settles (1 − α)·h·b/α behind it for weigh-ins
    // h days apart: 0.9·1/0.1 = 9 days for daily ones, 0.81·2/0.19 = 8.53 days every other day.
    // They differ by at most 0.47·|b|, 0.068 kg at 1 kg/week, and 0.01 more from rounding both.
    // (A smoothing of 0.1 per weigh-in instead would put the second 18 days behind: 1.3 kg off.)
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 1500 }).map((n) => n / 10),
        fc.integer({ min: -100, max: 100 }).map((n) => n / 100),
        fc.integer({ min: 1, max: 60 }),
        (start, perWeek, pairs) => {
          const at = (day: number) => weighIn(day, start + (perWeek * day) / 7);
          const daily = weightTrend(Array.from({ length: 2 * pairs + 1 }, (_, day) => at(day)));
          const everyOther = weightTrend(Array.from({ length: pairs + 1 }, (_, i) => at(2 * i)));
          return everyOther.every((point, i) => Math.abs(point.trend - (daily[2 * i]?.trend ?? Number.NaN)) <= 0.08);
        },
      ),
    );
  });
});

describe('trend rate per week', () => {
  const now = START + 28 * DAY_MS;

  it('reads a steady 0.5 kg/week loss as −0.5', () => {
    // 120 days of daily weigh-ins on the line: the start-up lag (0.9^92 of it) is long gone in the
    // last 28 days, and the trend runs parallel to the line.
    const weighIns = Array.from({ length: 121 }, (_, day) => weighIn(day - 92, 90 - (0.5 * day) / 7));
    expect(trendRatePerWeek(weightTrend(weighIns), now)).toBeCloseTo(-0.5, 2);
  });

  it('is the slope of the trend, not of the weights', () => {
    // Weights alternate 79 and 81 around a flat 80 trend: the slope of the weights would say otherwise.
    const points = line(80, 0, 28).map((point, day) => ({ ...point, weight: day % 2 === 0 ? 79 : 81 }));
    expect(trendRatePerWeek(points, now)).toBeCloseTo(0, 10);
  });

  it('needs two points a week apart', () => {
    expect(trendRatePerWeek([], now)).toBeNull();
    expect(trendRatePerWeek(line(80, -0.5, 0), now)).toBeNull();
    const twoPoints = (days: number): TrendPoint[] => [
      { createdAt: iso(28 - days), weight: 81, trend: 81 },
      { createdAt: iso(28), weight: 80, trend: 80 },
    ];
    expect(trendRatePerWeek(twoPoints(6), now)).toBeNull();
    // 1 kg in 7 days: −1 kg/week.
    expect(trendRatePerWeek(twoPoints(7), now)).toBeCloseTo(-1, 10);
  });

  it('looks only at the window before now', () => {
    // Flat at 80 for the last 28 days, after 100 kg long before and with a point past now.
    const points = [{ createdAt: iso(-30), weight: 100, trend: 100 }, ...line(80, 0, 28), { createdAt: iso(29), weight: 50, trend: 50 }];
    expect(trendRatePerWeek(points, now)).toBeCloseTo(0, 10);
    // A 60-day window takes in the 100 kg: falling.
    expect(trendRatePerWeek(points, now, 60)).toBeLessThan(-1);
  });
});

describe('goal projection', () => {
  const now = START + 28 * DAY_MS; // 2026-03-01T00:00Z, the day of the latest point
  /** 82 → 80 kg over the 28 days up to now: −0.5 kg/week. */
  const losing = line(82, -0.5, 28);
  /** 60 → 62 kg over the same days: +0.5 kg/week. */
  const gaining = line(60, 0.5, 28);

  it('dates the goal at the current rate', () => {
    // 80 → 75 kg: 5 kg / 0.5 kg/week = 10 weeks = 70 days after 2026-03-01: 2026-05-10.
    expect(projectGoal(losing, 75, now)).toEqual({ kind: 'date', date: '2026-05-10T00:00:00.000Z' });
    // The same line with one point a week gives the same rate and date.
    expect(projectGoal(line(82, -0.5, 28, 7), 75, now)).toEqual({ kind: 'date', date: '2026-05-10T00:00:00.000Z' });
    // 0.24 kg in 28 days = 0.06 kg/week; 80 → 79.7 kg: 0.3 / 0.06 = 5 weeks = 35 days: 2026-04-05.
    expect(projectGoal(line(80.24, -0.06, 28), 79.7, now)).toEqual({ kind: 'date', date: '2026-04-05T00:00:00.000Z' });
  });

  it('dates a gain goal', () => {
    // 62 → 64 kg: 2 kg / 0.5 kg/week = 4 weeks = 28 days after 2026-03-01: 2026-03-29.
    expect(projectGoal(gaining, 64, now)).toEqual({ kind: 'date', date: '2026-03-29T00:00:00.000Z' });
  });

  it('says reached when the trend is at or past the goal in the direction of travel', () => {
    expect(projectGoal(losing, 80, now)).toEqual({ kind: 'reached' });
    expect(projectGoal(losing, 80.5, now)).toEqual({ kind: 'reached' });
    // 61.5 is above the first weight (60): a gain goal, passed at 62.
    expect(projectGoal(gaining, 61.5, now)).toEqual({ kind: 'reached' });
    expect(projectGoal(gaining, 62, now)).toEqual({ kind: 'reached' });
    // Reaching needs no rate: one weigh-in at the goal.
    expect(projectGoal(line(70, 0, 0), 70, now)).toEqual({ kind: 'reached' });
  });

  it('gives no date when the trend moves away from the goal', () => {
    // A goal above the first weight (82) while losing.
    expect(projectGoal(losing, 90, now)).toEqual({ kind: 'notAtThisRate' });
    // A goal below the first weight (60) while gaining.
    expect(projectGoal(gaining, 55, now)).toEqual({ kind: 'notAtThisRate' });
  });

  it('gives no date on a flat trend, within ±0.05 kg/week', () => {
    // 0.16 kg in 28 days: −0.04 kg/week.
    expect(projectGoal(line(80.16, -0.04, 28), 75, now)).toEqual({ kind: 'notAtThisRate' });
    expect(projectGoal(line(80, 0.04, 28), 75, now)).toEqual({ kind: 'notAtThisRate' });
    expect(projectGoal(line(80, 0, 28), 75, now)).toEqual({ kind: 'notAtThisRate' });
  });

  it('gives no date more than two years away', () => {
    // 80 → 28 kg: 52 / 0.5 = 104 weeks = 728 days: 2028-02-27, inside the 731 days to 2028-03-01.
    expect(projectGoal(losing, 28, now)).toEqual({ kind: 'date', date: '2028-02-27T00:00:00.000Z' });
    // 80 → 27 kg: 106 weeks = 742 days, past 2028-03-01.
    expect(projectGoal(losing, 27, now)).toEqual({ kind: 'notAtThisRate' });
  });

  it('does not know without a goal, without points or without a rate', () => {
    expect(projectGoal(losing, null, now)).toEqual({ kind: 'unknown' });
    expect(projectGoal([], 75, now)).toEqual({ kind: 'unknown' });
    // Six days of points: no rate yet.
    expect(projectGoal(line(82, -0.5, 6), 75, now - 22 * DAY_MS)).toEqual({ kind: 'unknown' });
    // Nothing in the last 28 days.
    expect(projectGoal(losing, 75, now + 60 * DAY_MS)).toEqual({ kind: 'unknown' });
  });
});

describe('trendDirection', () => {
  it('is down or up beyond ±0.05 kg/week, stable within, and none without a rate', () => {
    expect(trendDirection(-0.5)).toBe('down');
    expect(trendDirection(0.06)).toBe('up');
    expect(trendDirection(0.05)).toBe('stable');
    expect(trendDirection(-0.05)).toBe('stable');
    expect(trendDirection(null)).toBeNull();
  });
});
