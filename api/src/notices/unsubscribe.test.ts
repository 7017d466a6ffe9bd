import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';

const SECRET = 'a-secret-of-the-app-for-tests-only-0123';

describe('the one-click unsubscribe token (issue 50)', () => {
  it('names the person and the kind it was made for', () => {
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, 'user-1', 'coachMessage'))).toEqual({ userId: 'user-1', kind: 'coachMessage' });
  });

  it('is refused when another kind or person is put in it, when cut, when signed with another secret, or when it is not text', () => {
    const token = unsubscribeToken(SECRET, 'user-1', 'coachMessage');
    const [, signature] = token.split('.');
    const forged = `${Buffer.from('user-2.coachMessage').toString('base64url')}.${signature}`;
    const otherKind = `${Buffer.from('user-1.payment').toString('base64url')}.${signature}`;
    for (const bad of [forged, otherKind, token.slice(0, -2), `${token}.x`, unsubscribeToken('another-secret-entirely-0123456789', 'user-1', 'coachMessage'), 42, null, 'x'.repeat(400)]) {
      expect(readUnsubscribeToken(SECRET, bad)).toBeNull();
    }
  });
});
