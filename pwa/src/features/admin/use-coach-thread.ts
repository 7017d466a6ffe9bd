import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoachMessage, CoachThreadPage } from '#protocol/contract/messages.ts';
import type { MessageThread } from '#protocol/conflict/rules.ts';
import { useLivePokes } from '#pwa/sync/live-pokes.ts';
import { coachApi } from './admin-api.ts';

interface ThreadState {
  /** Every message loaded so far, by id: a reload of the newest page updates them in place. */
  byId: ReadonlyMap<string, CoachMessage>;
  /** Where the next older page starts; null at the thread's start. */
  before: string | null;
  marks: MessageThread | null;
  loaded: boolean;
  error: unknown;
}

const bySentAt = (a: CoachMessage, b: CoachMessage) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id);

/**
 * A client's thread as their coach reads it (issue 22): the newest page at once, older pages on
 * demand, and the newest page again at every poke, so a client's message shows within seconds
 * (with the pages between it and what is shown, after a burst).
 */
export function useCoachThread(clientId: string) {
  const [state, setState] = useState<ThreadState>({ byId: new Map(), before: null, marks: null, loaded: false, error: null });
  const latest = useRef(0);
  const shown = useRef(state.byId);
  shown.current = state.byId;

  const merge = useCallback((pages: CoachThreadPage[], older: boolean) => {
    setState((s) => {
      const byId = new Map(s.byId);
      for (const page of pages) for (const message of page.messages) byId.set(message.id, message);
      const oldest = pages[pages.length - 1] as CoachThreadPage;
      // The newest pages again keep the cursor of the older pages already shown.
      const before = older || !s.loaded ? oldest.before : s.before;
      return { byId, before, marks: (pages[0] as CoachThreadPage).thread, loaded: true, error: null };
    });
  }, []);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      // More new messages than a page holds: read back until a message already shown, so none is skipped.
      const pages = [await coachApi.page(clientId, null)];
      const known = shown.current;
      const reachesShown = (page: CoachThreadPage) => known.size === 0 || page.before === null || page.messages.some((m) => known.has(m.id));
      while (!reachesShown(pages[pages.length - 1] as CoachThreadPage)) pages.push(await coachApi.page(clientId, (pages[pages.length - 1] as CoachThreadPage).before));
      if (request === latest.current) merge(pages, false);
    } catch (error) {
      console.error('coach-thread.load', error);
      if (request === latest.current) setState((s) => ({ ...s, error }));
    }
  }, [clientId, merge]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useLivePokes(() => void reload());

  const loadOlder = useCallback(async () => {
    if (!state.before) return;
    try {
      merge([await coachApi.page(clientId, state.before)], true);
    } catch (error) {
      console.error('coach-thread.older', error);
      setState((s) => ({ ...s, error }));
    }
  }, [clientId, merge, state.before]);

  /** A message the server confirmed (sent, deleted): shown at once, before the poke's reload. */
  const put = useCallback((message: CoachMessage) => setState((s) => ({ ...s, byId: new Map(s.byId).set(message.id, message) })), []);
  const setMarks = useCallback((marks: MessageThread) => setState((s) => ({ ...s, marks })), []);

  return {
    messages: state.loaded ? [...state.byId.values()].sort(bySentAt) : null,
    marks: state.marks,
    hasOlder: state.before !== null,
    error: state.error,
    reload,
    loadOlder,
    put,
    setMarks,
  };
}
