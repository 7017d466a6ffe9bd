import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../replica.ts';
import { runMutator } from './mutator.ts';
import { messagesRead } from './messages-read.ts';

describe('messages.read (issue 22)', () => {
  it('marks the thread read up to the coach’s message on a phone whose clock is ten minutes slow', () => {
    const store = createMemoryStore();
    const sentAt = '2026-11-28T15:00:00.000Z'; // the server's receipt of the coach's answer
    const deviceNow = Date.parse(sentAt) - 10 * 60_000;
    const result = runMutator(messagesRead.apply({ upTo: sentAt }, { hlc: '', localDate: '2026-11-28', now: deviceNow }), store.synchronous);
    expect(result.ok).toBe(true);
    expect(store.rows.messageThreads.get('thread')?.clientReadUpTo).toBe(sentAt);
  });
});
