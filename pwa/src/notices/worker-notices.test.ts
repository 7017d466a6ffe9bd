import { describe, expect, it } from 'vitest';
import { pushedNotice } from './worker-notices.ts';

const notice = { kind: 'coachMessage', title: 'Tiago escreveu para você', body: 'Pode trocar o arroz.', url: '/messages', tag: 'coach-message' };

describe('a push’s notice (issue 50)', () => {
  it('is the server’s notice as sent', () => {
    expect(pushedNotice(JSON.stringify(notice))).toEqual(notice);
  });

  it('is nothing for a push that is not the server’s: not JSON, a field missing, or a link out of the app', () => {
    expect(pushedNotice(null)).toBeNull();
    expect(pushedNotice('hello')).toBeNull();
    expect(pushedNotice(JSON.stringify({ ...notice, title: '' }))).toBeNull();
    expect(pushedNotice(JSON.stringify({ ...notice, url: 'https://evil.example/messages' }))).toBeNull();
    expect(pushedNotice(JSON.stringify({ ...notice, url: '//evil.example/messages' }))).toBeNull();
    expect(pushedNotice(JSON.stringify([notice]))).toBeNull();
  });
});
