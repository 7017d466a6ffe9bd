import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';

/**
 * SPEC §7 GET /my-diets and /my-workouts: published content only, and only with an active paid
 * plan (SPEC §4, enforced here, not only in the UI). Otherwise the list is empty and `gate` says
 * which prompt to show: 'trial' or 'noPlan'.
 */
export function myContentRoutes(deps: AppDeps) {
  return createRouter('/api')
    .get('/my-diets', 'signedIn', async (c) => {
      const userId = currentUser(c).id;
      const gate = await deps.subscriptions.gate(userId);
      return c.json({ diets: gate === 'open' ? await deps.plans.publishedDiets(userId) : [], gate });
    })

    .get('/my-workouts', 'signedIn', async (c) => {
      const userId = currentUser(c).id;
      const gate = await deps.subscriptions.gate(userId);
      return c.json({ workouts: gate === 'open' ? await deps.plans.publishedWorkouts(userId) : [], gate });
    });
}
