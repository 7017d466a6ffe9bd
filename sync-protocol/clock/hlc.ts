/**
 * Hybrid logical clock (Kulkarni et al.; the shape actualbudget/actual uses). A timestamp is
 * wall-clock milliseconds, a counter for events within one millisecond, and the node (device) id,
 * serialised so that plain string comparison is the causal order:
 *
 *   2026-11-21T20:55:00.000Z-000000-<node>
 *
 * The counter has 6 hex digits (16.7 million events per millisecond); if it ever fills, the clock
 * borrows the next millisecond instead of failing, so it cannot overflow.
 */
import { DASH, INSTANT_LENGTH, readInstant } from '../domain/calendar.ts';

export interface Hlc {
  millis: number;
  counter: number;
  node: string;
}

export const MAX_COUNTER = 0xffffff;

export function formatHlc({ millis, counter, node }: Hlc): string {
  return `${new Date(millis).toISOString()}-${counter.toString(16).padStart(6, '0')}-${node}`;
}

const NODE_MAX = 64;
/** A node id character: [A-Za-z0-9_-]. */
const isNodeChar = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === DASH;
/** Whether value[from..] is a node id: 1 to 64 of [A-Za-z0-9_-]. */
function isNodeAt(value: string, from: number): boolean {
  if (value.length <= from || value.length > from + NODE_MAX) return false;
  for (let i = from; i < value.length; i++) if (!isNodeChar(value.charCodeAt(i))) return false;
  return true;
}
/** A lowercase hex digit's value, or -1. */
const hexValue = (code: number) => (code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1);

const COUNTER_AT = INSTANT_LENGTH + 1;
const NODE_AT = COUNTER_AT + 7;

/** Read character by character: a push parses two or three timestamps per mutation. */
export function parseHlc(value: string): Hlc | null {
  if (typeof value !== 'string' || !isNodeAt(value, NODE_AT)) return null;
  if (value.charCodeAt(INSTANT_LENGTH) !== DASH || value.charCodeAt(NODE_AT - 1) !== DASH) return null;
  const millis = readInstant(value);
  if (millis === null || millis < 0) return null;
  let counter = 0;
  for (let i = COUNTER_AT; i < NODE_AT - 1; i++) {
    const digit = hexValue(value.charCodeAt(i));
    if (digit < 0) return null;
    counter = counter * 16 + digit;
  }
  return { millis, counter, node: value.slice(NODE_AT) };
}

export const isHlc = (value: unknown): value is string => typeof value === 'string' && parseHlc(value) !== null;

/** Total order: serialised timestamps compare as strings (fixed-width time and counter). */
export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const maxHlc = (a: string | null | undefined, b: string | null | undefined): string | null =>
  !a ? (b ?? null) : !b ? a : compareHlc(a, b) >= 0 ? a : b;

/**
 * A clock for one node. `last` restores the previous state (after a reload) so timestamps stay
 * monotonic even if the wall clock went backwards meanwhile.
 */
export function createClock(node: string, now: () => number = Date.now, last?: string | null) {
  if (!isNodeAt(node, 0)) throw new Error(`invalid HLC node id: ${node}`);
  const restored = last ? parseHlc(last) : null;
  let millis = restored?.millis ?? 0;
  let counter = restored?.counter ?? 0;

  const advance = (candidateMillis: number, candidateCounter: number) => {
    millis = candidateMillis;
    counter = candidateCounter;
    if (counter > MAX_COUNTER) {
      millis += 1;
      counter = 0;
    }
  };

  /** A new timestamp for a local event, later than every one this clock has seen. */
  const tick = (): string => {
    const wall = now();
    if (wall > millis) advance(wall, 0);
    else advance(millis, counter + 1);
    return formatHlc({ millis, counter, node });
  };

  /**
   * Merges a timestamp from elsewhere so later local events order after it. A device receives
   * what it pulls, so a change it makes after seeing another device's orders after that one,
   * however slow its own wall clock is.
   */
  const merge = (parsed: Hlc): void => {
    const wall = now();
    if (wall > millis && wall > parsed.millis) return advance(wall, 0);
    if (parsed.millis > millis) return advance(parsed.millis, parsed.counter + 1);
    if (parsed.millis === millis) return advance(millis, Math.max(counter, parsed.counter) + 1);
    advance(millis, counter + 1);
  };
  const receive = (remote: string): void => {
    const parsed = parseHlc(remote);
    if (parsed) merge(parsed);
  };

  return {
    node,
    now: tick,
    receive,
    /**
     * The timestamp to keep for a change stamped `remote` elsewhere (the server's use). One from
     * this clock's past is kept and merged; one from its future (a device clock running fast) is
     * replaced by this clock's next timestamp. So no stored timestamp is ever ahead of the server,
     * and the changes of one device, applied in its order, keep that order (ADR 007). `parsed` is
     * `remote` as already read (a push reads each HLC once).
     */
    stamp(remote: string, parsed: Hlc | null = parseHlc(remote)): string {
      if (parsed === null || parsed.millis > now()) return tick();
      merge(parsed);
      return remote;
    },
    /** The latest timestamp issued or received, for persisting across reloads. */
    last(): string {
      return formatHlc({ millis, counter, node });
    },
  };
}

export type Clock = ReturnType<typeof createClock>;
