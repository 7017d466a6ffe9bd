import { describe, expect, it } from 'vitest';
import { translateKnownText } from './known-texts.ts';

describe('translateKnownText', () => {
  it.each([
    ['Frango grelhado', 'en-US', 'Grilled chicken breast'],
    ['Frango grelhado', 'es-AR', 'Pollo a la plancha'],
    ['  frango GRELHADO ', 'es-AR', 'Pollo a la plancha'],
    ['Pollo a la plancha', 'pt-BR', 'Frango grelhado'],
    ['Feijao carioca', 'es-AR', 'Porotos'],
    ['Sweet potato', 'es-AR', null],
    ['Boiled sweet potato', 'es-AR', 'Batata hervida'],
  ] as const)('food %j → %s: %j', (text, target, expected) => {
    expect(translateKnownText(text, target)).toBe(expected);
  });

  it.each([
    ['Almoço', 'en-US', 'Lunch'],
    ['Ceia', 'es-AR', 'Colación nocturna'],
    ['Merienda', 'pt-BR', 'Lanche da tarde'],
    ['café da manhã', 'en-US', 'Breakfast'],
  ] as const)('meal name %j → %s: %j', (text, target, expected) => {
    expect(translateKnownText(text, target)).toBe(expected);
  });

  it('keeps a leading quantity and the writer’s case', () => {
    expect(translateKnownText('2 ovos mexidos', 'es-AR')).toBe('2 huevos revueltos');
    expect(translateKnownText('2 Ovos mexidos', 'en-US')).toBe('2 Scrambled eggs');
  });

  it('translates the portion the built-in diet writes after a food', () => {
    expect(translateKnownText('Arroz integral (4 colheres de sopa – 100 g)', 'en-US')).toBe('Brown rice (4 tablespoons – 100 g)');
    expect(translateKnownText('Maçã (1½ unidades – 195 g)', 'es-AR')).toBe('Manzana (1½ unidades – 195 g)');
    expect(translateKnownText('Banana (½ unidade – 45 g)', 'en-US')).toBe('Banana (½ unit – 45 g)');
    expect(translateKnownText('Leite desnatado (200 ml)', 'en-US')).toBe('Skim milk (200 ml)');
    expect(translateKnownText('Salada de folhas verdes (à vontade)', 'es-AR')).toBe('Ensalada de hojas verdes (a voluntad)');
  });

  it('translates a substitution line when both sides are known', () => {
    expect(translateKnownText('Pão integral (2 fatias – 50 g) ↔ Tapioca (1 unidade – 60 g)', 'en-US')).toBe('Whole wheat bread (2 slices – 50 g) ↔ Tapioca crepe (1 unit – 60 g)');
    expect(translateKnownText('Pão integral (2 fatias – 50 g) ↔ Pizza', 'en-US')).toBeNull();
  });

  it('leaves unknown texts and unknown portions alone', () => {
    expect(translateKnownText('Pizza', 'en-US')).toBeNull();
    expect(translateKnownText('', 'en-US')).toBeNull();
    expect(translateKnownText('Frango grelhado (a gosto)', 'en-US')).toBeNull();
    expect(translateKnownText('Grelhe o frango com ervas', 'en-US')).toBeNull();
  });
});
