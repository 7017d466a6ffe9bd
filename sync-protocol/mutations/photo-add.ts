/** `photo.add`: a progress photo taken on the device, keyed by a client UUIDv7 (issue 21). */
import { PHOTO_POSES, type ProgressPhoto } from '../conflict/rules.ts';
import { PHOTO_RECORD_ARGS } from './fields.ts';
import { notAfter } from './instants.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type MutatorContext } from './mutator.ts';

/** The record as the device made it; `stored` is the server's to set. */
export type PhotoAddArgs = Omit<ProgressPhoto, 'kind' | 'stored' | 'deleted'>;

export const photoAdd = defineMutator({
  name: 'photo.add',
  version: 1,
  tables: ['progressPhotos'],
  args: { id: 'uuid', createdAt: 'instant', pose: PHOTO_POSES, ...PHOTO_RECORD_ARGS },
  *apply(args: PhotoAddArgs, { now }: MutatorContext) {
    // The bytes follow the record: a replay on a device that already pulled `stored` keeps it.
    const photo: ProgressPhoto = { ...args, kind: 'progress', createdAt: notAfter(args.createdAt, now), stored: false, deleted: false };
    const stored = yield* use((storage) => storage.progressPhotos.insert(photo));
    if (stored === 'taken') return refused('ID_CONFLICT');
    return stored === 'inserted' ? changedResult : unchangedResult;
  },
});
