import { describe, expect, it } from 'vitest';
import { sortRows, timeOf } from './sorting.ts';

const rows = [
  { id: 'a', name: 'bruno', amount: 833, at: '2026-11-02T10:00:00.000Z' },
  { id: 'b', name: 'Álvaro', amount: 699, at: '2026-11-01T10:00:00.000Z' },
  { id: 'c', name: 'Carla', amount: 833, at: 'not a date' },
  { id: 'd', name: 'alice', amount: 10000, at: '2026-11-03T10:00:00.000Z' },
];
const ids = (list: { id: string }[]) => list.map((r) => r.id).join('');

describe('sortRows', () => {
  it('orders text by the language, ignoring case and accents', () => {
    expect(ids(sortRows(rows, (r) => r.name, 'asc', 'pt-BR'))).toBe('dbac');
    expect(ids(sortRows(rows, (r) => r.name, 'desc', 'pt-BR'))).toBe('cabd');
  });

  it('orders numbers numerically and keeps the original order of equal values either way', () => {
    expect(ids(sortRows(rows, (r) => r.amount, 'asc', 'pt-BR'))).toBe('bacd');
    expect(ids(sortRows(rows, (r) => r.amount, 'desc', 'pt-BR'))).toBe('dacb');
  });

  it('sorts dates by time, an invalid one first', () => {
    expect(ids(sortRows(rows, (r) => timeOf(r.at), 'asc', 'pt-BR'))).toBe('cbad');
    expect(timeOf(null)).toBe(Number.NEGATIVE_INFINITY);
  });
});
