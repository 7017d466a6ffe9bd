import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exerciseNameKey, exerciseOfName, mergedNames, namesOfExercise, separatedName } from './exercise-name.ts';

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

const named = (nameKey: string, exerciseId: string) => ({ id: `row-${nameKey}`, nameKey, exerciseId });

describe('namesOfExercise: the names an exercise goes by', () => {
  const names = [named('supino reto', 'e1'), named('supino com barra', 'e1'), named('agachamento', 'e2')];

  it('gives every name sharing the id, the asked one first', () => {
    expect(namesOfExercise('supino com barra', names)).toEqual(['supino com barra', 'supino reto']);
  });

  it('gives a name with no row alone (an exercise the client added)', () => {
    expect(namesOfExercise('prancha', names)).toEqual(['prancha']);
  });

  it('resolves each key to its exercise, a key with no row to itself', () => {
    const exerciseOf = exerciseOfName(names);
    expect([exerciseOf('supino reto'), exerciseOf('supino com barra'), exerciseOf('prancha')]).toEqual(['e1', 'e1', 'prancha']);
  });
});

describe('mergedNames: a coach merges two names into one exercise', () => {
  let ids = 0;
  const newId = () => `new-${++ids}`;

  it('moves every name of the merged exercise to the other id', () => {
    const names = [named('supino reto', 'e1'), named('supino', 'e1'), named('supino com barra', 'e2')];
    expect(mergedNames(names, 'supino com barra', 'supino reto', newId)).toEqual([{ ...named('supino com barra', 'e1') }]);
    expect(mergedNames(names, 'supino', 'supino com barra', newId)).toEqual([named('supino reto', 'e2'), named('supino', 'e2')]);
  });

  it('gives a row to a name that had none, on either side', () => {
    const written = mergedNames([named('supino reto', 'e1')], 'supino livre', 'supino reto', newId);
    expect(written).toEqual([{ id: expect.any(String), nameKey: 'supino livre', exerciseId: 'e1' }]);
    const both = mergedNames([], 'a', 'b', newId);
    expect(both).toHaveLength(2);
    expect(both[0]?.nameKey).toBe('b');
    expect(both[1]).toMatchObject({ nameKey: 'a', exerciseId: both[0]?.exerciseId });
  });

  it('writes nothing for a merge already made, or a name into itself', () => {
    const names = [named('a', 'e1'), named('b', 'e1')];
    expect(mergedNames(names, 'a', 'b', newId)).toEqual([]);
    expect(mergedNames(names, 'a', 'a', newId)).toEqual([]);
  });

  it('leaves every name that was merged reading one history, whatever the order of merges', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('a', 'b', 'c', 'd')), { maxLength: 8 }), (merges) => {
        let names: { id: string; nameKey: string; exerciseId: string }[] = [];
        for (const [from, into] of merges) {
          const written = mergedNames(names, from, into, newId);
          names = [...names.filter((name) => !written.some((row) => row.id === name.id)), ...written];
          expect(namesOfExercise(from, names).sort()).toEqual(namesOfExercise(into, names).sort());
          expect(new Set(names.map((name) => name.nameKey)).size).toBe(names.length);
        }
      }),
    );
  });
});

describe('separatedName: a merge undone', () => {
  it('gives the name an id of its own, and nothing for a name alone', () => {
    const names = [named('a', 'e1'), named('b', 'e1'), named('c', 'e2')];
    expect(separatedName(names, 'b', () => 'e9')).toEqual(named('b', 'e9'));
    expect(separatedName(names, 'c', () => 'e9')).toBeNull();
    expect(separatedName(names, 'z', () => 'e9')).toBeNull();
  });
});
