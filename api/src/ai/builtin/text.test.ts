import { describe, expect, it } from 'vitest';
import { fold, formatNumber, lowerFirst, words } from './text.ts';

describe('text helpers', () => {
  it('folds case, accents and spaces', () => {
    expect(fold('  Café da   Manhã ')).toBe('cafe da manha');
    expect(words('Supino reto (barra)')).toEqual(['supino', 'reto', 'barra']);
  });

  it('formats numbers per locale', () => {
    expect(formatNumber(1650, 'pt-BR')).toBe('1.650');
    expect(formatNumber(1650, 'es-AR')).toBe('1.650');
    expect(formatNumber(1650, 'en-US')).toBe('1,650');
    expect(formatNumber(2.73, 'pt-BR', 1)).toBe('2,7');
  });

  it('lowers only the first letter', () => {
    expect(lowerFirst('Frango grelhado', 'pt-BR')).toBe('frango grelhado');
  });
});
