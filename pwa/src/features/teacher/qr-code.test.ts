import { describe, expect, it } from 'vitest';
import { correction, generate, mode, type Bitmap2D } from 'lean-qr';
import { encodeQr } from './qr-code.ts';

const grid = (code: Bitmap2D) => Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
const rows = (code: Bitmap2D) => grid(code).map((row) => row.map((dark) => (dark ? 'X' : ' ')).join(''));

/*
 * Published vectors. Whole symbols: Project Nayuki's QR Code generator test suite (MIT), byte
 * mode at level Q.
 */
const NAYUKI_V3_Q = [
  'XXXXXXX X X XXX     X XXXXXXX',
  'X     X   X XXXX    X X     X',
  'X XXX X XXX      XX   X XXX X',
  'X XXX X X  XX XX  XX  X XXX X',
  'X XXX X   X  X X X    X XXX X',
  'X     X XX   XX  XXXX X     X',
  'XXXXXXX X X X X X X X XXXXXXX',
  '        X X X  X             ',
  ' X X XXXX   XXXX X   XXX XX X',
  ' XXX   XXXXXXXXX X XXXX   XXX',
  '  XX  X XXX  XXX XX XX XX  X ',
  'XX   X   XXXX  X       X  XX ',
  'X   X XX X XXXX XX XXXXX X XX',
  ' X X    X   X   XX X X    XX ',
  'X X XXX   X   X XXX XX  X  XX',
  'X X    XX XXX X XXX    X   XX',
  'XX   XX X  X XX   X XX X X X ',
  '  XXX    XXXX XXXXXXX XX X   ',
  'X   XXX     X XXXX        XXX',
  '  XXXX   X  XX   XXX  XXX   X',
  'X  X  X   X X XXX   XXXXX X  ',
  '        XX X XX   XXX   X  XX',
  'XXXXXXX X    X   X  X X X XX ',
  'X     X XX   X  XX  X   XXXX ',
  'X XXX X   XXXXXX    XXXXX   X',
  'X XXX X XXXX X XXX XX X X   X',
  'X XXX X   XX            X   X',
  'X     X X  X XXX XX XX X   X ',
  'XXXXXXX  X   XX  X  X   XX X ',
];

const NAYUKI_V2_Q = [
  'XXXXXXX X  X XXXX XXXXXXX',
  'X     X   X X   X X     X',
  'X XXX X X X X XXX X XXX X',
  'X XXX X X X XX XX X XXX X',
  'X XXX X  X  X X   X XXX X',
  'X     X X  XX   X X     X',
  'XXXXXXX X X X X X XXXXXXX',
  '        X  X X           ',
  ' X X XXXX  XX XX XXX XX X',
  'XXX X   XX   X X X  XXX  ',
  ' X X  XXXX  XXXX  XXX    ',
  ' X  X    XX XX X XXXXXXXX',
  '   XXXXX X XX X       XX ',
  ' X  XX X   X XX  XX  XX  ',
  'X XX XX XXX  X XXX    XX ',
  ' X X X XX XXX XX    XX X ',
  'XX  X X X  XXXX XXXXX X X',
  '        XX  XX XX   XX XX',
  'XXXXXXX XXX  X XX X X XX ',
  'X     X X XX XXXX   X  XX',
  'X XXX X  XXXX X XXXXX  XX',
  'X XXX X X XX XX   XXXX   ',
  'X XXX X    XXX    XX  X X',
  'X     X X  X  X X  X XX  ',
  'XXXXXXX  X   X   X  X XXX',
];

const NAYUKI_V4_Q = [
  'XXXXXXX  X    X  X XXXX   XXXXXXX',
  'X     X X    X  X X       X     X',
  'X XXX X  XX X  X    XX X  X XXX X',
  'X XXX X X XX  XXX X X X X X XXX X',
  'X XXX X X  XXXXXXX   XXX  X XXX X',
  'X     X   XXXX XXX X  X X X     X',
  'XXXXXXX X X X X X X X X X XXXXXXX',
  '        X   X  XXX   XXX         ',
  ' X XXXX XXX  X XX X    X XX XX X ',
  '     X  X XX  X  XXX XXX  X   X X',
  'X XXXXX XXXX XXX   XX XX  X X X  ',
  'X X X  X X  XX    XXXXXXX X XX   ',
  ' XXX  XX XX  X XXX X X XX     X  ',
  'X  XX  X X X   XXXXXX   XXX X XXX',
  'X  X XX  XX XXXX  XXX X XX X XXXX',
  'XXXX   X   X XXX  X XX   XXX  XX ',
  '  X  XX X  X  X XXX  X XX  XXX  X',
  'XX X    XX  X X X     X X XX XXXX',
  '      XXX  X        XXX        X ',
  'XXX     XX    XXXXXXX X XX   X   ',
  '   X  XXX   X   XX   XX  XXXX   X',
  'XXX X  X XXXXX         XXX X  X  ',
  'X     XX XXX XXXX  XXX  X    XXX ',
  'X X    XXX  X      XXXX  XX X  XX',
  'XXX X X X X X    XX  XX XXXXXXXXX',
  '        X X   XX XX XX  X   X XX ',
  'XXXXXXX  X  XXX X       X X XX  X',
  'X     X XX  X   XX   XX X   X   X',
  'X XXX X XX X XX XXX  XX XXXXXXXX ',
  'X XXX X X XXX X   X   X  XXXX   X',
  'X XXX X       XXXX X XXXXX X X XX',
  'X     X XXX  X X XXXXXX XXX X  XX',
  'XXXXXXX  X  X X X XX   X  XXXX   ',
];

// ---- An independent reader: the standard's tables, its own GF(256) arithmetic ----

const ALIGNMENT: Record<number, number[]> = {
  1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50],
};
/** Level M (ISO/IEC 18004 table 9): [blocks, codewords per block, data codewords per block] per group. */
const BLOCKS_M: Record<number, [number, number, number][]> = {
  1: [[1, 26, 16]], 2: [[1, 44, 28]], 3: [[1, 70, 44]], 4: [[2, 50, 32]], 5: [[2, 67, 43]], 6: [[4, 43, 27]], 7: [[4, 49, 31]],
  8: [[2, 60, 38], [2, 61, 39]], 9: [[3, 58, 36], [2, 59, 37]], 10: [[4, 69, 43], [1, 70, 44]],
};
const MASK_RULES: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
]; // i = row, j = column, as the standard writes them

const EXP: number[] = [];
const LOG: number[] = [];
for (let i = 0, value = 1; i < 255; i++) {
  EXP[i] = value;
  LOG[value] = i;
  value <<= 1;
  if (value & 0x100) value ^= 0x11d;
}
const times = (a: number, b: number) => (a === 0 || b === 0 ? 0 : (EXP[((LOG[a] as number) + (LOG[b] as number)) % 255] as number));

/** BCH check of a 15-bit format word: divisible by the generator 10100110111. */
const bchRemainder = (word: number, generator: number, degree: number) => {
  let rem = word;
  for (let bitIndex = 30; bitIndex >= degree; bitIndex--) if ((rem >>> bitIndex) & 1) rem ^= generator << (bitIndex - degree);
  return rem;
};

function read(code: Bitmap2D): { text: string; mask: number; level: number } {
  const { size } = code;
  const modules = grid(code);
  const version = (size - 17) / 4;
  const dark = (x: number, y: number) => (modules[y] as boolean[])[x] as boolean;

  for (const [fx, fy] of [[0, 0], [size - 7, 0], [0, size - 7]] as const) {
    for (let dy = 0; dy < 7; dy++) for (let dx = 0; dx < 7; dx++) expect(dark(fx + dx, fy + dy)).toBe(Math.max(Math.abs(dx - 3), Math.abs(dy - 3)) !== 2);
  }
  for (let i = 8; i < size - 8; i++) {
    expect(dark(i, 6)).toBe(i % 2 === 0);
    expect(dark(6, i)).toBe(i % 2 === 0);
  }
  expect(dark(8, size - 8)).toBe(true); // the dark module

  // Format information, both copies, MSB (bit 14) first.
  const first = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]] as const;
  const second = [
    [8, size - 1], [8, size - 2], [8, size - 3], [8, size - 4], [8, size - 5], [8, size - 6], [8, size - 7],
    [size - 8, 8], [size - 7, 8], [size - 6, 8], [size - 5, 8], [size - 4, 8], [size - 3, 8], [size - 2, 8], [size - 1, 8],
  ] as const;
  const word = (cells: readonly (readonly [number, number])[]) => cells.reduce((acc, [x, y]) => (acc << 1) | (dark(x, y) ? 1 : 0), 0);
  const format = word(first);
  expect(word(second)).toBe(format);
  const unmasked = format ^ 0b101010000010010;
  expect(bchRemainder(unmasked, 0b10100110111, 10)).toBe(0);
  const level = unmasked >>> 13;
  const mask = (unmasked >>> 10) & 7;

  if (version >= 7) {
    let bits = 0;
    for (let i = 17; i >= 0; i--) bits = (bits << 1) | (dark(Math.floor(i / 3), size - 11 + (i % 3)) ? 1 : 0);
    expect(bits >>> 12).toBe(version);
    expect(bchRemainder(bits, 0b1111100100101, 12)).toBe(0);
  }

  const centres = ALIGNMENT[version] as number[];
  const isFunction = (x: number, y: number) => {
    if ((x < 9 && y < 9) || (x >= size - 8 && y < 9) || (x < 9 && y >= size - 8)) return true;
    if (x === 6 || y === 6) return true;
    if (version >= 7 && ((x >= size - 11 && x < size - 8 && y < 6) || (y >= size - 11 && y < size - 8 && x < 6))) return true;
    for (const cx of centres) {
      for (const cy of centres) {
        const onFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === centres.at(-1)) || (cx === centres.at(-1) && cy === 6);
        if (!onFinder && Math.abs(x - cx) <= 2 && Math.abs(y - cy) <= 2) return true;
      }
    }
    return false;
  };

  const bits: boolean[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) if (!isFunction(x, y)) bits.push(dark(x, y) !== (MASK_RULES[mask] as (i: number, j: number) => boolean)(y, x));
    }
    upward = !upward;
  }

  const groups = BLOCKS_M[version] as [number, number, number][];
  const layout = groups.flatMap(([count, total, data]) => Array.from({ length: count }, () => ({ total, data })));
  const totalCodewords = layout.reduce((sum, block) => sum + block.total, 0);
  const codewords: number[] = [];
  for (let i = 0; i < totalCodewords; i++) codewords.push(bits.slice(i * 8, i * 8 + 8).reduce((byte, bit) => (byte << 1) | (bit ? 1 : 0), 0));

  // De-interleave: data codewords column by column (short blocks skip the last), then the error correction.
  const blocks = layout.map(() => [] as number[]);
  let k = 0;
  const longest = Math.max(...layout.map((b) => b.data));
  for (let i = 0; i < longest; i++) layout.forEach((b, n) => i < b.data && (blocks[n] as number[]).push(codewords[k++] as number));
  const eccLength = (layout[0] as { total: number; data: number }).total - (layout[0] as { total: number; data: number }).data;
  for (let i = 0; i < eccLength; i++) layout.forEach((_b, n) => (blocks[n] as number[]).push(codewords[k++] as number));

  // Every block is a Reed–Solomon codeword: zero at α^0 … α^(ecc−1).
  for (const block of blocks) {
    for (let j = 0; j < eccLength; j++) {
      const alpha = EXP[j] as number;
      expect(block.reduce((acc, c) => times(acc, alpha) ^ c, 0)).toBe(0);
    }
  }

  const dataBits = blocks.flatMap((block, n) => block.slice(0, (layout[n] as { data: number }).data)).flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1));
  let at = 0;
  const take = (length: number) => {
    let value = 0;
    for (let i = 0; i < length; i++) value = (value << 1) | (dataBits[at++] as number);
    return value;
  };
  expect(take(4)).toBe(0b0100);
  const length = take(version <= 9 ? 8 : 16);
  const bytes = Uint8Array.from({ length }, () => take(8));
  expect(take(Math.min(4, dataBits.length - at))).toBe(0); // terminator
  return { text: new TextDecoder().decode(bytes), mask, level };
}

describe('QR encoder (lean-qr, as the referral link uses it)', () => {
  // The penalty rules leave room for interpretation, so encoders may pick different masks (both
  // symbols valid); under the reference's mask, every module must match.
  it.each([
    ['The quick brown fox jumps', 7, NAYUKI_V3_Q],
    ['😀 € éñ 💩', 7, NAYUKI_V2_Q],
    ['こんにちwa、世界！ αβγδ', 6, NAYUKI_V4_Q],
  ] as const)('UTF-8 in byte mode matches the reference symbol of %s module for module under its mask', (text, mask, expected) => {
    const q = correction.Q;
    expect(rows(generate(mode.bytes(new TextEncoder().encode(text)), { minCorrectionLevel: q, maxCorrectionLevel: q, mask }))).toEqual(expected);
  });

  it('reads back what it wrote at level M, versions 1 to 10 (format, version, Reed–Solomon, data)', () => {
    const seen = new Set<number>();
    for (const length of [1, 10, 14, 20, 26, 40, 60, 62, 84, 100, 106, 122, 140, 154, 170, 180, 200, 213]) {
      const text = `https://leve.example/r/${'TIAGOPRO42'.repeat(30)}`.slice(0, length);
      const code = encodeQr(text);
      seen.add((code.size - 17) / 4);
      const result = read(code);
      expect(result.text).toBe(text);
      expect(result.level).toBe(0b00);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('takes the smallest version and refuses what version 10 cannot hold', () => {
    expect(encodeQr('x'.repeat(14)).size).toBe(21); // version 1
    expect(encodeQr('x'.repeat(15)).size).toBe(25); // version 2
    expect(encodeQr('x'.repeat(213)).size).toBe(57); // version 10
    expect(() => encodeQr('x'.repeat(214))).toThrow();
    const link = encodeQr('https://leve.example/r/TIAGOPRO42');
    expect(link.size).toBe(29); // version 3
    expect(read(link).text).toBe('https://leve.example/r/TIAGOPRO42');
  });
});
