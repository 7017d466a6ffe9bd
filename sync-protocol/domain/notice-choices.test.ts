import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_CHOICES, isWallTime, noticeChoicesOf, noticeKindsFor } from './notice-choices.ts';
import { noticeFieldsOf, withNoticeFields } from './notice-fields.ts';

describe('notice choices (issue 50, ADR 032)', () => {
  it('default to push for everything and e-mail only for money and a plan’s end', () => {
    const byEmail = Object.entries(DEFAULT_NOTICE_CHOICES).filter(([, choice]) => choice.email).map(([kind]) => kind);
    expect(byEmail.sort()).toEqual(['payment', 'payoutPaid', 'planEnding', 'trialEnding']);
    expect(Object.values(DEFAULT_NOTICE_CHOICES).every((choice) => choice.push)).toBe(true);
  });

  it('read what was stored over the defaults and ignore what is not a kind or a channel', () => {
    const choices = noticeChoicesOf({ weighIn: { push: false }, coachMessage: { email: true, sms: true }, tips: { push: true }, payment: 'off' });
    expect(choices.weighIn).toEqual({ push: false, email: false });
    expect(choices.coachMessage).toEqual({ push: true, email: true });
    expect(choices.payment).toEqual({ push: true, email: true });
    expect(Object.keys(choices)).not.toContain('tips');
    expect(noticeChoicesOf(null)).toEqual(DEFAULT_NOTICE_CHOICES);
  });

  it('are merged one channel of one kind at a time: a change is a field per kind and channel, applied over what was chosen', () => {
    const fields = noticeFieldsOf({ weighIn: { push: false }, payment: { email: false, push: true } });
    expect(fields).toEqual({ 'notices.weighIn.push': false, 'notices.payment.push': true, 'notices.payment.email': false });
    const chosen = { weighIn: { email: true } };
    const next = withNoticeFields(chosen, { 'notices.weighIn.push': false, 'notices.payment.email': false, name: 'x' });
    expect(next).toEqual({ weighIn: { email: true, push: false }, payment: { email: false } });
    expect(chosen).toEqual({ weighIn: { email: true } });
    expect(noticeChoicesOf(next).payment).toEqual({ push: true, email: false });
  });

  it('offer clients their reminders and staff their students’ news', () => {
    expect(noticeKindsFor('user')).toContain('weighIn');
    expect(noticeKindsFor('user')).not.toContain('studentMessage');
    expect(noticeKindsFor('teacher')).toEqual(noticeKindsFor('admin'));
    expect(noticeKindsFor('teacher')).toContain('payoutPaid');
  });

  it('check what a time must look like', () => {
    expect(['07:30', '00:00', '23:59'].map(isWallTime)).toEqual([true, true, true]);
    expect(['7:30', '24:00', '12:60', '', 730, null].map(isWallTime)).toEqual([false, false, false, false, false, false]);
  });
});
