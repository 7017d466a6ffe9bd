import { describe, expect, it } from 'vitest';
import { addMonths, planEnd, planForPrice, PLAN_FEATURES, PLAN_PRICING } from './plans.ts';

const iso = (millis: number) => new Date(millis).toISOString();

describe('plans', () => {
  it('has the SPEC prices in minor units', () => {
    expect(PLAN_PRICING['pt-BR']).toEqual({ currency: 'BRL', prices: { monthly: 1190, quarterly: 8990, annual: 29990 }, originalPrices: { monthly: 6990 } });
    expect(PLAN_PRICING['es-AR'].prices).toEqual({ monthly: 1150000, quarterly: 2602400, annual: 8681400 });
    expect(PLAN_PRICING['en-US'].prices).toEqual({ monthly: 999, quarterly: 2499, annual: 7999 });
    expect(PLAN_FEATURES).toHaveLength(14);
  });

  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', 1, '2024-02-29T10:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', 3, '2026-06-30T00:00:00.000Z'],
    ['2026-11-30T23:59:59.999Z', 3, '2027-02-28T23:59:59.999Z'],
    ['2024-02-29T12:00:00.000Z', 12, '2025-02-28T12:00:00.000Z'],
    ['2026-05-15T08:30:00.000Z', 12, '2027-05-15T08:30:00.000Z'],
    ['2026-12-31T05:00:00.000Z', 1, '2027-01-31T05:00:00.000Z'],
  ])('%s + %i months = %s', (start, months, end) => {
    expect(iso(addMonths(Date.parse(start), months))).toBe(end);
  });

  it('ends a plan by its duration', () => {
    const start = Date.parse('2026-01-31T12:00:00.000Z');
    expect(iso(planEnd(start, 'monthly'))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(planEnd(start, 'quarterly'))).toBe('2026-04-30T12:00:00.000Z');
    expect(iso(planEnd(start, 'annual'))).toBe('2027-01-31T12:00:00.000Z');
  });

  it('looks a plan up by price and currency', () => {
    expect(planForPrice(8990, 'BRL')).toBe('quarterly');
    expect(planForPrice(1150000, 'ARS')).toBe('monthly');
    expect(planForPrice(7999, 'USD')).toBe('annual');
    expect(planForPrice(1190, 'USD')).toBeNull();
    expect(planForPrice(4200, 'BRL')).toBeNull();
  });
});
