/** Deterministic variety: what a client gets depends on their id, never on Math.random or the clock. */

/** FNV-1a, 32 bits: the same text always gives the same number. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The list started at `offset` (modulo its length) and wrapped around: [a, b, c] by 1 → [b, c, a]. */
export function rotate<T>(list: readonly T[], offset: number): T[] {
  const start = list.length === 0 ? 0 : offset % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}
