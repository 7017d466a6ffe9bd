import { DomainError } from '#protocol/errors.ts';
import { isPlanId } from '#protocol/domain/plans.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { readJsonObject } from '../http/validate.ts';

/** SPEC §7 subscriptions. Price and dates always come from the plan, never from the body. */
export function subscriptionRoutes(deps: AppDeps) {
  return createRouter('/api/subscriptions')
    .get('/active', 'signedIn', async (c) => c.json({ subscription: await deps.subscriptions.current(currentUser(c).id) }))

    .post('/trial', 'signedIn', async (c) => {
      await readJsonObject(c); // an empty JSON body (SPEC §7); anything else is still refused cleanly
      const subscription = await deps.subscriptions.startTrial(currentUser(c).id, c.get('locale'));
      return c.json({ subscription }, 201);
    })

    /**
     * Demo payments mode activates the chosen plan directly (the default outside production);
     * otherwise a paid plan is activated only by the signed payment webhook or an admin.
     */
    .post('/', 'signedIn', async (c) => {
      const body = await readJsonObject(c);
      const plan = [body.planId, body.internalPlanId].find(isPlanId);
      if (!plan) throw new DomainError('PLAN_NOT_FOUND');
      if (deps.config.paymentsMode !== 'demo') throw new DomainError('PAYMENT_REQUIRED');
      const subscription = await deps.subscriptions.activate(currentUser(c).id, plan, c.get('locale'), 'demo', null);
      return c.json({ subscription }, 201);
    });
}
