import { describe, expect, it } from 'vitest';
import { clientWithNoAnswers, type ProfileDto } from '../contract/clients.ts';
import { DEFAULT_NOTICE_CHOICES, noticeChoicesOf } from '../domain/notice-choices.ts';
import { createMemoryStore } from '../replica.ts';
import { runMutator } from './mutator.ts';
import { profileUpdate } from './profile-update.ts';

const context = (hlc: string) => ({ hlc, localDate: '2026-11-30', now: Date.parse('2026-11-30T12:00:00Z') });
const profile = (): ProfileDto => ({ ...clientWithNoAnswers({ id: 'u1', name: 'Ana', email: 'ana@example.com', createdAt: '2026-11-01T12:00:00.000Z' }), profileHlcs: {} });

describe('profile.update of the notice switches (issue 50, ADR 032)', () => {
  it('merges each kind’s channel on its own: an older change to one switch loses, a change to another switch still counts', () => {
    const store = createMemoryStore();
    store.profile.value = profile();
    runMutator(profileUpdate.apply({ fields: { notices: { weighIn: { push: false } } } }, context('0000000000002:0000:b')), store.synchronous);
    runMutator(profileUpdate.apply({ fields: { notices: { weighIn: { push: true, email: true } } } }, context('0000000000001:0000:a')), store.synchronous);
    expect(store.profile.value?.notices).toEqual({ weighIn: { push: false, email: true } });
    expect(noticeChoicesOf(store.profile.value?.notices).payment).toEqual(DEFAULT_NOTICE_CHOICES.payment);
  });

  it('applies a switch on a device whose profile was pulled before notices existed', () => {
    const store = createMemoryStore();
    const { notices: _none, ...older } = profile();
    store.profile.value = older as ProfileDto;
    const result = runMutator(profileUpdate.apply({ fields: { notices: { coachMessage: { email: true } } } }, context('0000000000001:0000:a')), store.synchronous);
    expect(result).toEqual({ ok: true, changed: true });
    expect(store.profile.value?.notices).toEqual({ coachMessage: { email: true } });
  });
});
