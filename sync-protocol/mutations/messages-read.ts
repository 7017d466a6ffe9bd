/** `messages.read`: the client has read their thread up to an instant (issue 22); the coach sees it as read. */
import { applyReadMark, THREAD_ID } from '../conflict/rules.ts';
import { notAfter } from './instants.ts';
import { defineMutator, update, type MutatorContext } from './mutator.ts';

export interface MessagesReadArgs {
  upTo: string;
}

export const messagesRead = defineMutator({
  name: 'messages.read',
  version: 1,
  tables: ['messageThreads'],
  args: { upTo: 'instant' },
  *apply(args: MessagesReadArgs, { now }: MutatorContext) {
    return yield* update('messageThreads', THREAD_ID, (current) => applyReadMark(current, 'client', notAfter(args.upTo, now)));
  },
});
