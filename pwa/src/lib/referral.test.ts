import { beforeEach, describe, expect, it } from 'vitest';
import { rememberedReferral, rememberReferral } from './referral.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('referral from a link', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a valid ?ref= code, upper case, for 30 days', () => {
    rememberReferral('?ref=prof123', 0);
    expect(rememberedReferral(29 * DAY)).toBe('PROF123');
    expect(rememberedReferral(30 * DAY)).toBeNull();
  });

  it('ignores a malformed code and keeps the previous one', () => {
    rememberReferral('?ref=GOOD1', 0);
    rememberReferral('?ref=bad-code', DAY);
    expect(rememberedReferral(DAY)).toBe('GOOD1');
  });

  it('survives garbage in storage', () => {
    localStorage.setItem('leve.referral', '{not json');
    expect(rememberedReferral()).toBeNull();
  });
});
