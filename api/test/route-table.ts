/**
 * Every route of the API as one table (ARCHITECTURE §4): its access rule, the status of a caller
 * who may, whether it names a client, and how to build a valid call in a fresh "world" of users.
 * The role × route matrix checks the table is complete; the hostile-input test sends each route
 * malformed variants of its valid call.
 */
import { createECDH, createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../src/auth/passwords.ts';
import { insertAccount } from '../src/services/clients.ts';
import { unsubscribeToken } from '../src/notices/unsubscribe.ts';
import type { Access } from '../src/http/router.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import { dietPlanInputSchema, workoutPlanInputSchema } from '#protocol/schemas/plans.ts';
import type { TestApp, TestClient } from './harness.ts';
import { buildDietInput, buildRegistration, buildTeacherRegistration, buildWorkoutInput, coachPhotoForm, storePhoto, uniqueEmail, webpBytes } from './factories.ts';

export const CELLS = ['anonymous', 'client', 'teacherOwn', 'teacherOther', 'teacherUnassigned', 'admin'] as const;
export type Cell = (typeof CELLS)[number];

export const PASSWORD = 'senha-forte-1';
let passwordHash: string | undefined;
/** Hashes the shared password once per test file (argon2 is slow on purpose). */
export async function prepareRouteTable(): Promise<void> {
  passwordHash ??= await hashPassword(PASSWORD);
}

interface Actor {
  id: string;
  email: string;
}

/** Everyone a cell needs, fresh for each cell: the caller and the client the call is about. */
/** Two exercise names of the target's, as a published plan gives them, one exercise (`merged`) or two; the merge's body. */
async function namedTwice(w: World, merged: boolean) {
  const names = w.t.deps.exerciseNames;
  await names.identify(w.target.id, { schedule: [{ weekday: 1, day: 'Segunda-feira', exercises: [{ name: 'Supino reto' }, { name: 'Supino com barra' }] }], progressionTips: [], safetyNotes: [] });
  if (merged) await names.merge(w.target.id, 'supino com barra', 'supino reto');
  return { from: 'supino com barra', into: 'supino reto' };
}

export interface World {
  t: TestApp;
  caller: TestClient;
  me: Actor | null;
  /** The client a scoped route names: own student, another teacher's, an unassigned one… */
  target: Actor;
  /** The teacher of the cell (the caller in the teacher cells). */
  teacher: Actor;
}

async function insertUser(t: TestApp, role: Role, teacherId: string | null = null): Promise<Actor> {
  if (!passwordHash) throw new Error('call prepareRouteTable() first');
  const id = uuidv7();
  const email = uniqueEmail(role);
  const at = t.deps.now();
  await insertAccount(t.database.sql, { id, email, passwordHash, role, name: `${role} ${id.slice(-4)}`, teacherId, birthDate: '1990-05-01', gender: 'feminino', height: 165, currentWeight: 80, targetWeight: 68, activityLevel: 'light', goalType: 'loseWeight', teacherApprovedAt: role === 'teacher' ? at : null, createdAt: at, updatedAt: at });
  return { id, email };
}

async function signedInClient(t: TestApp, actor: Actor | null): Promise<TestClient> {
  const client = t.client();
  if (actor) client.cookies.set('session', (await t.deps.sessions.create(actor.id, 'matrix')).token);
  return client;
}

/** Fresh users in `t` for one cell: the caller and the client the call is about. */
export async function world(t: TestApp, cell: Cell): Promise<World> {
  const teacher = await insertUser(t, 'teacher');
  const otherTeacher = await insertUser(t, 'teacher');
  const own = await insertUser(t, 'user', teacher.id);
  const others = await insertUser(t, 'user', otherTeacher.id);
  const unassigned = await insertUser(t, 'user');
  const admin = await insertUser(t, 'admin');
  const [me, target] = {
    anonymous: [null, own],
    client: [own, own],
    teacherOwn: [teacher, own],
    teacherOther: [teacher, others],
    teacherUnassigned: [teacher, unassigned],
    admin: [admin, others],
  }[cell] as [Actor | null, Actor];
  return { t, caller: await signedInClient(t, me), me, target, teacher };
}

/** A draft diet (or workout) of the world's target client. */
export const dietOf = async (w: World) => (await w.t.deps.authoring.diets.create(w.target.id, dietPlanInputSchema.validateSync(buildDietInput()), 'pt-BR')).id;
export const workoutOf = async (w: World) => (await w.t.deps.authoring.workouts.create(w.target.id, workoutPlanInputSchema.validateSync(buildWorkoutInput()), 'pt-BR')).id;
/** A pending BRL 100.00 commission of the cell's teacher, so a payout can be asked for. */
async function earn(w: World) {
  await w.t.database.sql.run(
    "INSERT INTO commissions (id, teacher_id, student_name, plan_id, amount, currency, percentage, description, status, created_at) VALUES (?, ?, 'Aluna', 'monthly', 10000, 'BRL', 70, 'Plano Mensal', 'pending', ?)",
    [uuidv7(), w.teacher.id, w.t.deps.now()],
  );
}
const pngBytes = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export interface Call {
  url?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A progress photo of the cell's caller (or of the target, for an anonymous caller), its files uploaded unless `stored` is false. */
async function photoOf(w: World, { stored = true } = {}): Promise<string> {
  const owner = w.me ?? w.target;
  const photo = await storePhoto(w.t, owner.id, { stored });
  return photo.id;
}

export interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  /** The status of a caller who may: the route really ran, not just passed the guard. */
  ok: number;
  /** The route names a client: a teacher outside their scope gets 403. */
  scoped?: boolean;
  /** The route names a client's thread (issue 22): a teacher's own students only, so a client with no teacher is 403 too. */
  coachScoped?: boolean;
  /** The URL (ids filled in), body and headers; run after the world exists. */
  call?: (w: World) => Call | Promise<Call>;
}

/** The settings the table's apps run with: the origin its push subscriptions name (nothing listens there). */
export const ROUTE_TABLE_ENV = { PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9' };

/** A browser's push subscription, with keys made as a browser makes them. */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${ROUTE_TABLE_ENV.PUSH_ALLOWED_ORIGINS}/push/${randomBytes(8).toString('hex')}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }, deviceId: 'device-route-table' };
}

export const ROUTES: Row[] = [
  { method: 'GET', path: '/api/health', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/health/ready', access: 'public', ok: 200 },
  { method: 'POST', path: '/api/clients/register', access: 'public', ok: 201, call: () => ({ body: buildRegistration() }) },
  { method: 'POST', path: '/api/clients/login', access: 'public', ok: 200, call: (w) => ({ body: { email: (w.me ?? w.target).email, password: PASSWORD } }) },
  { method: 'POST', path: '/api/clients/logout', access: 'public', ok: 200 },
  { method: 'POST', path: '/api/password-resets', access: 'public', ok: 202, call: (w) => ({ body: { email: w.target.email } }) },
  {
    method: 'POST',
    path: '/api/password-resets/confirm',
    access: 'public',
    ok: 200,
    call: async (w) => ({ body: { token: (await w.t.deps.passwordResets.issue(w.target.id)).token, newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' } }),
  },
  { method: 'GET', path: '/api/clients/session', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/clients/me', access: 'signedIn', ok: 200 },
  { method: 'PUT', path: '/api/clients/profile', access: 'signedIn', ok: 200, call: () => ({ body: { name: 'Nome Novo' } }) },
  { method: 'GET', path: '/api/clients/me/export', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/clients/me/export.zip', access: 'signedIn', ok: 200 },
  { method: 'PUT', path: '/api/clients/me/health-consent', access: 'signedIn', ok: 200 },
  { method: 'DELETE', path: '/api/clients/me/health-consent', access: 'signedIn', ok: 200 },
  { method: 'DELETE', path: '/api/clients/me', access: 'signedIn', ok: 200, call: () => ({ body: { password: PASSWORD } }) },
  { method: 'PUT', path: '/api/clients/me/password', access: 'signedIn', ok: 200, call: () => ({ body: { currentPassword: PASSWORD, newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' } }) },
  { method: 'GET', path: '/api/clients/me/sessions', access: 'signedIn', ok: 200 },
  { method: 'DELETE', path: '/api/clients/me/sessions', access: 'signedIn', ok: 200 },
  {
    method: 'DELETE',
    path: '/api/clients/me/sessions/:id',
    access: 'signedIn',
    ok: 200,
    // The caller's own session (its id is the SHA-256 of the cookie's token).
    call: (w) => ({ url: `/api/clients/me/sessions/${createHash('sha256').update(w.caller.cookies.get('session') ?? 'anonymous').digest('hex')}` }),
  },
  { method: 'POST', path: '/api/sync/push', access: 'signedIn', ok: 200, call: () => ({ body: { deviceId: `dev_${uuidv7().replace(/-/g, '').slice(-16)}`, mutations: [] } }) },
  { method: 'GET', path: '/api/sync/pull', access: 'signedIn', ok: 200, call: () => ({ url: '/api/sync/pull?cursor=0' }) },
  { method: 'GET', path: '/api/sync/events', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/photos/:id/image/offset', access: 'signedIn', ok: 200, call: async (w) => ({ url: `/api/photos/${await photoOf(w, { stored: false })}/image/offset` }) },
  { method: 'GET', path: '/api/photos/:id/thumbnail/offset', access: 'signedIn', ok: 200, call: async (w) => ({ url: `/api/photos/${await photoOf(w, { stored: false })}/thumbnail/offset` }) },
  {
    method: 'PUT',
    path: '/api/photos/:id/image',
    access: 'signedIn',
    ok: 200,
    call: async (w) => ({ url: `/api/photos/${await photoOf(w, { stored: false })}/image`, body: webpBytes(4000), headers: { 'content-range': 'bytes 0-3999/4000' } }),
  },
  {
    method: 'PUT',
    path: '/api/photos/:id/thumbnail',
    access: 'signedIn',
    ok: 200,
    call: async (w) => ({ url: `/api/photos/${await photoOf(w, { stored: false })}/thumbnail`, body: webpBytes(500), headers: { 'content-range': 'bytes 0-499/500' } }),
  },
  // The caller's own photo: who else may see one is photos.test.ts's.
  { method: 'GET', path: '/api/photos/:id/image', access: 'signedIn', ok: 200, call: async (w) => ({ url: `/api/photos/${await photoOf(w)}/image` }) },
  { method: 'GET', path: '/api/photos/:id/thumbnail', access: 'signedIn', ok: 200, call: async (w) => ({ url: `/api/photos/${await photoOf(w)}/thumbnail` }) },
  { method: 'GET', path: '/api/weight-records', access: 'signedIn', ok: 200 },
  { method: 'POST', path: '/api/weight-records', access: 'signedIn', ok: 201, call: () => ({ body: { weight: 79.5 } }) },
  { method: 'GET', path: '/api/daily-progress', access: 'signedIn', ok: 200 },
  { method: 'POST', path: '/api/daily-progress/workout', access: 'signedIn', ok: 200 },
  { method: 'POST', path: '/api/daily-progress/diet', access: 'signedIn', ok: 200 },
  { method: 'POST', path: '/api/daily-progress/mood', access: 'signedIn', ok: 200, call: () => ({ body: { mood: 4 } }) },
  { method: 'POST', path: '/api/daily-progress/energy', access: 'signedIn', ok: 200, call: () => ({ body: { energy: 4 } }) },
  {
    method: 'POST',
    path: '/api/daily-progress/complete',
    access: 'signedIn',
    ok: 200,
    call: async (w) => {
      if (w.me) for (const [segment, body] of [['workout', {}], ['diet', {}], ['mood', { mood: 4 }]] as const) await w.caller.post(`/api/daily-progress/${segment}`, body);
      return {};
    },
  },
  { method: 'GET', path: '/api/notifications', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/push/key', access: 'signedIn', ok: 200 },
  { method: 'PUT', path: '/api/push/subscription', access: 'signedIn', ok: 204, call: () => ({ body: pushSubscription() }) },
  {
    method: 'POST',
    path: '/api/push/subscription/renewal',
    access: 'signedIn',
    ok: 204,
    call: async (w) => {
      const old = pushSubscription();
      await w.caller.request('PUT', '/api/push/subscription', old);
      return { body: { ...pushSubscription(), deviceId: undefined, replaces: old.endpoint } };
    },
  },
  { method: 'DELETE', path: '/api/push/subscription', access: 'signedIn', ok: 204, call: () => ({ url: '/api/push/subscription?deviceId=device-route-table' }) },
  { method: 'GET', path: '/api/notices/channels', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/notices/unsubscribe', access: 'public', ok: 200, call: async (w) => ({ url: `/api/notices/unsubscribe?t=${unsubscribeToken(await w.t.deps.noticeLinkSecret(), w.target.id, 'payment')}` }) },
  { method: 'POST', path: '/api/notices/unsubscribe', access: 'public', ok: 200, call: async (w) => ({ url: `/api/notices/unsubscribe?t=${unsubscribeToken(await w.t.deps.noticeLinkSecret(), w.target.id, 'payment')}` }) },
  {
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    access: 'signedIn',
    ok: 200,
    call: async (w) => {
      const id = uuidv7();
      await w.t.deps.notifications.add((w.me ?? w.target).id, { id, type: 'other', title: 'Olá', message: 'Bem-vinda' });
      return { url: `/api/notifications/${id}/read` };
    },
  },
  { method: 'GET', path: '/api/plans', access: 'public', ok: 200 },
  { method: 'GET', path: '/api/subscriptions/active', access: 'signedIn', ok: 200 },
  { method: 'POST', path: '/api/subscriptions/trial', access: 'signedIn', ok: 201, call: () => ({ body: {} }) },
  { method: 'POST', path: '/api/subscriptions', access: 'signedIn', ok: 201, call: () => ({ body: { planId: 'monthly' } }) },
  // Public, but only a provider holding the secret gets past the signature check.
  { method: 'POST', path: '/api/payments/webhook', access: 'public', ok: 401, call: () => ({ body: { id: 'evt_1', type: 'payment.succeeded' } }) },
  { method: 'POST', path: '/api/payments/stripe/webhook', access: 'public', ok: 400, call: () => ({ body: { id: 'evt_1', object: 'event', type: 'checkout.session.completed' } }) },
  { method: 'POST', path: '/api/payments/mercadopago/webhook', access: 'public', ok: 400, call: () => ({ url: '/api/payments/mercadopago/webhook?data.id=123&type=payment', body: { action: 'payment.updated', type: 'payment', data: { id: '123' } } }) },
  { method: 'GET', path: '/api/orders', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/admin/orders', access: 'admin', ok: 200, call: () => ({ url: '/api/admin/orders?flagged=true' }) },
  // No provider is configured in the matrix's app: every caller allowed in gets the 409 that says so.
  { method: 'POST', path: '/api/orders', access: 'signedIn', ok: 409, call: () => ({ body: { planId: 'monthly' } }) },
  { method: 'POST', path: '/api/orders/pix', access: 'signedIn', ok: 409, call: () => ({ body: { planId: 'monthly' } }) },
  { method: 'GET', path: '/api/my-diets', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/my-workouts', access: 'signedIn', ok: 200 },
  { method: 'GET', path: '/api/teacher-admin/users', access: 'staff', ok: 200 },
  { method: 'GET', path: '/api/teacher-admin/users/:id', access: 'staff', ok: 200, scoped: true },
  { method: 'GET', path: '/api/coach/threads', access: 'staff', ok: 200 },
  { method: 'GET', path: '/api/coach/threads/:id/messages', access: 'staff', ok: 200, coachScoped: true },
  { method: 'POST', path: '/api/coach/threads/:id/messages', access: 'staff', ok: 201, coachScoped: true, call: () => ({ body: { id: uuidv7(), body: 'Oi! Como foi a semana?' } }) },
  { method: 'POST', path: '/api/coach/threads/:id/photo-messages', access: 'staff', ok: 201, coachScoped: true, call: () => ({ body: coachPhotoForm() }) },
  {
    method: 'DELETE',
    path: '/api/coach/threads/:id/messages/:messageId',
    access: 'staff',
    ok: 200,
    coachScoped: true,
    // A message the caller sent a moment ago (written in the thread whoever calls, so only the route's checks decide).
    call: async (w) => {
      const sent = await w.t.deps.messages.fromCoach(w.target.id, { id: uuidv7(), body: 'Enviei errado', createdAt: w.t.deps.now() }, { id: (w.me ?? w.teacher).id, name: 'Coach' });
      return { url: `/api/coach/threads/${w.target.id}/messages/${sent.kind === 'taken' ? uuidv7() : sent.message.id}` };
    },
  },
  { method: 'POST', path: '/api/coach/threads/:id/read', access: 'staff', ok: 200, coachScoped: true, call: (w) => ({ body: { upTo: new Date(w.t.deps.now()).toISOString() } }) },
  { method: 'GET', path: '/api/coach/check-ins', access: 'staff', ok: 200 },
  { method: 'GET', path: '/api/coach/attention', access: 'staff', ok: 200 },
  {
    method: 'POST',
    path: '/api/coach/check-ins/:id/review',
    access: 'staff',
    ok: 200,
    coachScoped: true,
    // A check-in of the target's, written whoever calls, so only the route's checks decide.
    call: async (w) => {
      const id = uuidv7();
      await w.t.deps.checkIns.storageFor(w.target.id).insert({
        id,
        week: '2026-11-23',
        createdAt: new Date(w.t.deps.now()).toISOString(),
        weight: 80,
        dietAdherence: 4,
        workoutAdherence: 4,
        hunger: 3,
        sleep: 3,
        stress: 3,
        energy: 3,
        note: null,
        answers: [],
        reviewedAt: null,
      });
      return { url: `/api/coach/check-ins/${id}/review`, body: { messageId: uuidv7(), feedback: 'Ótima semana, continue assim!' } };
    },
  },
  { method: 'GET', path: '/api/coach/clients/:id/workout-sessions', access: 'staff', ok: 200, coachScoped: true },
  // Two names of the target's, given by a published plan, merged and separated whoever calls.
  { method: 'POST', path: '/api/coach/clients/:id/exercise-merges', access: 'staff', ok: 200, coachScoped: true, call: async (w) => ({ body: await namedTwice(w, false) }) },
  { method: 'POST', path: '/api/coach/clients/:id/exercise-separations', access: 'staff', ok: 200, coachScoped: true, call: async (w) => ({ body: { nameKey: (await namedTwice(w, true)).from } }) },
  { method: 'PUT', path: '/api/coach/clients/:id/check-in-day', access: 'staff', ok: 200, coachScoped: true, call: () => ({ body: { day: 3 } }) },
  { method: 'POST', path: '/api/teacher-admin/users/:id/generate-diet', access: 'staff', ok: 200, scoped: true },
  { method: 'POST', path: '/api/teacher-admin/users/:id/generate-workout', access: 'staff', ok: 200, scoped: true },
  { method: 'POST', path: '/api/teacher-admin/diet/:id/publish', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/teacher-admin/diet/${await dietOf(w)}/publish` }) },
  { method: 'POST', path: '/api/teacher-admin/workout/:id/publish', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/teacher-admin/workout/${await workoutOf(w)}/publish` }) },
  { method: 'POST', path: '/api/admin/users/:id/diet', access: 'staff', ok: 201, scoped: true, call: () => ({ body: buildDietInput() }) },
  { method: 'POST', path: '/api/admin/users/:id/workout', access: 'staff', ok: 201, scoped: true, call: () => ({ body: buildWorkoutInput() }) },
  { method: 'PUT', path: '/api/admin/diet/:id', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/admin/diet/${await dietOf(w)}`, body: buildDietInput() }) },
  { method: 'PUT', path: '/api/admin/workout/:id', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/admin/workout/${await workoutOf(w)}`, body: buildWorkoutInput() }) },
  { method: 'PUT', path: '/api/admin/diet/:id/translations', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/admin/diet/${await dietOf(w)}/translations`, body: { locale: 'es-AR', texts: [{ kind: 'titles', source: 'Plano alimentar de teste', text: 'Plan de prueba' }] } }) },
  { method: 'PUT', path: '/api/admin/workout/:id/translations', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/admin/workout/${await workoutOf(w)}/translations`, body: { locale: 'en-US', texts: [{ kind: 'exercises', source: 'Agachamento', text: 'Squat' }] } }) },
  { method: 'DELETE', path: '/api/admin/diet/:id', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/admin/diet/${await dietOf(w)}` }) },
  { method: 'DELETE', path: '/api/admin/workout/:id', access: 'staff', ok: 200, scoped: true, call: async (w) => ({ url: `/api/admin/workout/${await workoutOf(w)}` }) },
  { method: 'DELETE', path: '/api/admin/users/:id', access: 'staff', ok: 200, scoped: true },
  { method: 'GET', path: '/api/teacher/referral-links', access: 'teacher', ok: 200 },
  {
    method: 'PUT',
    path: '/api/teacher/referral-links/:id',
    access: 'teacher',
    ok: 200,
    call: async (w) => ({ url: `/api/teacher/referral-links/${(await w.t.deps.referrals.linkFor(w.teacher.id, 'http://localhost')).id}`, body: { code: `M${uuidv7().slice(-8).replace(/\W/g, '')}` } }),
  },
  { method: 'POST', path: '/api/teachers/register', access: 'public', ok: 201, call: () => ({ body: buildTeacherRegistration() }) },
  { method: 'PUT', path: '/api/teacher/ai-key', access: 'teacher', ok: 200, call: () => ({ body: { aiKey: 'sk-matrix-key' } }) },
  { method: 'POST', path: '/api/admin/users/:id/password-reset', access: 'admin', ok: 201, call: (w) => ({ url: `/api/admin/users/${w.target.id}/password-reset` }) },
  { method: 'POST', path: '/api/admin/teachers/:id/approve', access: 'admin', ok: 200, call: (w) => ({ url: `/api/admin/teachers/${w.teacher.id}/approve` }) },
  { method: 'GET', path: '/api/teacher/dashboard', access: 'teacher', ok: 200 },
  { method: 'GET', path: '/api/teacher/students', access: 'teacher', ok: 200 },
  { method: 'GET', path: '/api/teacher/check-in-questions', access: 'teacher', ok: 200 },
  { method: 'PUT', path: '/api/teacher/check-in-questions', access: 'teacher', ok: 200, call: () => ({ body: { questions: ['Quantos litros de água por dia?', 'Alguma dor?'] } }) },
  { method: 'GET', path: '/api/teacher/ledger', access: 'teacher', ok: 200 },
  { method: 'GET', path: '/api/teacher/payouts', access: 'teacher', ok: 200 },
  {
    method: 'POST',
    path: '/api/teacher/payouts',
    access: 'teacher',
    ok: 201,
    call: async (w) => {
      await earn(w);
      return { body: { currency: 'BRL' } };
    },
  },
  { method: 'GET', path: '/api/admin/payouts', access: 'admin', ok: 200 },
  {
    method: 'POST',
    path: '/api/admin/payouts/:id/status',
    access: 'admin',
    ok: 200,
    call: async (w) => {
      await earn(w);
      return { url: `/api/admin/payouts/${(await w.t.deps.commissions.requestPayout(w.teacher.id, 'BRL')).id}/status`, body: { status: 'processing' } };
    },
  },
  { method: 'POST', path: '/api/translate-texts', access: 'signedIn', ok: 200, call: () => ({ body: { texts: ['Arroz integral'], targetLanguage: 'en-US', context: 'foods' } }) },
  // With no AI key configured the staff caller gets the SPEC's 503; the others never reach it.
  {
    method: 'POST',
    path: '/api/exercises/test-with-attached-image',
    access: 'staff',
    ok: 503,
    call: () => {
      const form = new FormData();
      form.set('image', new Blob([pngBytes()], { type: 'image/png' }), 'squat.png');
      return { body: form };
    },
  },
];

/** The status each cell must get under a rule: generated, never written per cell by hand. */
export function expected(row: Row, cell: Cell): number {
  const signedIn = cell !== 'anonymous';
  const role: Role | null = cell === 'anonymous' ? null : cell === 'client' ? 'user' : cell === 'admin' ? 'admin' : 'teacher';
  switch (row.access) {
    case 'public':
      return row.ok;
    case 'signedIn':
      return signedIn ? row.ok : 401;
    case 'staff':
      if (!signedIn) return 401;
      if (role === 'user') return 403;
      if (row.coachScoped && (cell === 'teacherOther' || cell === 'teacherUnassigned')) return 403;
      return row.scoped && cell === 'teacherOther' ? 403 : row.ok;
    case 'teacher':
      if (!signedIn) return 401;
      return role === 'teacher' ? row.ok : 403;
    case 'admin':
      if (!signedIn) return 401;
      return role === 'admin' ? row.ok : 403;
  }
}
