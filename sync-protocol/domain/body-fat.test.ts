import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { navyBodyFatPercent } from './body-fat.ts';
import type { NavySex } from './body-fat.ts';

/** Whole inches as centimetres, exactly, so that the worked examples below are in inches. */
const cm = (inches: number) => inches * 2.54;

const man = (heightIn: number, neckIn: number, waistIn: number) =>
  navyBodyFatPercent({ sex: 'male', heightCm: cm(heightIn), neckCm: cm(neckIn), waistCm: cm(waistIn) });

const woman = (heightIn: number, neckIn: number, waistIn: number, hipIn: number) =>
  navyBodyFatPercent({ sex: 'female', heightCm: cm(heightIn), neckCm: cm(neckIn), waistCm: cm(waistIn), hipCm: cm(hipIn) });

/**
 * The metric form usually published, a later re-fit in centimetres: an independent check that
 * should land within a percentage point of the DoD inch formulas, never exactly on them.
 */
function metricRefit(sex: NavySex, heightCm: number, neckCm: number, waistCm: number, hipCm = 0): number {
  return sex === 'male'
    ? 495 / (1.0324 - 0.19077 * Math.log10(waistCm - neckCm) + 0.15456 * Math.log10(heightCm)) - 450
    : 495 / (1.29579 - 0.35004 * Math.log10(waistCm + hipCm - neckCm) + 0.221 * Math.log10(heightCm)) - 450;
}

describe('U.S. Navy body-fat estimate', () => {
  it('works out a man 70 in tall, neck 15 in, waist 34 in, at 17.5 %', () => {
    // 86.010·log10(34 − 15) − 70.041·log10(70) + 36.76
    //   = 86.010·1.278754 − 70.041·1.845098 + 36.76
    //   = 109.9856 − 129.2325 + 36.76 = 17.513 → 17.5
    expect(man(70, 15, 34)).toBe(17.5);
    // Metric re-fit on 177.8 / 38.1 / 86.36 cm: 17.43.
    expect(Math.abs(metricRefit('male', cm(70), cm(15), cm(34)) - 17.5)).toBeLessThan(1);
  });

  it('works out a man 72 in tall, neck 16 in, waist 40 in, at 25.4 %', () => {
    // 86.010·log10(24) − 70.041·log10(72) + 36.76
    //   = 86.010·1.380211 − 70.041·1.857332 + 36.76
    //   = 118.7120 − 130.0894 + 36.76 = 25.383 → 25.4
    expect(man(72, 16, 40)).toBe(25.4);
    // Metric re-fit: 25.27.
    expect(Math.abs(metricRefit('male', cm(72), cm(16), cm(40)) - 25.4)).toBeLessThan(1);
  });

  it('works out a lean man 68 in tall, neck 14.5 in, waist 30 in, at 10.8 %', () => {
    // 86.010·log10(15.5) − 70.041·log10(68) + 36.76
    //   = 86.010·1.190332 − 70.041·1.832509 + 36.76
    //   = 102.3804 − 128.3508 + 36.76 = 10.790 → 10.8
    expect(man(68, 14.5, 30)).toBe(10.8);
    // Metric re-fit: 10.94.
    expect(Math.abs(metricRefit('male', cm(68), cm(14.5), cm(30)) - 10.8)).toBeLessThan(1);
  });

  it('works out a man measured in round centimetres: 180 cm, neck 40, waist 90, at 18.5 %', () => {
    // In inches: waist − neck = 50 / 2.54 = 19.685, height = 180 / 2.54 = 70.866.
    // 86.010·log10(19.685) − 70.041·log10(70.866) + 36.76
    //   = 86.010·1.294136 − 70.041·1.850439 + 36.76
    //   = 111.3086 − 129.6066 + 36.76 = 18.462 → 18.5
    expect(navyBodyFatPercent({ sex: 'male', heightCm: 180, neckCm: 40, waistCm: 90 })).toBe(18.5);
    expect(Math.abs(metricRefit('male', 180, 40, 90) - 18.5)).toBeLessThan(1);
  });

  it('works out a woman 64 in tall, neck 13 in, waist 30 in, hip 38 in, at 29.2 %', () => {
    // 163.205·log10(30 + 38 − 13) − 97.684·log10(64) − 78.387
    //   = 163.205·1.740363 − 97.684·1.806180 − 78.387
    //   = 284.0359 − 176.4349 − 78.387 = 29.214 → 29.2
    expect(woman(64, 13, 30, 38)).toBe(29.2);
    // Metric re-fit on 162.56 / 33.02 / 76.2 / 96.52 cm: 28.95.
    expect(Math.abs(metricRefit('female', cm(64), cm(13), cm(30), cm(38)) - 29.2)).toBeLessThan(1);
  });

  it('works out a woman 66 in tall, neck 13.5 in, waist 35 in, hip 42 in, at 38.1 %', () => {
    // 163.205·log10(63.5) − 97.684·log10(66) − 78.387
    //   = 163.205·1.802774 − 97.684·1.819544 − 78.387
    //   = 294.2217 − 177.7403 − 78.387 = 38.094 → 38.1
    expect(woman(66, 13.5, 35, 42)).toBe(38.1);
    // Metric re-fit: 37.86.
    expect(Math.abs(metricRefit('female', cm(66), cm(13.5), cm(35), cm(42)) - 38.1)).toBeLessThan(1);
  });

  it('ignores a hip measure for men', () => {
    expect(navyBodyFatPercent({ sex: 'male', heightCm: cm(70), neckCm: cm(15), waistCm: cm(34), hipCm: cm(40) })).toBe(17.5);
    expect(navyBodyFatPercent({ sex: 'male', heightCm: cm(70), neckCm: cm(15), waistCm: cm(34), hipCm: null })).toBe(17.5);
  });

  it('cannot estimate a woman without her hip', () => {
    const base = { sex: 'female', heightCm: cm(64), neckCm: cm(13), waistCm: cm(30) } as const;
    expect(navyBodyFatPercent(base)).toBeNull();
    expect(navyBodyFatPercent({ ...base, hipCm: null })).toBeNull();
    expect(navyBodyFatPercent({ ...base, hipCm: 0 })).toBeNull();
  });

  it('cannot take the logarithm when the neck is as wide as the waist (or waist and hip together)', () => {
    expect(navyBodyFatPercent({ sex: 'male', heightCm: 180, neckCm: 40, waistCm: 40 })).toBeNull();
    expect(navyBodyFatPercent({ sex: 'male', heightCm: 180, neckCm: 45, waistCm: 40 })).toBeNull();
    // Only reachable with impossible figures: a neck wider than waist and hip together.
    expect(navyBodyFatPercent({ sex: 'female', heightCm: 165, neckCm: 100, waistCm: 40, hipCm: 60 })).toBeNull();
  });

  it('refuses a measure that is missing, zero, negative or not a number', () => {
    const base = { sex: 'male', heightCm: 180, neckCm: 40, waistCm: 90 } as const;
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(navyBodyFatPercent({ ...base, heightCm: bad })).toBeNull();
      expect(navyBodyFatPercent({ ...base, neckCm: bad })).toBeNull();
      expect(navyBodyFatPercent({ ...base, waistCm: bad })).toBeNull();
      expect(navyBodyFatPercent({ sex: 'female', heightCm: 165, neckCm: 32, waistCm: 70, hipCm: bad })).toBeNull();
    }
  });

  it('takes a result outside 2–75 % for a measuring mistake', () => {
    // Waist 1 cm over the neck: 86.010·log10(0.394) − 70.041·log10(70.866) + 36.76 ≈ −127.7 %.
    expect(navyBodyFatPercent({ sex: 'male', heightCm: 180, neckCm: 40, waistCm: 41 })).toBeNull();
    // A 300 cm waist on a 150 cm man: ≈ 87.0 %.
    expect(navyBodyFatPercent({ sex: 'male', heightCm: 150, neckCm: 30, waistCm: 300 })).toBeNull();
    // A woman whose waist and hip are barely larger than the neck: ≈ 3.5 %, still a (very lean) body.
    expect(navyBodyFatPercent({ sex: 'female', heightCm: 165, neckCm: 32, waistCm: 60, hipCm: 70 })).toBe(3.5);
  });

  it('rises with the waist and falls with the height (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<NavySex>('male', 'female'),
        fc.integer({ min: 1400, max: 2100 }),
        fc.integer({ min: 280, max: 480 }),
        fc.integer({ min: 600, max: 1400 }),
        fc.integer({ min: 800, max: 1400 }),
        fc.integer({ min: 1, max: 200 }),
        (sex, height, neck, waist, hip, more) => {
          const at = (heightMm: number, waistMm: number) =>
            navyBodyFatPercent({ sex, heightCm: heightMm / 10, neckCm: neck / 10, waistCm: waistMm / 10, hipCm: hip / 10 });
          const base = at(height, waist);
          const wider = at(height, waist + more);
          const taller = at(height + more, waist);
          if (base === null) return true;
          return (wider === null || wider >= base) && (taller === null || taller <= base);
        },
      ),
    );
  });
});
