import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exerciseNameKey } from './exercise-name.ts';

describe('exerciseNameKey: one exercise however the coach retyped its name', () => {
  it.each([
    ['Supino reto', 'supino reto'],
    ['supino-reto', 'supino reto'],
    ['  SUPINO   RETO ', 'supino reto'],
    ['Agachamento livre (barra)', 'agachamento livre barra'],
    ['Elevação pélvica', 'elevacao pelvica'],
    ['Press de banca, 45°', 'press de banca 45'],
    ['Pull-up / chin-up', 'pull up chin up'],
  ])('%j → %j', (name, key) => {
    expect(exerciseNameKey(name)).toBe(key);
  });

  it('tells different exercises apart', () => {
    expect(exerciseNameKey('Supino reto')).not.toBe(exerciseNameKey('Supino inclinado'));
  });

  it('gives a key that is its own key (retyping a key changes nothing)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        expect(exerciseNameKey(exerciseNameKey(name))).toBe(exerciseNameKey(name));
      }),
    );
  });
});
