import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { CoachMessage, CoachThreadPage } from '#protocol/contract/messages.ts';
import { openPokeRelay } from '#pwa/sync/live-pokes.ts';
import { json, stubApi } from '#pwa/test/screen-harness.tsx';
import { useCoachThread } from './use-coach-thread.ts';

afterEach(() => vi.unstubAllGlobals());

/** The client's `n`th message of the day, sent `n` minutes after 08:00. */
const message = (id: string, n: number): CoachMessage => ({
  id,
  createdAt: new Date(Date.UTC(2026, 10, 28, 8, n)).toISOString(),
  sentAt: new Date(Date.UTC(2026, 10, 28, 8, n)).toISOString(),
  from: 'client',
  senderName: null,
  body: `mensagem ${id}`,
  deleted: false,
  photoId: null,
  photoStored: false,
  mine: false,
});
const range = (prefix: string, from: number, to: number, minuteOffset = 0) => Array.from({ length: to - from + 1 }, (_, i) => message(`${prefix}${from + i}`, minuteOffset + from + i));
const page = (messages: CoachMessage[], before: string | null): CoachThreadPage => ({ messages: [...messages].reverse(), before, thread: { id: 'c1', clientReadUpTo: null, coachReadUpTo: null } as never });

describe('useCoachThread (issue 22)', () => {
  it('after a burst of more new messages than a page holds, shows every one of them: it reads back until the messages it already had', async () => {
    const first = range('m', 1, 30);
    const burst = range('n', 1, 35, 100);
    let newest = page(first, 'older-than-m1');
    stubApi({
      'GET /coach/threads/c1/messages': () => json(newest),
      // The page before the newest after the burst: the rest of the burst and the end of what was shown.
      'GET /coach/threads/c1/messages?before=older-than-n6': () => json(page([...first.slice(25), ...burst.slice(0, 5)], 'older-than-m26')),
    });
    const { result } = renderHook(() => useCoachThread('c1'));
    await waitFor(() => expect(result.current.messages).toHaveLength(30));

    newest = page(burst.slice(5), 'older-than-n6');
    const relay = openPokeRelay('coach');
    act(() => relay.announce());
    relay.close();
    await waitFor(() => expect(result.current.messages?.map((m) => m.id)).toEqual([...first, ...burst].map((m) => m.id)));
    // What is older than the first page shown is still there to load.
    expect(result.current.hasOlder).toBe(true);
  });
});
