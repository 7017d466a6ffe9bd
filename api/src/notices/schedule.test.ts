import { describe, expect, it } from 'vitest';
import { afterQuietHours, instantOf, nextOccurrence } from './schedule.ts';

const NY = 'America/New_York';
const SP = 'America/Sao_Paulo';
const BA = 'America/Argentina/Buenos_Aires';
const at = (iso: string) => Date.parse(iso);
const iso = (instant: number | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

describe('a wall time in the person’s zone (issue 50, ADR 032)', () => {
  it('is the instant the zone’s clocks read it: São Paulo and Buenos Aires at UTC−3, New York on either side of its changes', () => {
    expect(iso(instantOf(SP, '2026-12-01', '07:30'))).toBe('2026-12-01T10:30:00.000Z');
    expect(iso(instantOf(BA, '2026-12-01', '07:30'))).toBe('2026-12-01T10:30:00.000Z');
    expect(iso(instantOf(NY, '2027-03-13', '07:30'))).toBe('2027-03-13T12:30:00.000Z'); // EST
    expect(iso(instantOf(NY, '2027-03-14', '07:30'))).toBe('2027-03-14T11:30:00.000Z'); // EDT
    expect(iso(instantOf(NY, '2027-11-07', '07:30'))).toBe('2027-11-07T12:30:00.000Z'); // EST again
  });

  it('takes a time the spring change skips as the clocks do (02:30 is 03:30 EDT) and a time the autumn change repeats at its first', () => {
    expect(iso(instantOf(NY, '2027-03-14', '02:30'))).toBe('2027-03-14T07:30:00.000Z');
    expect(iso(instantOf(NY, '2027-11-07', '01:30'))).toBe('2027-11-07T05:30:00.000Z');
  });
});

describe('the next weigh-in reminder', () => {
  it('comes at 07:30 local each chosen day, 23 hours after the last across the spring change and 25 across the autumn one', () => {
    const spring = nextOccurrence(NY, '07:30', EVERY_DAY, at('2027-03-13T12:30:00Z'));
    expect(spring).toEqual({ localDate: '2027-03-14', dueAt: at('2027-03-14T11:30:00Z') });
    const autumn = nextOccurrence(NY, '07:30', EVERY_DAY, at('2027-11-06T11:30:00Z'));
    expect(autumn).toEqual({ localDate: '2027-11-07', dueAt: at('2027-11-07T12:30:00Z') });
  });

  it('is today’s when today’s time is still ahead, else the next chosen weekday’s, and none with no day chosen', () => {
    expect(nextOccurrence(SP, '07:30', EVERY_DAY, at('2026-12-01T09:00:00Z'))).toEqual({ localDate: '2026-12-01', dueAt: at('2026-12-01T10:30:00Z') });
    // Saturday 13 March 2027, reminders on Mondays only.
    expect(nextOccurrence(NY, '07:30', [1], at('2027-03-13T15:00:00Z'))).toEqual({ localDate: '2027-03-15', dueAt: at('2027-03-15T11:30:00Z') });
    // Late on a Monday in Buenos Aires, after its reminder: the next Monday.
    expect(nextOccurrence(BA, '07:30', [1], at('2026-11-30T23:00:00Z'))).toEqual({ localDate: '2026-12-07', dueAt: at('2026-12-07T10:30:00Z') });
    expect(nextOccurrence(SP, '07:30', [], at('2026-12-01T09:00:00Z'))).toBeNull();
  });
});

describe('quiet hours', () => {
  it('hold a notice due inside them until they end, the same morning or the next', () => {
    // 23:10 in São Paulo on 1 December: held until 07:00 on the 2nd.
    expect(iso(afterQuietHours(SP, at('2026-12-02T02:10:00Z'), '22:00', '07:00'))).toBe('2026-12-02T10:00:00.000Z');
    // 06:00 on the 2nd: held until 07:00 that morning.
    expect(iso(afterQuietHours(SP, at('2026-12-02T09:00:00Z'), '22:00', '07:00'))).toBe('2026-12-02T10:00:00.000Z');
    // Noon: sent at once.
    expect(iso(afterQuietHours(SP, at('2026-12-02T15:00:00Z'), '22:00', '07:00'))).toBe('2026-12-02T15:00:00.000Z');
    // A window within one day, 13:00–14:00.
    expect(iso(afterQuietHours(BA, at('2026-12-02T16:30:00Z'), '13:00', '14:00'))).toBe('2026-12-02T17:00:00.000Z');
  });

  it('end at 07:00 by the clocks of that morning, across New York’s autumn change', () => {
    // 23:00 EDT on 6 November 2027; the clocks go back in the night: 07:00 EST is 12:00 UTC.
    expect(iso(afterQuietHours(NY, at('2027-11-07T03:00:00Z'), '22:00', '07:00'))).toBe('2027-11-07T12:00:00.000Z');
  });

  it('are none when they start and end at the same time', () => {
    expect(afterQuietHours(SP, at('2026-12-02T02:10:00Z'), '22:00', '22:00')).toBe(at('2026-12-02T02:10:00Z'));
  });
});
