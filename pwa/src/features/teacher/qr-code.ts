/**
 * A QR code encoder for the referral link (SPEC §2 teacher dashboard): byte mode, versions 1 to
 * 10 (level M holds up to 213 bytes, far more than a `<origin>/r/<CODE>` link needs), the mask
 * chosen by the standard's penalty rules (ISO/IEC 18004:2015 §7; laid out like Project Nayuki's
 * reference encoder). The link uses level M; the other levels are here because the published
 * test vectors use them. No dependency: a teacher's browser draws it.
 *
 * `modules[y][x]` is true for a dark module; the caller adds the 4-module quiet zone.
 */
export interface QrCode {
  version: number;
  size: number;
  mask: number;
  modules: boolean[][];
}

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

export const QR_MAX_VERSION = 10;

/** Per level, index = version (ISO/IEC 18004 table 9): error correction codewords per block, and number of blocks. */
const ECC_CODEWORDS_PER_BLOCK: Record<QrLevel, readonly number[]> = {
  L: [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18],
  M: [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26],
  Q: [-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24],
  H: [-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28],
};
const ERROR_CORRECTION_BLOCKS: Record<QrLevel, readonly number[]> = {
  L: [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4],
  M: [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5],
  Q: [-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8],
  H: [-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8],
};
/** The level's two bits in the format information. */
const FORMAT_LEVEL: Record<QrLevel, number> = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 };

/** Modules left for data and error correction once the function patterns are drawn. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

const totalCodewords = (version: number) => Math.floor(rawDataModules(version) / 8);

/** Data codewords of a version at a level. */
export const dataCodewords = (version: number, level: QrLevel) =>
  totalCodewords(version) - (ECC_CODEWORDS_PER_BLOCK[level][version] as number) * (ERROR_CORRECTION_BLOCKS[level][version] as number);

/** Character count bits of byte mode: 8 up to version 9, 16 from 10. */
const countBits = (version: number) => (version <= 9 ? 8 : 16);

// ---- GF(256) and Reed–Solomon, with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ----

export function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** The generator polynomial of `degree` (its coefficients below the leading 1, highest first). */
function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j] as number, root);
      if (j + 1 < result.length) result[j] = (result[j] as number) ^ (result[j + 1] as number);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The error correction codewords of a block. */
export function reedSolomonRemainder(data: readonly number[], degree: number): number[] {
  const divisor = reedSolomonDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    for (let i = 0; i < divisor.length; i++) result[i] = (result[i] as number) ^ gfMultiply(divisor[i] as number, factor);
  }
  return result;
}

// ---- Codewords ----

/** The data codewords of `bytes` in byte mode for `version`: mode, count, data, terminator, padding. */
export function encodeData(bytes: Uint8Array, version: number, level: QrLevel): number[] {
  const capacityBits = dataCodewords(version, level) * 8;
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  append(0b0100, 4);
  append(bytes.length, countBits(version));
  for (const byte of bytes) append(byte, 8);
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) append(pad, 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  return codewords;
}

/** Splits the data into blocks, adds each block's error correction, and interleaves them (§7.6). */
export function addErrorCorrection(data: readonly number[], version: number, level: QrLevel): number[] {
  const blocks = ERROR_CORRECTION_BLOCKS[level][version] as number;
  const eccLength = ECC_CODEWORDS_PER_BLOCK[level][version] as number;
  const raw = totalCodewords(version);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const dataBlocks: number[][] = [];
  const eccBlocks: number[][] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1);
    const block = data.slice(k, k + length);
    k += length;
    dataBlocks.push(block);
    eccBlocks.push(reedSolomonRemainder(block, eccLength));
  }
  const result: number[] = [];
  const longest = Math.max(...dataBlocks.map((block) => block.length));
  for (let i = 0; i < longest; i++) for (const block of dataBlocks) if (i < block.length) result.push(block[i] as number);
  for (let i = 0; i < eccLength; i++) for (const block of eccBlocks) result.push(block[i] as number);
  return result;
}

// ---- Format and version information (BCH codes) ----

/** The 15 format bits of a level and mask, already XORed with 101010000010010. */
export function formatBits(level: QrLevel, mask: number): number {
  const data = (FORMAT_LEVEL[level] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up). */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** Row and column centres of the alignment patterns (ISO/IEC 18004 annex E). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position);
  return result;
}

const bit = (value: number, index: number) => ((value >>> index) & 1) !== 0;

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];

  constructor(
    readonly version: number,
    readonly level: QrLevel,
    readonly size = version * 4 + 17,
  ) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.isFunction = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }

  setFunction(x: number, y: number, dark: boolean) {
    (this.modules[y] as boolean[])[x] = dark;
    (this.isFunction[y] as boolean[])[x] = true;
  }

  drawFunctionPatterns() {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.setFunction(6, i, i % 2 === 0);
      this.setFunction(i, 6, i % 2 === 0);
    }
    this.drawFinder(3, 3);
    this.drawFinder(size - 4, 3);
    this.drawFinder(3, size - 4);
    const positions = alignmentPositions(this.version);
    const last = positions.length - 1;
    positions.forEach((x, i) =>
      positions.forEach((y, j) => {
        if (!((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0))) this.drawAlignment(x, y);
      }),
    );
    this.drawFormat(0); // reserves the area; the chosen mask's bits replace these
    this.drawVersion();
  }

  /** A finder pattern with its light separator, centred on (x, y). */
  drawFinder(x: number, y: number) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && xx < this.size && yy >= 0 && yy < this.size) this.setFunction(xx, yy, distance !== 2 && distance !== 4);
      }
    }
  }

  drawAlignment(x: number, y: number) {
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) this.setFunction(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }

  drawFormat(mask: number) {
    const bits = formatBits(this.level, mask);
    const { size } = this;
    for (let i = 0; i <= 5; i++) this.setFunction(8, i, bit(bits, i));
    this.setFunction(8, 7, bit(bits, 6));
    this.setFunction(8, 8, bit(bits, 7));
    this.setFunction(7, 8, bit(bits, 8));
    for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bit(bits, i));
    for (let i = 0; i < 8; i++) this.setFunction(size - 1 - i, 8, bit(bits, i));
    for (let i = 8; i < 15; i++) this.setFunction(8, size - 15 + i, bit(bits, i));
    this.setFunction(8, size - 8, true); // the dark module
  }

  drawVersion() {
    if (this.version < 7) return;
    const bits = versionBits(this.version);
    for (let i = 0; i < 18; i++) {
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.setFunction(a, b, bit(bits, i));
      this.setFunction(b, a, bit(bits, i));
    }
  }

  /** The codewords in the two-column zigzag from the bottom right, around the function patterns (§7.7.3). */
  drawCodewords(codewords: readonly number[]) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5; // the vertical timing pattern
      const upward = ((right + 1) & 2) === 0;
      for (let vertical = 0; vertical < size; vertical++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const y = upward ? size - 1 - vertical : vertical;
          if (!(this.isFunction[y] as boolean[])[x] && i < codewords.length * 8) {
            (this.modules[y] as boolean[])[x] = bit(codewords[i >>> 3] as number, 7 - (i & 7));
            i++;
          }
          // Modules past the codewords (remainder bits) stay light.
        }
      }
    }
  }

  /** XORs the mask over the data modules; applying it twice undoes it. */
  applyMask(mask: number) {
    const rule = MASKS[mask] as (x: number, y: number) => boolean;
    for (let y = 0; y < this.size; y++) {
      const row = this.modules[y] as boolean[];
      for (let x = 0; x < this.size; x++) if (!(this.isFunction[y] as boolean[])[x] && rule(x, y)) row[x] = !row[x];
    }
  }
}

// ---- Mask penalty (§7.8.3) ----

const PENALTY_N1 = 3;
const PENALTY_N2 = 3;
const PENALTY_N3 = 40;
const PENALTY_N4 = 10;

export function penaltyScore(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length;
  const at = (x: number, y: number) => (modules[y] as readonly boolean[])[x] as boolean;
  let result = 0;

  // A 1:1:3:1:1 finder-like run with 4 light modules on one side; history holds the last 7 run lengths.
  const countPatterns = (history: number[]) => {
    const n = history[1] as number;
    const core = n > 0 && history[2] === n && history[3] === n * 3 && history[4] === n && history[5] === n;
    return (core && (history[0] as number) >= n * 4 && (history[6] as number) >= n ? 1 : 0) + (core && (history[6] as number) >= n * 4 && (history[0] as number) >= n ? 1 : 0);
  };
  const addHistory = (run: number, history: number[]) => {
    if (history[0] === 0) run += size; // the light border before the first run
    history.pop();
    history.unshift(run);
  };
  const terminate = (dark: boolean, run: number, history: number[]) => {
    if (dark) {
      addHistory(run, history);
      run = 0;
    }
    addHistory(run + size, history); // the light border after the last run
    return countPatterns(history);
  };

  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      let dark = false;
      let run = 0;
      const history = [0, 0, 0, 0, 0, 0, 0];
      for (let b = 0; b < size; b++) {
        const module = horizontal ? at(b, a) : at(a, b);
        if (module === dark) {
          run++;
          if (run === 5) result += PENALTY_N1;
          else if (run > 5) result++;
        } else {
          addHistory(run, history);
          if (!dark) result += countPatterns(history) * PENALTY_N3;
          dark = module;
          run = 1;
        }
      }
      result += terminate(dark, run, history) * PENALTY_N3;
    }
  }

  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const colour = at(x, y);
      if (colour === at(x + 1, y) && colour === at(x, y + 1) && colour === at(x + 1, y + 1)) result += PENALTY_N2;
    }
  }

  let dark = 0;
  for (const row of modules) for (const module of row) if (module) dark++;
  const total = size * size;
  result += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * PENALTY_N4;
  return result;
}

/** The smallest version (1–10) that holds `byteLength` bytes at a level, or null. */
export function versionFor(byteLength: number, level: QrLevel): number | null {
  for (let version = 1; version <= QR_MAX_VERSION; version++) {
    if (4 + countBits(version) + byteLength * 8 <= dataCodewords(version, level) * 8) return version;
  }
  return null;
}

/**
 * Encodes `text` (UTF-8) in byte mode, level M unless told; throws when it does not fit version
 * 10 (213 bytes at M). `forceMask` skips the penalty search.
 */
export function encodeQr(text: string, { level = 'M', forceMask }: { level?: QrLevel; forceMask?: number } = {}): QrCode {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length, level);
  if (version === null) throw new RangeError(`QR: ${bytes.length} bytes do not fit version ${QR_MAX_VERSION}-${level}`);
  const matrix = new Matrix(version, level);
  matrix.drawFunctionPatterns();
  matrix.drawCodewords(addErrorCorrection(encodeData(bytes, version, level), version, level));

  let mask = forceMask ?? -1;
  if (mask < 0) {
    let best = Infinity;
    for (let candidate = 0; candidate < MASKS.length; candidate++) {
      matrix.applyMask(candidate);
      matrix.drawFormat(candidate);
      const score = penaltyScore(matrix.modules);
      if (score < best) {
        best = score;
        mask = candidate;
      }
      matrix.applyMask(candidate);
    }
  }
  matrix.applyMask(mask);
  matrix.drawFormat(mask);
  return { version, size: matrix.size, mask, modules: matrix.modules };
}

/** An SVG path of the dark modules, one rectangle per horizontal run, offset by the quiet zone. */
export function qrPath(code: QrCode, quietZone: number): string {
  const parts: string[] = [];
  code.modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run++;
      parts.push(`M${x + quietZone} ${y + quietZone}h${run}v1h-${run}z`);
      x += run - 1;
    }
  });
  return parts.join('');
}
