import { useCallback, useEffect, useState } from 'react';
import type { SetTexts } from './typed-set.ts';

/**
 * What a session's screen holds that is not a synced change (ADR 030): the rows offered for sets
 * not yet done, what was typed in them, and the rest under way. Kept in this browser's storage
 * under the session's id, so that a reload, a closed app or a restarted phone resumes exactly
 * where the client was; a set marked done is a change in the outbox, not a draft.
 */
export interface SessionDraft {
  /** Rows shown per exercise, where the client added or removed one. */
  rows: Record<string, number>;
  /** What was typed in a row not yet done, by `exerciseId:position`. */
  typed: Record<string, Partial<SetTexts>>;
  /** The rest under way: when it ends (wall clock, ms) and how long it was. */
  rest: { endsAt: number; seconds: number } | null;
}

const EMPTY: SessionDraft = { rows: {}, typed: {}, rest: null };
const storageKey = (sessionId: string) => `leve-workout-draft:${sessionId}`;

function read(sessionId: string): SessionDraft {
  try {
    const stored = localStorage.getItem(storageKey(sessionId));
    return stored ? { ...EMPTY, ...(JSON.parse(stored) as Partial<SessionDraft>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Forgets a session's draft: it was finished or discarded. */
export function forgetDraft(sessionId: string): void {
  localStorage.removeItem(storageKey(sessionId));
}

export const rowKey = (exerciseId: string, position: number) => `${exerciseId}:${position}`;

export function useSessionDraft(sessionId: string) {
  const [draft, setDraft] = useState<SessionDraft>(() => read(sessionId));
  useEffect(() => setDraft(read(sessionId)), [sessionId]);
  const change = useCallback(
    (update: (draft: SessionDraft) => SessionDraft) =>
      setDraft((current) => {
        const next = update(current);
        try {
          localStorage.setItem(storageKey(sessionId), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the draft lives on this screen only; done sets are in the outbox all the same.
        }
        return next;
      }),
    [sessionId],
  );
  return [draft, change] as const;
}

const DEFAULT_REST_KEY = 'leve-workout-default-rest';
/** The rest when the plan's text says none the timer can read (ADR 030). */
export const DEFAULT_REST_SECONDS = 90;
export const DEFAULT_REST_CHOICES = [30, 45, 60, 90, 120, 180, 240] as const;

/** The client's default rest on this device. */
export function useDefaultRest() {
  const [seconds, setSeconds] = useState(() => {
    const stored = Number(localStorage.getItem(DEFAULT_REST_KEY));
    return (DEFAULT_REST_CHOICES as readonly number[]).includes(stored) ? stored : DEFAULT_REST_SECONDS;
  });
  const choose = useCallback((value: number) => {
    localStorage.setItem(DEFAULT_REST_KEY, String(value));
    setSeconds(value);
  }, []);
  return [seconds, choose] as const;
}
