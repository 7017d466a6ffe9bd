/**
 * The coach's side of the clients' threads (issue 22) and workouts (issue 48), for admins and
 * teachers: a teacher opens only their own students' threads and sessions, admins every client's
 * (services/coach-threads.ts `clientFor`).
 */
import { exerciseMergeSchema, exerciseSeparationSchema } from '#protocol/schemas/exercises.ts';
import { checkInDaySchema, checkInReviewSchema, coachMessageSchema, readMarkSchema } from '#protocol/schemas/messages.ts';
import type { Weekday } from '#protocol/domain/check-ins.ts';
import { DomainError } from '#protocol/errors.ts';
import { UUID_PATTERN } from '#protocol/ids.ts';
import type { AppDeps } from '../deps.ts';
import { coachPhotoForm, MAX_COACH_PHOTO_BODY_BYTES } from '../http/coach-photo-form.ts';
import { createRouter, currentUser, idParam } from '../http/router.ts';
import { declaredQuery, jsonBody } from '../http/validate.ts';

export function coachRoutes(deps: AppDeps) {
  const { coachThreads, coachCheckIns, coachWorkouts, attention, now } = deps;

  return createRouter('/api/coach')
    .get('/threads', 'staff', async (c) => c.json({ threads: await coachThreads.list(currentUser(c)) }))

    .get('/threads/:id/messages', 'staff', declaredQuery(['before']), async (c) => c.json(await coachThreads.page(currentUser(c), idParam(c), c.req.query('before') ?? null)))

    .post('/threads/:id/messages', 'staff', jsonBody(coachMessageSchema), async (c) => {
      const { created, message } = await coachThreads.send(currentUser(c), idParam(c), c.req.valid('json'), now());
      return c.json({ message }, created ? 201 : 200);
    })

    /** An answer with one photo (issue 22): one multipart request, online as the coach's side is; 201, or 200 for a resend. */
    .post('/threads/:id/photo-messages', { access: 'staff', maxBodyBytes: MAX_COACH_PHOTO_BODY_BYTES }, coachPhotoForm(), async (c) => {
      const { photo, ...message } = c.req.valid('form');
      const { created, message: sent } = await coachThreads.sendWithPhoto(currentUser(c), idParam(c), message, photo, now());
      return c.json({ message: sent }, created ? 201 : 200);
    })

    .delete('/threads/:id/messages/:messageId', 'staff', async (c) => {
      const messageId = c.req.param('messageId');
      if (!UUID_PATTERN.test(messageId)) throw new DomainError('NOT_FOUND');
      return c.json({ message: await coachThreads.remove(currentUser(c), idParam(c), messageId, now()) });
    })

    .post('/threads/:id/read', 'staff', jsonBody(readMarkSchema), async (c) => c.json({ thread: await coachThreads.markRead(currentUser(c), idParam(c), c.req.valid('json').upTo, now()) }))

    /** Who needs attention (issue 22, part 3): the coach's students with their figures. */
    .get('/attention', 'staff', async (c) => c.json({ students: await attention.list(currentUser(c)) }))

    /** Weekly check-ins (issue 22, part 2): `?all=1` lists the reviewed ones too. */
    .get('/check-ins', 'staff', declaredQuery(['all']), async (c) => c.json({ checkIns: await coachCheckIns.queue(currentUser(c), c.req.query('all') === '1') }))

    .post('/check-ins/:id/review', 'staff', jsonBody(checkInReviewSchema), async (c) => c.json(await coachCheckIns.review(currentUser(c), idParam(c), c.req.valid('json'), now())))

    /** A client's latest workout sessions, each with its sets against the prescription, and the week's adherence (issue 48, part 6). */
    .get('/clients/:id/workout-sessions', 'staff', async (c) => c.json(await coachWorkouts.history(currentUser(c), idParam(c))))

    /** Two of the client's exercise names as one exercise, its history following (ADR 030); the exercises as they then are. */
    .post('/clients/:id/exercise-merges', 'staff', jsonBody(exerciseMergeSchema), async (c) => {
      const { from, into } = c.req.valid('json');
      return c.json({ exercises: await coachWorkouts.merge(currentUser(c), idParam(c), from, into) });
    })

    /** A merged name taken out again. */
    .post('/clients/:id/exercise-separations', 'staff', jsonBody(exerciseSeparationSchema), async (c) => c.json({ exercises: await coachWorkouts.separate(currentUser(c), idParam(c), c.req.valid('json').nameKey) }))

    .put('/clients/:id/check-in-day', 'staff', jsonBody(checkInDaySchema), async (c) => {
      await coachCheckIns.setCheckInDay(currentUser(c), idParam(c), c.req.valid('json').day as Weekday, now());
      return c.json({ checkInDay: c.req.valid('json').day });
    });
}
