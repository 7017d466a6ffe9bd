import { checkInQuestionsSchema, ownQuestions } from '#protocol/schemas/messages.ts';
import type { Context } from 'hono';
import { aiKeyUpdateSchema, payoutRequestSchema, referralCodeUpdateSchema } from '#protocol/schemas/teachers.ts';
import type { AppEnv } from '../http/env.ts';
import type { AppDeps } from '../deps.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import { findUserById } from '../services/clients.ts';
import { requestTimeZone } from '../services/daily-progress.ts';
import { createRouter, currentUser, idParam } from '../http/router.ts';
import { jsonBody, jsonBodyAfterChecks } from '../http/validate.ts';

const payoutRequestBody = jsonBodyAfterChecks(payoutRequestSchema);

/** The address links are shared with: PUBLIC_URL behind a proxy, else the one the request came to. */
export const publicOrigin = (c: Context<AppEnv>, deps: AppDeps) => deps.config.publicUrl ?? new URL(c.req.url).origin;

/** SPEC §7 teacher calls: the teacher role only, and only their own data. */
export function teacherRoutes(deps: AppDeps) {
  return createRouter('/api/teacher')
    .get('/referral-links', 'teacher', async (c) => c.json({ referralLinks: [await deps.referrals.linkFor(currentUser(c).id, publicOrigin(c, deps))] }))

    .put('/referral-links/:id', 'teacher', jsonBody(referralCodeUpdateSchema), async (c) => {
      const { code } = c.req.valid('json');
      return c.json({ referralLink: await deps.referrals.changeCode(currentUser(c).id, idParam(c), code, publicOrigin(c, deps)) });
    })

    /** Replaces or (with null or '') removes the teacher's own AI key; it is never sent back. */
    .put('/ai-key', 'teacher', jsonBody(aiKeyUpdateSchema), async (c) => {
      const { aiKey } = c.req.valid('json');
      await deps.generation.setTeacherKey(currentUser(c).id, aiKey ?? null);
      return c.json({ hasAiKey: Boolean(aiKey) });
    })

    /** `?timeZone=` (the device's IANA zone) says where this month began; else the teacher's country's zone. */
    .get('/dashboard', 'teacher', async (c) => {
      const teacherId = currentUser(c).id;
      const asked = c.req.query('timeZone');
      // The teacher's country is read only when the device names no zone.
      const country = asked === undefined ? ((await findUserById(deps.database.sql, teacherId))?.countryCode ?? '') : '';
      const timeZone = requestTimeZone(asked, () => country);
      return c.json(await deps.commissions.dashboard(teacherId, timeZone));
    })

    .get('/students', 'teacher', async (c) => c.json({ students: await deps.commissions.students(currentUser(c).id) }))

    /** The teacher's own questions for their students' weekly check-ins (issue 22), at most five. */
    .get('/check-in-questions', 'teacher', async (c) => c.json({ questions: await deps.coachCheckIns.questions(currentUser(c).id) }))

    .put('/check-in-questions', 'teacher', jsonBody(checkInQuestionsSchema), async (c) =>
      c.json({ questions: await deps.coachCheckIns.setQuestions(currentUser(c).id, ownQuestions(c.req.valid('json').questions), deps.now()) }),
    )

    .get('/ledger', 'teacher', async (c) => c.json({ ledger: await deps.commissions.ledger(currentUser(c).id) }))

    .get('/payouts', 'teacher', async (c) => c.json({ payouts: await deps.commissions.payouts(currentUser(c).id) }))

    .post('/payouts', 'teacher', payoutRequestBody, async (c) => {
      const teacherId = currentUser(c).id;
      await refuseWhenLimited(deps.limiters.payoutsPerTeacher, teacherId);
      await deps.limiters.payoutsPerTeacher.hit(teacherId);
      const { currency } = await payoutRequestBody.read(c);
      const payout = await deps.commissions.requestPayout(teacherId, currency);
      deps.log.info('payout.requested', { teacherId, payoutId: payout.id, amount: payout.amount, currency });
      return c.json({ payout }, 201);
    });
}
