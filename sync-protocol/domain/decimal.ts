/**
 * Reading numbers people type (ADR 015): a plain decimal, digits with "." or "," as the decimal
 * separator, and no more decimals than the field has. Surrounding spaces are ignored. Everything
 * JavaScript's `Number()` would also read is refused: hex (`0x40` → 64), exponents (`1e2` →
 * 100), signs, `Infinity`, other digit sets, and a thousands separator (`1.000`, which is one in
 * pt-BR and a thousandth in en-US). A JSON number must be finite with no more decimals.
 */

const PATTERNS = new Map<number, RegExp>();

function patternFor(decimals: number): RegExp {
  let pattern = PATTERNS.get(decimals);
  if (!pattern) {
    const fraction = decimals === 0 ? '' : Number.isFinite(decimals) ? `(?:[.,]\\d{1,${decimals}})?` : '(?:[.,]\\d+)?';
    pattern = new RegExp(`^\\d+${fraction}$`);
    PATTERNS.set(decimals, pattern);
  }
  return pattern;
}

/** Whether a finite number has at most `decimals` decimals (`84.2` has one; `84.25` two). */
function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (!Number.isFinite(decimals)) return true;
  const scale = 10 ** decimals;
  // The nearest double to k/10^d is what both JSON.parse and the division give.
  return Math.round(value * scale) / scale === value;
}

/**
 * The number in `value` (a string as typed, or a JSON number), or null when it is not a plain
 * decimal with at most `decimals` decimals. Range checks are the caller's.
 */
export function parseDecimal(value: unknown, decimals: number): number | null {
  if (typeof value === 'number') return hasAtMostDecimals(value, decimals) ? value + 0 : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!patternFor(decimals).test(text)) return null;
  return Number(text.replace(',', '.'));
}
