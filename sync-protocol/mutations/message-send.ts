/** `message.send`: a client's message to their coaching team (issue 22), keyed by a client UUIDv7. */
import type { Message, MessagePhoto } from '../conflict/rules.ts';
import type { MessagePhotoArgs } from './fields.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type MutatorContext } from './mutator.ts';

export interface MessageSendArgs {
  id: string;
  createdAt: string;
  /** The text; empty only beside a photo. */
  body: string;
  /** A photo taken or chosen on the device, sent with the text; its files follow as a progress photo's do. */
  photo?: MessagePhotoArgs;
}

export const messageSend = defineMutator({
  name: 'message.send',
  // v2: a photo may go with the text (and then the text may be empty); v1's arguments are v2's.
  version: 2,
  upgrade: { 1: (args) => args },
  tables: ['messages', 'progressPhotos'],
  args: { id: 'uuid', createdAt: 'instant', body: (args) => (args.photo === undefined ? 'messageBody' : 'messageCaption'), photo: 'messagePhoto?' },
  *apply({ photo, ...args }: MessageSendArgs, { now }: MutatorContext) {
    const createdAt = notAfter(args.createdAt, now);
    if (photo) {
      // The photo first: a push refused after a write keeps the write, and an id of someone
      // else's photo must leave no message behind. Its own row again is a replay of this message.
      const record: MessagePhoto = { ...photo, kind: 'message', pose: null, createdAt, stored: false, deleted: false };
      const stored = yield* use((storage) => storage.progressPhotos.insert(record));
      if (stored === 'taken') return refused('ID_CONFLICT');
      if (stored === 'exists') {
        const sent = yield* use((storage) => storage.messages.get(args.id));
        return sent?.photoId === photo.id ? unchangedResult : refused('ID_CONFLICT');
      }
    }
    // Received now: on the server that is the thread's order; on the device, until the pull.
    const message: Message = { ...args, createdAt, sentAt: new Date(now).toISOString(), from: 'client', senderName: null, photoId: photo?.id ?? null, deleted: false };
    const stored = yield* use((storage) => storage.messages.insert(message));
    if (stored === 'taken') return refused('ID_CONFLICT');
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});
