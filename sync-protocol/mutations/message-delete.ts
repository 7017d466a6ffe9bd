/** `message.delete`: the client takes back one of their messages within five minutes (issue 22). */
import { applyMessageDelete, applyMessagePhotoDelete } from '../conflict/rules.ts';
import { defineMutator, update, use, type MutatorContext } from './mutator.ts';

export interface MessageDeleteArgs {
  id: string;
}

export const messageDelete = defineMutator({
  name: 'message.delete',
  version: 1,
  tables: ['messages', 'progressPhotos'],
  args: { id: 'uuid' },
  *apply(args: MessageDeleteArgs, { now }: MutatorContext) {
    const result = yield* update('messages', args.id, (current) => applyMessageDelete(current, 'client', now));
    // Its photo disappears with it, for both sides (the server then erases the files).
    const photoId = result.ok && result.changed ? (yield* use((storage) => storage.messages.get(args.id)))?.photoId : null;
    if (photoId) yield* update('progressPhotos', photoId, applyMessagePhotoDelete);
    return result;
  },
});
