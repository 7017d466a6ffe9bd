import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser, idParam } from '../http/router.ts';

/**
 * SPEC §7 teacher-admin calls, for admins and teachers (`staff`); each one that names a user or a
 * plan checks the caller's scope over that user (services/staff-users.ts).
 */
export function teacherAdminRoutes(deps: AppDeps) {
  const { staffUsers, authoring, generation } = deps;

  return createRouter('/api/teacher-admin')
    .get('/users', 'staff', async (c) => c.json({ users: await staffUsers.list(currentUser(c)) }))

    .get('/users/:id', 'staff', async (c) => c.json({ user: await staffUsers.detail(currentUser(c), idParam(c)) }))

    .post('/users/:id/generate-diet', 'staff', async (c) => {
      const staff = currentUser(c);
      const client = await staffUsers.target(staff, idParam(c));
      return c.json({ success: true, ...(await generation.diet(staff.id, client)) });
    })

    .post('/users/:id/generate-workout', 'staff', async (c) => {
      const staff = currentUser(c);
      const client = await staffUsers.target(staff, idParam(c));
      return c.json({ success: true, ...(await generation.workout(staff.id, client)) });
    })

    .post('/diet/:id/publish', 'staff', async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.diets.ownerOf(id));
      return c.json({ diet: await authoring.diets.publish(id, currentUser(c).id) });
    })

    .post('/workout/:id/publish', 'staff', async (c) => {
      const id = idParam(c);
      await staffUsers.target(currentUser(c), await authoring.workouts.ownerOf(id));
      return c.json({ workout: await authoring.workouts.publish(id, currentUser(c).id) });
    });
}
