import { describe, expect, it } from 'vitest';
import { numberPlaceholders } from './placeholders.ts';

describe('numberPlaceholders', () => {
  it('numbers each placeholder in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?)')).toBe('SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)');
  });

  it('leaves a question mark inside strings, quoted names and comments alone', () => {
    const sql = `SELECT 'why?', 'it''s ?', "odd?name" FROM t -- what?\nWHERE a = ? /* and? */ AND b = ?`;
    expect(numberPlaceholders(sql)).toBe(`SELECT 'why?', 'it''s ?', "odd?name" FROM t -- what?\nWHERE a = $1 /* and? */ AND b = $2`);
  });

  it('leaves a text without placeholders as it is', () => {
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
  });
});
