import { describe, expect, it } from 'vitest';
import { birthYears } from '#pwa/components/BirthDateFields.tsx';
import { canOpenTab, tabComplete, type TabValues } from './tab-rules.ts';

const empty: TabValues = { name: '', email: '', password: '', currentWeight: '', targetWeight: '', weeklyWeightGoal: '' };
const personal = { ...empty, name: 'Ana', email: 'ana@example.com', password: 'segredo123' };

describe('registration tab rules', () => {
  it('needs name, email and password to leave the personal tab', () => {
    expect(tabComplete('personal', empty)).toBe(false);
    expect(tabComplete('personal', { ...personal, password: '' })).toBe(false);
    expect(tabComplete('personal', { ...personal, name: '   ' })).toBe(false);
    expect(tabComplete('personal', personal)).toBe(true);
  });

  it('needs a current weight above 0 on the physical tab, a comma accepted', () => {
    expect(tabComplete('physical', { ...empty, currentWeight: '0' })).toBe(false);
    expect(tabComplete('physical', { ...empty, currentWeight: 'abc' })).toBe(false);
    expect(tabComplete('physical', { ...empty, currentWeight: '82,5' })).toBe(true);
    expect(tabComplete('physical', { ...empty, currentWeight: ' 82.5 ' })).toBe(true);
  });

  it('reads a weight as the server does: never hex or an exponent (ADR 015)', () => {
    for (const hostile of ['0x40', '1e2', 'Infinity', '+80', '80 kg']) {
      expect(tabComplete('physical', { ...empty, currentWeight: hostile })).toBe(false);
    }
  });

  it('needs target weight and weekly goal above 0 on the goals tab', () => {
    expect(tabComplete('goals', { ...empty, targetWeight: '70' })).toBe(false);
    expect(tabComplete('goals', { ...empty, targetWeight: '70', weeklyWeightGoal: '0' })).toBe(false);
    expect(tabComplete('goals', { ...empty, targetWeight: '70', weeklyWeightGoal: '0.5' })).toBe(true);
  });

  it('always allows going back and blocks jumping past an incomplete tab', () => {
    expect(canOpenTab(2, 0, empty)).toBe(true);
    expect(canOpenTab(0, 1, empty)).toBe(false);
    expect(canOpenTab(0, 1, personal)).toBe(true);
    expect(canOpenTab(0, 2, personal)).toBe(false); // physical not done
    expect(canOpenTab(0, 2, { ...personal, currentWeight: '80' })).toBe(true);
  });

  it('offers the last 80 years', () => {
    const years = birthYears(new Date('2026-11-21'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1946);
  });
});
