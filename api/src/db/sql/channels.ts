import { checkChannel, type ChannelListener } from './port.ts';

/** The listeners of each channel in this process; what a port's `notify` delivers to. */
export function createChannels() {
  const channels = new Map<string, Set<ChannelListener>>();
  return {
    listen(channel: string, listener: ChannelListener, first?: () => void): () => void {
      let set = channels.get(checkChannel(channel));
      if (!set) {
        channels.set(channel, (set = new Set()));
        first?.();
      }
      set.add(listener);
      return () => void set.delete(listener);
    },
    deliver(channel: string, payload: string): void {
      for (const listener of channels.get(channel) ?? []) listener.heard(payload);
    },
    lost(): void {
      for (const set of channels.values()) for (const listener of set) listener.lost();
    },
    names: () => [...channels.keys()],
  };
}
