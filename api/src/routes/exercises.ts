import { DomainError } from '#protocol/errors.ts';
import type { ExerciseImageTestResponse } from '#protocol/contract/staff.ts';
import { matchExercises } from '../ai/builtin/exercise-match.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { MAX_IMAGE_BYTES, sniffImageType } from '../services/image-upload.ts';

/** The test's upload: an image of up to 5 MB plus the multipart framing. */
const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/** SPEC §2 hidden test dialog: identify the exercise in a photo and match it to the catalog. */
export function exerciseRoutes(deps: AppDeps) {
  return createRouter('/api/exercises')
    .post('/test-with-attached-image', { access: 'staff', maxBodyBytes: MAX_UPLOAD_BODY_BYTES }, async (c) => {
      if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) throw new DomainError('UNSUPPORTED_IMAGE');
      let image: unknown;
      try {
        image = (await c.req.parseBody())['image'];
      } catch {
        throw new DomainError('UNSUPPORTED_IMAGE');
      }
      if (!(image instanceof File) || image.size === 0 || image.size > MAX_IMAGE_BYTES) throw new DomainError('UNSUPPORTED_IMAGE');
      const bytes = new Uint8Array(await image.arrayBuffer());
      const mime = sniffImageType(bytes);
      if (!mime) throw new DomainError('UNSUPPORTED_IMAGE');

      const { exercise, model } = await deps.generation.identifyExercise(currentUser(c).id, { mime, bytes });
      const matches = matchExercises(exercise);
      const body: ExerciseImageTestResponse = {
        success: true,
        identifiedExercise: exercise,
        matchedExercises: matches,
        workflow: [
          { step: 'validateImage', status: 'ok', detail: `${mime}, ${Math.ceil(bytes.length / 1024)} KB` },
          { step: 'identifyExercise', status: 'ok', detail: model },
          { step: 'matchCatalog', status: matches.length > 0 ? 'ok' : 'skipped', detail: String(matches.length) },
        ],
      };
      return c.json(body);
    });
}
