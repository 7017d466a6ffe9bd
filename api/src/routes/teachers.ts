import { teacherRegistrationSchema } from '#protocol/schemas/teachers.ts';
import { toClientDto } from '../services/clients.ts';
import { refuseWhenLimited } from '../auth/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import { clientIp, setSessionCookie } from '../http/middleware.ts';
import { createRouter } from '../http/router.ts';
import { validateBody } from '../http/validate.ts';

/** SPEC §2 /professor-cadastro: a teacher creates their own account and is signed in. */
export function teachersRoutes(deps: AppDeps) {
  const r = createRouter('/api/teachers');
  const { registrationPerIp } = deps.limiters;

  r.post('/register', 'public', async (c) => {
    const ip = clientIp(c, deps);
    refuseWhenLimited(registrationPerIp, ip);
    const input = await validateBody(c, teacherRegistrationSchema);
    const user = await deps.teachers.register(input, c.get('locale'));
    registrationPerIp.hit(ip);
    const { token, expiresAt } = deps.sessions.create(user.id, c.req.header('user-agent'));
    setSessionCookie(c, deps, token, expiresAt);
    deps.log.info('teacher.registered', { userId: user.id, withAiKey: Boolean(input.aiKey) });
    return c.json({ client: toClientDto(deps.database.db, user) }, 201);
  });

  return r;
}
