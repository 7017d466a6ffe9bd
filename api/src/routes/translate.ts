import { translateTextsSchema } from '#protocol/schemas/translate.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { jsonBody } from '../http/validate.ts';

/** SPEC §7 POST /translate-texts: any signed-in reader of a diet. */
export function translateRoutes(deps: AppDeps) {
  return createRouter('/api')
    .post('/translate-texts', 'signedIn', jsonBody(translateTextsSchema), async (c) => {
      const input = c.req.valid('json');
      return c.json(await deps.translateTexts(currentUser(c).id, input, c.get('locale')));
    });
}
