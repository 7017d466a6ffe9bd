import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usedBefore } from './install-prompt.ts';

// The module's store reads (and so writes) the first-opened day when it loads, by the real clock:
// each test starts from a device that has never opened the app.
beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('usedBefore: whether this device has seen the client use the app (the install banner waits for it)', () => {
  it('is false on the first day the app opens here, and true from the next day on, after local midnight', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 27, 23, 50) });
    expect(usedBefore()).toBe(false);
    expect(localStorage.getItem('leve.firstOpenedOn')).toBe('2026-11-27');
    vi.setSystemTime(new Date(2026, 10, 27, 23, 59));
    expect(usedBefore()).toBe(false);
    vi.setSystemTime(new Date(2026, 10, 28, 0, 5));
    expect(usedBefore()).toBe(true);
  });

  it('is true once a change was saved on this device, even on the first day', () => {
    expect(usedBefore()).toBe(false);
    localStorage.setItem('leve.changeSaved', '1');
    expect(usedBefore()).toBe(true);
  });
});
