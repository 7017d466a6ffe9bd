import { describe, expect, it } from 'vitest';
import { formatAmount, portionText } from './portions.ts';

describe('formatAmount', () => {
  it('writes halves as ½', () => {
    expect(formatAmount(0.5, 'pt-BR')).toBe('½');
    expect(formatAmount(1.5, 'en-US')).toBe('1½');
    expect(formatAmount(3, 'es-AR')).toBe('3');
  });
});

describe('portionText', () => {
  it('writes metric amounts as they are and household ones with their weight, without commas', () => {
    expect(portionText(120, 'g', 120, false, 'pt-BR')).toBe('120 g');
    expect(portionText(1, 'glass', 200, true, 'es-AR')).toBe('1 vaso – 200 ml');
    expect(portionText(3, 'tablespoon', 30, false, 'en-US')).toBe('3 tablespoons – 30 g');
    expect(portionText(1, 'teaspoon', 4.5, false, 'pt-BR')).toBe('1 colher de chá – 5 g');
    expect(portionText(2, 'ladle', 200, false, 'es-AR')).toBe('2 cucharones – 200 g');
  });
});
