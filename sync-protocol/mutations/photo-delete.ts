/** `photo.delete`: a progress photo removed; a tombstone, and the server erases its files. */
import { applyPhotoDelete } from '../conflict/rules.ts';
import { defineMutator, update } from './mutator.ts';

export interface PhotoDeleteArgs {
  id: string;
}

export const photoDelete = defineMutator({
  name: 'photo.delete',
  version: 1,
  tables: ['progressPhotos'],
  args: { id: 'uuid' },
  *apply(args: PhotoDeleteArgs) {
    return yield* update('progressPhotos', args.id, applyPhotoDelete);
  },
});
