import { describe, expect, it } from 'vitest';
import { rotate, stableHash } from './rotation.ts';

describe('stableHash', () => {
  it('is FNV-1a: the same text, the same number', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
    expect(stableHash('client-1')).toBe(stableHash('client-1'));
    expect(stableHash('client-1')).not.toBe(stableHash('client-2'));
  });
});

describe('rotate', () => {
  it('starts the list at the offset and wraps around', () => {
    expect(rotate(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotate(['a', 'b', 'c'], 7)).toEqual(['b', 'c', 'a']);
    expect(rotate([], 3)).toEqual([]);
  });
});
