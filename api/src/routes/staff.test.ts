import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dietPlanInputSchema, workoutPlanInputSchema } from '#protocol/schemas/plans.ts';
import { parseMeals } from '#protocol/domain/diet-plan.ts';
import { analyseNutrition } from '#protocol/domain/nutrition.ts';
import type { StaffUserDetail, StaffUserSummary } from '#protocol/contract/staff.ts';
import type { DietPlanDto } from '#protocol/contract/plans.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { buildDietInput, buildWorkoutInput, signedIn, storePhoto, TestDevice } from '../../test/factories.ts';
import { photoDelete } from '#protocol/mutations/photo-delete.ts';
import { uuidv7 } from '#protocol/ids.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Body = Record<string, unknown> & { code?: string; error?: string };

const as = (overrides: Parameters<typeof signedIn>[1] = {}) => signedIn(t, overrides);

async function world() {
  const admin = await as({ role: 'admin', name: 'Ana Admin' });
  const teacher = await as({ role: 'teacher', name: 'Tiago Professor' });
  const otherTeacher = await as({ role: 'teacher', name: 'Otto Professor' });
  const student = await as({ name: 'Sofia Aluna', teacherId: teacher.user.id });
  const othersStudent = await as({ name: 'Olga Aluna', teacherId: otherTeacher.user.id });
  const unassigned = await as({ name: 'Úrsula Livre' });
  return { admin, teacher, otherTeacher, student, othersStudent, unassigned };
}

const pull = async (c: TestClient) => (await c.get<{ changes: { diets: { id: string; deleted?: true; title?: string }[]; workouts: { id: string; deleted?: true }[]; notifications: { type: string; title: string; message: string }[] } }>('/api/sync/pull?cursor=0')).body.changes;

describe('GET /api/teacher-admin/users', () => {
  it('gives a teacher their own students and the clients with no teacher; an admin everyone', async () => {
    const w = await world();
    const names = async (c: TestClient) => (await c.get<{ users: StaffUserSummary[] }>('/api/teacher-admin/users')).body.users.map((u) => u.name);
    expect(await names(w.teacher.c)).toEqual(['Sofia Aluna', 'Úrsula Livre']);
    expect(await names(w.admin.c)).toEqual(['Ana Admin', 'Olga Aluna', 'Otto Professor', 'Sofia Aluna', 'Tiago Professor', 'Úrsula Livre']);
    expect((await w.student.c.get('/api/teacher-admin/users')).status).toBe(403);
  });

  it('carries the latest published diet date for the freshness groups, and the subscription', async () => {
    const w = await world();
    const created = await w.teacher.c.post<{ diet: { id: string } }>(`/api/admin/users/${w.student.user.id}/diet`, buildDietInput());
    await w.teacher.c.post(`/api/teacher-admin/diet/${created.body.diet.id}/publish`);
    const { users } = (await w.teacher.c.get<{ users: StaffUserSummary[] }>('/api/teacher-admin/users')).body;
    const row = users.find((u) => u.id === w.student.user.id);
    const published = (await w.teacher.c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${w.student.user.id}`)).body.user.dietPlans[0]?.publishedAt;
    expect(row?.latestDietPublishedAt).toBe(published);
    expect(published).toEqual(expect.any(String));
    expect(users.find((u) => u.id === w.unassigned.user.id)?.latestDietPublishedAt).toBeNull();
    expect(row).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(users)).not.toMatch(/argon2|ai_key|aiKey/);
  });
});

describe('GET /api/teacher-admin/users/:id', () => {
  it('answers in scope with drafts included, 403 out of scope, 404 for no such user', async () => {
    const w = await world();
    await w.teacher.c.post(`/api/admin/users/${w.student.user.id}/diet`, buildDietInput());
    const detail = await w.teacher.c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${w.student.user.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.user).toMatchObject({ id: w.student.user.id, name: 'Sofia Aluna', teacherId: w.teacher.user.id, workoutPlans: [], subscription: null });
    expect(detail.body.user.dietPlans.map((d) => d.status)).toEqual(['draft']);
    expect((await w.teacher.c.get(`/api/teacher-admin/users/${w.othersStudent.user.id}`)).status).toBe(403);
    expect((await w.teacher.c.get(`/api/teacher-admin/users/${w.admin.user.id}`)).status).toBe(403);
    expect((await w.teacher.c.get('/api/teacher-admin/users/0190a5d2-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await w.teacher.c.get('/api/teacher-admin/users/not-an-id')).status).toBe(404);
    expect((await w.admin.c.get(`/api/teacher-admin/users/${w.othersStudent.user.id}`)).status).toBe(200);
  });
});

describe('the coach sees the client’s progress (issue 21, part 5)', () => {
  it('the student’s teacher and admins read their weigh-ins and body measurements; deleted ones left out; nobody else', async () => {
    const w = await world();
    const phone = new TestDevice();
    const early = phone.mutation('measurement.add', { id: uuidv7(), createdAt: '2026-10-01T07:00:00.000Z', waist: 90, neck: 38 });
    const late = phone.mutation('measurement.add', { id: uuidv7(), createdAt: '2026-11-01T07:00:00.000Z', waist: 86.5 });
    const removed = phone.mutation('measurement.add', { id: uuidv7(), createdAt: '2026-11-02T07:00:00.000Z', arm: 30 });
    const weighIn = phone.addWeight(84.2, { createdAt: '2026-10-01T07:05:00.000Z' });
    await w.student.c.post('/api/sync/push', { deviceId: phone.deviceId, mutations: [early, late, removed, phone.mutation('measurement.delete', { id: removed.args.id }), weighIn] });

    const { body } = await w.teacher.c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${w.student.user.id}`);
    expect(body.user.bodyMeasurements).toEqual([
      { id: late.args.id, createdAt: '2026-11-01T07:00:00.000Z', waist: 86.5, hip: null, chest: null, arm: null, thigh: null, neck: null, bodyFat: null },
      { id: early.args.id, createdAt: '2026-10-01T07:00:00.000Z', waist: 90, hip: null, chest: null, arm: null, thigh: null, neck: 38, bodyFat: null },
    ]);
    expect(body.user.weighIns).toEqual([{ weight: 84.2, createdAt: '2026-10-01T07:05:00.000Z' }]);
    expect((await w.admin.c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${w.student.user.id}`)).body.user.bodyMeasurements).toHaveLength(2);
    expect((await w.otherTeacher.c.get(`/api/teacher-admin/users/${w.student.user.id}`)).status).toBe(403);
  });
});

describe('the coach sees the client’s photos (issue 21, part 5)', () => {
  it('lists the student’s photos, newest first, to their own teacher and admins; deleted ones left out; to a teacher who only may see an unassigned client, none', async () => {
    const w = await world();
    const older = await storePhoto(t, w.student.user.id);
    const newer = await storePhoto(t, w.student.user.id, { stored: false });
    const removed = await storePhoto(t, w.student.user.id);
    await t.deps.groupCommit.run(() => t.deps.mutations.run(w.student.user.id, photoDelete, { id: removed.id }));
    await storePhoto(t, w.unassigned.user.id);

    const photos = async (c: TestClient, userId: string) => (await c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${userId}`)).body.user.progressPhotos;
    const expected = [
      { id: newer.id, createdAt: newer.createdAt, pose: 'front', width: 1200, height: 1600, stored: false },
      { id: older.id, createdAt: older.createdAt, pose: 'front', width: 1200, height: 1600, stored: true },
    ];
    expect(await photos(w.teacher.c, w.student.user.id)).toEqual(expected);
    expect(await photos(w.admin.c, w.student.user.id)).toEqual(expected);
    await w.admin.c.post(`/api/admin/teachers/${w.teacher.user.id}/approve`);
    const unassigned = await w.teacher.c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${w.unassigned.user.id}`);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.user.progressPhotos).toEqual([]);
    expect(await photos(w.admin.c, w.unassigned.user.id)).toHaveLength(1);
  });
});

describe('diets and workouts', () => {
  it('keeps a draft from the client, publishes it with one notification in their language, and both reach the device on pull', async () => {
    const teacher = await as({ role: 'teacher' });
    const student = await as({ teacherId: teacher.user.id, countryCode: 'AR' });
    await student.c.post('/api/subscriptions', { planId: 'monthly' });

    const created = await teacher.c.post<{ diet: { id: string; status: string; publishedAt: string | null } }>(`/api/admin/users/${student.user.id}/diet`, buildDietInput({ title: 'Dieta de março' }));
    expect(created.status).toBe(201);
    expect(created.body.diet).toMatchObject({ status: 'draft', publishedAt: null });
    const id = created.body.diet.id;
    expect((await pull(student.c)).diets).toEqual([{ id, deleted: true }]);
    expect((await student.c.get<{ diets: unknown[] }>('/api/my-diets')).body.diets).toEqual([]);

    const published = await teacher.c.post<{ diet: { status: string; publishedAt: string } }>(`/api/teacher-admin/diet/${id}/publish`);
    expect(published.body.diet.status).toBe('published');
    const again = await teacher.c.post<{ diet: { publishedAt: string } }>(`/api/teacher-admin/diet/${id}/publish`);
    expect(again.body.diet.publishedAt).toBe(published.body.diet.publishedAt);

    const changes = await pull(student.c);
    expect(changes.diets).toEqual([expect.objectContaining({ id, title: 'Dieta de março' })]);
    expect(changes.notifications).toEqual([
      expect.objectContaining({ type: 'diet_published', title: 'Llegó tu nueva dieta', message: 'Se publicó la dieta "Dieta de março". Mirala en Mis Contenidos.' }),
    ]);
    expect((await student.c.get<{ diets: { id: string }[] }>('/api/my-diets')).body.diets.map((d) => d.id)).toEqual([id]);
  });

  it('updates (clearing an omitted optional field) and deletes, the deletion reaching the device as a tombstone', async () => {
    const admin = await as({ role: 'admin' });
    const client = await as();
    await client.c.post('/api/subscriptions', { planId: 'monthly' });
    const { body } = await admin.c.post<{ workout: { id: string } }>(`/api/admin/users/${client.user.id}/workout`, buildWorkoutInput({ safetyNotes: 'Aqueça antes' }));
    const id = body.workout.id;
    await admin.c.post(`/api/teacher-admin/workout/${id}/publish`);
    const updated = await admin.c.put<{ workout: { title: string; safetyNotes: string | null; status: string } }>(`/api/admin/workout/${id}`, buildWorkoutInput({ title: 'Treino B' }));
    expect(updated.body.workout).toMatchObject({ title: 'Treino B', safetyNotes: null, status: 'published' });
    expect((await pull(client.c)).notifications.map((n) => n.type)).toEqual(['workout_published']);

    expect((await admin.c.request('DELETE', `/api/admin/workout/${id}`)).status).toBe(200);
    expect((await pull(client.c)).workouts).toEqual([{ id, deleted: true }]);
    expect((await admin.c.request('DELETE', `/api/admin/workout/${id}`)).status).toBe(404);
    expect((await admin.c.put(`/api/admin/workout/${id}`, buildWorkoutInput())).status).toBe(404);
  });

  it('stores the texts structured as the client reads them, restructures them on edit, names what reads as nothing, and the pull carries it (ADR 024)', async () => {
    const admin = await as({ role: 'admin' });
    const client = await as();
    await client.c.post('/api/subscriptions', { planId: 'monthly' });
    const created = await admin.c.post<{ diet: DietPlanDto }>(`/api/admin/users/${client.user.id}/diet`, buildDietInput({ tips: 'Beba água' }));
    const { id } = created.body.diet;
    expect(created.body.diet.content.meals).toEqual([expect.objectContaining({ name: 'Café da manhã', time: '07:00', calories: 400, foods: ['Ovos', 'Pão integral'], preparation: 'Ovos mexidos' })]);
    expect(created.body.diet.content.substitutions).toEqual(['Arroz ↔ Batata-doce']);
    expect(created.body.diet.unreadable).toEqual([]);

    const edited = await admin.c.put<{ diet: DietPlanDto }>(`/api/admin/diet/${id}`, buildDietInput({ meals: '[{"sem": "nome"}]', tips: 'Beba água' }));
    expect(edited.body.diet.content.meals).toEqual([]);
    expect(edited.body.diet.unreadable).toEqual(['meals']);
    expect(edited.body.diet.meals).toBe('[{"sem": "nome"}]'); // the author's text is kept

    await admin.c.post(`/api/teacher-admin/diet/${id}/publish`);
    const [pulled] = (await pull(client.c)).diets as DietPlanDto[];
    expect(pulled?.content).toEqual(edited.body.diet.content);
    expect(pulled?.content.tips).toEqual(['Beba água']);
  });

  it('answers a bad form with the SPEC §5 messages per field in the caller’s language and stores nothing', async () => {
    const admin = await as({ role: 'admin' });
    const client = await as();
    const english = t.client({ locale: 'en-US' });
    english.cookies.set('session', admin.c.cookies.get('session') ?? '');
    const pt = await admin.c.post<Body & { details: { field: string; message: string }[] }>(`/api/admin/users/${client.user.id}/diet`, { title: ' ', macros: '' });
    expect(pt.status).toBe(400);
    expect(pt.body.details).toEqual([
      { field: 'title', code: 'validation.titleRequired', message: 'Título é obrigatório' },
      { field: 'dailyCalories', code: 'validation.dailyCaloriesRequired', message: 'Calorias diárias são obrigatórias' },
      { field: 'macros', code: 'validation.macrosRequired', message: 'Macros são obrigatórios' },
      { field: 'meals', code: 'validation.mealsRequired', message: 'Refeições são obrigatórias' },
    ]);
    const en = await english.post<Body & { details: { field: string; message: string }[] }>(`/api/admin/users/${client.user.id}/workout`, {});
    expect(en.body.details.map((d) => d.message)).toEqual(['Title is required', 'Duration is required', 'Frequency is required', 'Weekly schedule is required']);
    const rows = (await t.database.sql.get<{ n: number }>('SELECT (SELECT count(*) FROM diet_plans) + (SELECT count(*) FROM workout_plans) AS n')) as { n: number };
    expect(rows.n).toBe(0);
  });

  it('lets a teacher touch only the plans of users in their scope', async () => {
    const w = await world();
    const theirs = await w.otherTeacher.c.post<{ diet: { id: string } }>(`/api/admin/users/${w.othersStudent.user.id}/diet`, buildDietInput());
    const id = theirs.body.diet.id;
    expect((await w.teacher.c.post(`/api/admin/users/${w.othersStudent.user.id}/diet`, buildDietInput())).status).toBe(403);
    expect((await w.teacher.c.put(`/api/admin/diet/${id}`, buildDietInput())).status).toBe(403);
    expect((await w.teacher.c.post(`/api/teacher-admin/diet/${id}/publish`)).status).toBe(403);
    expect((await w.teacher.c.request('DELETE', `/api/admin/diet/${id}`)).status).toBe(403);
    expect((await w.teacher.c.post(`/api/admin/users/${w.unassigned.user.id}/diet`, buildDietInput())).status).toBe(201);
    const row = await t.database.sql.get('SELECT status, deleted_at FROM diet_plans WHERE id = ?', [id]);
    expect(row).toEqual({ status: 'draft', deleted_at: null });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses while a paid plan is active (409) and removes the user with their data otherwise', async () => {
    const admin = await as({ role: 'admin' });
    const paying = await as({ name: 'Paula Pagante' });
    await paying.c.post('/api/subscriptions', { planId: 'quarterly' });
    const refused = await admin.c.request<Body>('DELETE', `/api/admin/users/${paying.user.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'USER_HAS_ACTIVE_PLAN', error: 'Este usuário possui plano ativo e não pode ser removido.' });

    const trial = await as();
    await trial.c.post('/api/subscriptions/trial', {});
    await trial.c.post('/api/weight-records', { weight: 80 });
    await admin.c.post(`/api/admin/users/${trial.user.id}/diet`, buildDietInput());
    expect((await admin.c.request('DELETE', `/api/admin/users/${trial.user.id}`)).status).toBe(200);
    expect((await trial.c.get('/api/clients/me')).status).toBe(401);
    const left = (await t.database.sql.get<{ n: number }>(
      'SELECT (SELECT count(*) FROM users WHERE id = ?) + (SELECT count(*) FROM weight_records WHERE user_id = ?) + (SELECT count(*) FROM diet_plans WHERE user_id = ?) + (SELECT count(*) FROM subscriptions WHERE user_id = ?) AS n',
      Array<string>(4).fill(trial.user.id),
    )) as { n: number };
    expect(left.n).toBe(0);
  });

  it('is 403 with the SPEC wording for a teacher removing an admin, a teacher or another teacher’s student, and for anyone removing themselves', async () => {
    const w = await world();
    for (const target of [w.admin.user.id, w.otherTeacher.user.id, w.othersStudent.user.id, w.teacher.user.id]) {
      const response = await w.teacher.c.request<Body>('DELETE', `/api/admin/users/${target}`);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'USER_DELETE_FORBIDDEN', error: 'Você não tem permissão para remover este usuário.' });
    }
    expect((await w.admin.c.request('DELETE', `/api/admin/users/${w.admin.user.id}`)).status).toBe(403);
    expect(await t.database.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 6 });
    // Within scope it works, and a removed teacher's students become unassigned.
    expect((await w.teacher.c.request('DELETE', `/api/admin/users/${w.unassigned.user.id}`)).status).toBe(200);
    expect((await w.admin.c.request('DELETE', `/api/admin/users/${w.otherTeacher.user.id}`)).status).toBe(200);
    expect(await t.database.sql.get('SELECT teacher_id FROM users WHERE id = ?', [w.othersStudent.user.id])).toEqual({ teacher_id: null });
  });
});

describe('generation without any key (built-in generator)', () => {
  it('drafts a diet and a workout that fit the forms, in the client’s language, and saves nothing', async () => {
    const teacher = await as({ role: 'teacher' });
    const student = await as({ teacherId: teacher.user.id, countryCode: 'US', dietaryRestrictions: ['vegetarian'] });
    const diet = await teacher.c.post<{ success: boolean; source: string; diet: Record<string, unknown> }>(`/api/teacher-admin/users/${student.user.id}/generate-diet`);
    expect(diet.status).toBe(200);
    expect(diet.body).toMatchObject({ success: true, source: 'builtin' });
    expect(() => dietPlanInputSchema.validateSync(diet.body.diet)).not.toThrow();
    expect(parseMeals(diet.body.diet.meals).map((m) => m.name)).toContain('Breakfast');
    const workout = await teacher.c.post<{ source: string; workout: Record<string, unknown> }>(`/api/teacher-admin/users/${student.user.id}/generate-workout`);
    expect(workout.body.source).toBe('builtin');
    expect(() => workoutPlanInputSchema.validateSync(workout.body.workout)).not.toThrow();
    expect(await t.database.sql.get('SELECT count(*) AS n FROM diet_plans')).toEqual({ n: 0 });
  });
  it('drafts from the weight the nutrition card shows: the latest record’s, not the registration weight (issue 17)', async () => {
    const teacher = await as({ role: 'teacher' });
    const body = { birthDate: '1990-05-10', gender: 'feminino', height: 170, currentWeight: 90, activityLevel: 'moderate', goalType: 'loseWeight', weeklyWeightGoal: 0.5 };
    const student = await as({ teacherId: teacher.user.id, ...body });
    await student.c.post('/api/weight-records', { weight: 80 });
    const detail = (await teacher.c.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${student.user.id}`)).body.user;
    expect(detail.currentWeight).toBe(80);
    const card = analyseNutrition({ ...detail, weeklyGoal: detail.weeklyWeightGoal }, new Date().toISOString().slice(0, 10));
    const diet = (await teacher.c.post<{ diet: { dailyCalories: number } }>(`/api/teacher-admin/users/${student.user.id}/generate-diet`)).body.diet;
    expect(card.ok && diet.dailyCalories).toBe(card.ok && card.analysis.targetCalories);
  });
});
