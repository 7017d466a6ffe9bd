import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying the millisecond timestamp', () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const id = uuidv7(now);
    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe('7');
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sorts in generation order, even many within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_800_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
