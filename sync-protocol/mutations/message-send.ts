/** `message.send`: a client's message to their coaching team (issue 22), keyed by a client UUIDv7. */
import type { Message } from '../conflict/rules.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type MutatorContext } from './mutator.ts';

export interface MessageSendArgs {
  id: string;
  createdAt: string;
  body: string;
}

export const messageSend = defineMutator({
  name: 'message.send',
  version: 1,
  tables: ['messages'],
  args: { id: 'uuid', createdAt: 'instant', body: 'messageBody' },
  *apply(args: MessageSendArgs, { now }: MutatorContext) {
    // Received now: on the server that is the thread's order; on the device, until the pull.
    const message: Message = { ...args, createdAt: notAfter(args.createdAt, now), sentAt: new Date(now).toISOString(), from: 'client', senderName: null, deleted: false };
    const stored = yield* use((storage) => storage.messages.insert(message));
    if (stored === 'taken') return refused('ID_CONFLICT');
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});
