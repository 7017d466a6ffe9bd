/**
 * Longer than the gap between the two taps of a double tap, shorter than reading what appeared:
 * what the first tap brings up under the finger (a question, another tab's buttons) ignores taps
 * this long.
 */
export const DOUBLE_TAP_MS = 400;
