import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

// Intl separates the symbol with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it.each([
    [1190, 'BRL', 'pt-BR', 'R$ 11,90'],
    [29990, 'BRL', 'pt-BR', 'R$ 299,90'],
    [1150000, 'ARS', 'es-AR', '$ 11.500'],
    [8681400, 'ARS', 'es-AR', '$ 86.814'],
    [999, 'USD', 'en-US', '$9.99'],
    [7999, 'USD', 'en-US', '$79.99'],
    [999, 'USD', 'pt-BR', 'US$ 9,99'],
    [1190, 'BRL', 'en-US', 'R$11.90'],
    [1190, 'BRL', 'fr-FR', 'R$ 11,90'],
  ])('%i %s in %s → %s', (minor, currency, locale, expected) => {
    expect(plain(formatMoney(minor, currency, locale))).toBe(expected);
  });
});
