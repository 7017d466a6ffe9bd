import { translateTextsSchema } from '#protocol/schemas/translate.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { validateBody } from '../http/validate.ts';

/** SPEC §7 POST /translate-texts: any signed-in reader of a diet. */
export function translateRoutes(deps: AppDeps) {
  const r = createRouter('/api');

  r.post('/translate-texts', 'signedIn', async (c) => {
    const input = await validateBody(c, translateTextsSchema);
    return c.json(await deps.translateTexts(currentUser(c).id, input, c.get('locale')));
  });

  return r;
}
