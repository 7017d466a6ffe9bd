/** `messages.read`: the client has read their thread up to an instant (issue 22); the coach sees it as read. */
import { applyReadMark, THREAD_ID } from '../conflict/rules.ts';
import { defineMutator, update } from './mutator.ts';

export interface MessagesReadArgs {
  /** The server's receipt of the newest coach message the client has seen. */
  upTo: string;
}

export const messagesRead = defineMutator({
  name: 'messages.read',
  version: 1,
  tables: ['messageThreads'],
  args: { upTo: 'instant' },
  // Not held to "now": `upTo` is a receipt on the server's clock, and a phone whose clock is slow
  // would otherwise keep the coach's answer unread. A mark only speaks of the client's own reading.
  *apply(args: MessagesReadArgs) {
    return yield* update('messageThreads', THREAD_ID, (current) => applyReadMark(current, 'client', args.upTo));
  },
});
