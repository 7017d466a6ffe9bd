import { describe, expect, it } from 'vitest';
import { negotiateLocale, toLocale } from './locales.ts';

describe('locales', () => {
  it.each([
    ['pt-BR', 'pt-BR'], ['pt', 'pt-BR'], ['pt-PT', 'pt-BR'], ['es-AR', 'es-AR'], ['es-ES', 'es-AR'], ['es', 'es-AR'],
    ['en-US', 'en-US'], ['en-GB', 'en-US'], ['EN_us', 'en-US'], ['fr-FR', null], ['', null], [undefined, null],
  ])('toLocale(%s) = %s', (tag, locale) => {
    expect(toLocale(tag)).toBe(locale);
  });

  it('honours q-values and order in Accept-Language', () => {
    expect(negotiateLocale('fr-CH, fr;q=0.9, en;q=0.8, es;q=0.7')).toBe('en-US');
    expect(negotiateLocale('en;q=0.5, es-AR;q=0.9')).toBe('es-AR');
    expect(negotiateLocale('de-DE, en;q=0')).toBeNull();
    expect(negotiateLocale('*')).toBeNull();
    expect(negotiateLocale('es;q=abc, pt')).toBe('pt-BR');
  });
});
