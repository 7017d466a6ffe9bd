import { teacherRegistrationSchema } from '#protocol/schemas/teachers.ts';
import { toClientDto } from '../services/clients.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { clientIp, setSessionCookie } from '../http/middleware.ts';
import { createRouter } from '../http/router.ts';
import { jsonBodyAfterChecks } from '../http/validate.ts';

const teacherRegistrationBody = jsonBodyAfterChecks(teacherRegistrationSchema);

/** SPEC §2 /professor-cadastro: a teacher creates their own account and is signed in. */
export function teachersRoutes(deps: AppDeps) {
  const { registrationPerIp } = deps.limiters;

  return createRouter('/api/teachers')
    .post('/register', 'public', teacherRegistrationBody, async (c) => {
      const ip = clientIp(c, deps);
      await refuseWhenLimited(registrationPerIp, ip);
      const input = await teacherRegistrationBody.read(c);
      const user = await deps.teachers.register(input, c.get('locale'));
      await registrationPerIp.hit(ip);
      const { token, expiresAt } = await deps.sessions.create(user.id, c.req.header('user-agent'));
      setSessionCookie(c, deps, token, expiresAt);
      deps.log.info('teacher.registered', { userId: user.id, withAiKey: Boolean(input.aiKey) });
      return c.json({ client: await toClientDto(deps.database.sql, user) }, 201);
    });
}
