/** `message.delete`: the client takes back one of their messages within five minutes (issue 22). */
import { applyMessageDelete } from '../conflict/rules.ts';
import { defineMutator, update, type MutatorContext } from './mutator.ts';

export interface MessageDeleteArgs {
  id: string;
}

export const messageDelete = defineMutator({
  name: 'message.delete',
  version: 1,
  tables: ['messages'],
  args: { id: 'uuid' },
  *apply(args: MessageDeleteArgs, { now }: MutatorContext) {
    return yield* update('messages', args.id, (current) => applyMessageDelete(current, 'client', now));
  },
});
