import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.ts';

describe('groupBy', () => {
  const rows = [
    { id: 'a', session: 's2' },
    { id: 'b', session: 's1' },
    { id: 'c', session: 's2' },
  ];

  it('puts the rows in lists by key, the keys in order of first sight and each list in the rows’ order', () => {
    expect([...groupBy(rows, (row) => row.session)]).toEqual([
      ['s2', [rows[0], rows[2]]],
      ['s1', [rows[1]]],
    ]);
  });

  it('keeps what `value` makes of each row', () => {
    expect(groupBy(rows, (row) => row.session, (row) => row.id).get('s2')).toEqual(['a', 'c']);
  });

  it('gives an empty map for no rows', () => {
    expect(groupBy([], () => 'x').size).toBe(0);
  });
});
