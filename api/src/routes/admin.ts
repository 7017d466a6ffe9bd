import { dietPlanInputSchema, planTranslationEditSchema, workoutPlanInputSchema, type DietPlanInput, type PlanFormBody, type WorkoutPlanInput } from '#protocol/schemas/plans.ts';
import { payoutStatusSchema } from '#protocol/schemas/teachers.ts';
import { toLocale } from '#protocol/i18n/locales.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, type OrderStatus, type PaymentProvider } from '#protocol/domain/orders.ts';
import type { AppDeps } from '../deps.ts';
import { translate } from '../i18n/translate.ts';
import { findUserById } from '../services/clients.ts';
import { resetLinkFor } from './password-resets.ts';
import { createRouter, currentUser, idParam } from '../http/router.ts';
import { jsonBody, jsonBodyAfterChecks } from '../http/validate.ts';

const dietPlanInputBody = jsonBodyAfterChecks<typeof dietPlanInputSchema, PlanFormBody<DietPlanInput>>(dietPlanInputSchema);
const workoutPlanInputBody = jsonBodyAfterChecks<typeof workoutPlanInputSchema, PlanFormBody<WorkoutPlanInput>>(workoutPlanInputSchema);

/**
 * SPEC §7 admin calls: authoring diets and workouts, and removing users. SPEC §6 gives teachers
 * these endpoints too, within their scope, so the rule is `staff` and the scope is checked on the
 * user each call names.
 */
export function adminRoutes(deps: AppDeps) {
  const { staffUsers, authoring } = deps;

  return createRouter('/api/admin')
    .post('/users/:id/diet', 'staff', dietPlanInputBody, async (c) => {
      const client = await staffUsers.target(currentUser(c), idParam(c));
      const input = await dietPlanInputBody.read(c);
      return c.json({ diet: await authoring.diets.create(client.id, input, c.get('locale')) }, 201);
    })

    .post('/users/:id/workout', 'staff', workoutPlanInputBody, async (c) => {
      const client = await staffUsers.target(currentUser(c), idParam(c));
      const input = await workoutPlanInputBody.read(c);
      return c.json({ workout: await authoring.workouts.create(client.id, input, c.get('locale')) }, 201);
    })

    .put('/diet/:id', 'staff', dietPlanInputBody, async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.diets.ownerOf(id));
      const input = await dietPlanInputBody.read(c);
      return c.json({ diet: await authoring.diets.update(id, input, currentUser(c).id) });
    })

    .put('/workout/:id', 'staff', workoutPlanInputBody, async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.workouts.ownerOf(id));
      const input = await workoutPlanInputBody.read(c);
      return c.json({ workout: await authoring.workouts.update(id, input, currentUser(c).id) });
    })

    /** The author's words for a plan's translation into one language (ADR 024). */
    .put('/diet/:id/translations', 'staff', jsonBody(planTranslationEditSchema), async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.diets.ownerOf(id));
      return c.json({ diet: await authoring.diets.editTranslation(id, c.req.valid('json'), currentUser(c).id) });
    })

    .put('/workout/:id/translations', 'staff', jsonBody(planTranslationEditSchema), async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.workouts.ownerOf(id));
      return c.json({ workout: await authoring.workouts.editTranslation(id, c.req.valid('json'), currentUser(c).id) });
    })

    .delete('/diet/:id', 'staff', async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.diets.ownerOf(id));
      await authoring.diets.remove(id);
      return c.json({ success: true });
    })

    .delete('/workout/:id', 'staff', async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.workouts.ownerOf(id));
      await authoring.workouts.remove(id);
      return c.json({ success: true });
    })

    .delete('/users/:id', 'staff', async (c) => {
      const staff = currentUser(c);
      const userId = idParam(c);
      await staffUsers.remove(staff, userId);
      await deps.photoFiles.removeUser(userId);
      deps.log.info('user.removed', { userId, by: staff.id });
      return c.json({ success: true });
    })

    /**
     * A reset link for the admin to share by hand (WhatsApp) when no SMTP is configured (ADR 017).
     * Admins only, and logged with who made it for whom; the message is in the user's language.
     */
    .post('/users/:id/password-reset', 'admin', async (c) => {
      const admin = currentUser(c);
      const user = await findUserById(deps.database.sql, idParam(c));
      if (!user) throw new DomainError('NOT_FOUND');
      const { token, expiresAt } = await deps.passwordResets.issue(user.id, admin.id);
      // The admin's own page passed the same-origin check, so its origin is the app's.
      const link = resetLinkFor(deps.config.publicUrl ?? new URL(c.req.url).origin, token);
      const locale = toLocale(user.preferredLanguage) ?? 'pt-BR';
      deps.log.info('password-reset.link-created', { userId: user.id, by: admin.id });
      return c.json({ link, expiresAt: new Date(expiresAt).toISOString(), message: translate(locale, 'passwordReset.whatsapp', { name: user.name, link }) }, 201);
    })

    /** ADR 013: an approved teacher also works with the clients who have no teacher. */
    .post('/teachers/:id/approve', 'admin', async (c) => c.json(await deps.teachers.approve(idParam(c))))

    // Teachers' payouts (issue 7): admins alone move money.
    .get('/payouts', 'admin', async (c) => c.json({ payouts: await deps.commissions.allPayouts() }))

    /** Issue 18: everyone's orders, by status, provider or flagged (an approved payment that did not match its order). */
    .get('/orders', 'admin', async (c) => {
      const status = c.req.query('status') || undefined;
      const provider = c.req.query('provider') || undefined;
      const flagged = c.req.query('flagged');
      const problems = [
        ...(status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status) ? [{ field: 'status', key: 'validation.invalidOption' }] : []),
        ...(provider !== undefined && !(PAYMENT_PROVIDERS as readonly string[]).includes(provider) ? [{ field: 'provider', key: 'validation.invalidOption' }] : []),
        ...(flagged !== undefined && flagged !== 'true' && flagged !== 'false' ? [{ field: 'flagged', key: 'validation.invalidOption' }] : []),
      ];
      if (problems.length > 0) throw validationError(problems);
      return c.json({ orders: await deps.orders.all({ status: status as OrderStatus | undefined, provider: provider as PaymentProvider | undefined, flagged: flagged === 'true' }) });
    })

    .post('/payouts/:id/status', 'admin', jsonBody(payoutStatusSchema), async (c) => {
      const { status } = c.req.valid('json');
      const payout = await deps.commissions.setPayoutStatus(idParam(c), status);
      deps.log.info('payout.moved', { payoutId: payout.id, status, by: currentUser(c).id });
      return c.json({ payout });
    });
}
