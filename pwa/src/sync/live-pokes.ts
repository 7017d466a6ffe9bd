/**
 * Pokes for the online screens (issue 22, ADR 028). A poke says something changed for this user
 * on the server; the synced screens hear of it through the pull it starts, but the staff's
 * screens read REST (a coach's threads), so they listen here and fetch again. One tab per user
 * holds the stream (live-updates.ts); it passes each poke to the user's other tabs on a
 * BroadcastChannel, so a thread open in a second tab refreshes too.
 */
import { useEffect, useRef } from 'react';

const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of [...listeners]) listener();
};

/** This tab's end of the user's channel; returns the call that closes it (sign-out). */
export function openPokeRelay(userId: string): { announce: () => void; close: () => void } {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`leve-pokes-${userId}`);
  if (channel) channel.onmessage = tell;
  return {
    // A channel does not deliver to its own sender: this tab is told directly.
    announce: () => {
      tell();
      channel?.postMessage('poke');
    },
    close: () => channel?.close(),
  };
}

/** Calls `listener` at every poke, in whichever tab holds the stream; returns the call that stops. */
export function onLivePoke(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `onLivePoke` for a component: the latest `callback` runs at every poke while it is mounted. */
export function useLivePokes(callback: () => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => onLivePoke(() => latest.current()), []);
}
