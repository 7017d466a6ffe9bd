/**
 * An exercise keeps its identity (issue 48, part 5; ADR 030): publishing a workout gives each
 * exercise a stable id, kept across the plan's versions and a retyped name; a coach merges two
 * names into one exercise, and takes one out again; the client's devices pull the names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffExercise, StaffWorkoutHistory } from '#protocol/contract/staff.ts';
import type { ExerciseName } from '#protocol/conflict/workout.ts';
import { namesOfExercise } from '#protocol/domain/exercise-name.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { buildWorkoutInput, outcomesOf, pullFrom, pushFrom, signedIn, TestDevice } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (overrides: Parameters<typeof signedIn>[1] = {}) => signedIn(t, overrides);

const day = (name: string, exercises: string[]) => ({ day: 'Segunda-feira', workout: { name, exercises: exercises.map((exercise) => ({ name: exercise, sets: '3', reps: '10' })) } });

/** A teacher's student with a plan published through the admin panel. */
async function aStudentWithPlan(exercises: string[]) {
  const teacher = await as({ role: 'teacher' });
  const student = await as({ teacherId: teacher.user.id });
  const created = await teacher.c.post<{ workout: { id: string } }>(`/api/admin/users/${student.user.id}/workout`, buildWorkoutInput({ weeklySchedule: [day('A', exercises)] }));
  await teacher.c.post(`/api/teacher-admin/workout/${created.body.workout.id}/publish`);
  return { teacher, student, planId: created.body.workout.id };
}

const namesPulled = async (c: TestClient): Promise<ExerciseName[]> => (await pullFrom(c)).changes.exerciseNames;
const idOf = (names: ExerciseName[], nameKey: string) => names.find((name) => name.nameKey === nameKey)?.exerciseId;

/** A session of the client's with one set of each exercise named, pushed from a phone; `hoursAgo` its start. */
async function trained(client: { c: TestClient }, names: string[], hoursAgo = 1) {
  const device = new TestDevice();
  const sessionId = uuidv7();
  const mutations = [
    device.mutation('workout.start', { id: sessionId, startedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() }),
    ...names.flatMap((name, position) => {
      const exerciseId = uuidv7();
      return [
        device.mutation('workoutExercise.add', { id: exerciseId, sessionId, exerciseKey: name.toLowerCase(), name, kind: 'load', position }),
        device.mutation('workoutSet.add', { id: uuidv7(), sessionId, exerciseId, position: 0, reps: 10, loadKg: 20, seconds: null, doneAt: new Date(Date.now() - hoursAgo * 3_600_000 + 600_000).toISOString() }),
      ];
    }),
  ];
  const response = await pushFrom(client.c, device, mutations);
  expect(outcomesOf(response.body).every((outcome) => outcome === 'applied'), JSON.stringify(response.body)).toBe(true);
}

const merge = (c: TestClient, clientId: string, body: unknown) => c.post<{ exercises: StaffExercise[]; code?: string; details?: { field: string }[] }>(`/api/coach/clients/${clientId}/exercise-merges`, body);
const separate = (c: TestClient, clientId: string, body: unknown) => c.post<{ exercises: StaffExercise[]; code?: string }>(`/api/coach/clients/${clientId}/exercise-separations`, body);
const exercisesOf = async (c: TestClient, clientId: string) => (await c.get<StaffWorkoutHistory>(`/api/coach/clients/${clientId}/workout-sessions`)).body.exercises;

describe('publishing a workout gives each exercise a stable id', () => {
  it('one per name, reaching the client’s devices in the pull and the export', async () => {
    const { student } = await aStudentWithPlan(['Supino reto', 'Agachamento livre']);
    const names = await namesPulled(student.c);
    expect(names.map((name) => name.nameKey).sort()).toEqual(['agachamento livre', 'supino reto']);
    expect(new Set(names.map((name) => name.exerciseId)).size).toBe(2);
    const exported = (await student.c.get<{ exerciseNames: unknown[] }>('/api/clients/me/export')).body;
    expect(exported.exerciseNames).toEqual(expect.arrayContaining(names.map(({ nameKey, exerciseId }) => ({ nameKey, exerciseId }))));
  });

  it('keeps the id in the plan’s next version, for the same name however it is retyped, and gives a new name a new one', async () => {
    const { teacher, student, planId } = await aStudentWithPlan(['Supino reto']);
    const before = idOf(await namesPulled(student.c), 'supino reto');
    await teacher.c.put(`/api/admin/workout/${planId}`, buildWorkoutInput({ weeklySchedule: [day('A', ['SUPINO-RETO', 'Remada curvada'])] }));
    const next = await teacher.c.post<{ workout: { id: string } }>(`/api/admin/users/${student.user.id}/workout`, buildWorkoutInput({ weeklySchedule: [day('B', ['Supino  Reto'])] }));
    await teacher.c.post(`/api/teacher-admin/workout/${next.body.workout.id}/publish`);
    const names = await namesPulled(student.c);
    expect(names.map((name) => name.nameKey).sort()).toEqual(['remada curvada', 'supino reto']);
    expect(idOf(names, 'supino reto')).toBe(before);
  });

  it('gives a draft’s names none: the client sees nothing of a plan not published', async () => {
    const teacher = await as({ role: 'teacher' });
    const student = await as({ teacherId: teacher.user.id });
    await teacher.c.post(`/api/admin/users/${student.user.id}/workout`, buildWorkoutInput({ weeklySchedule: [day('A', ['Segredo'])] }));
    expect(await namesPulled(student.c)).toEqual([]);
  });
});

describe('POST /api/coach/clients/:id/exercise-merges', () => {
  it('joins a retyped exercise to the plan’s: one exercise for the coach, one history on the device, whatever the order of later merges', async () => {
    const { teacher, student } = await aStudentWithPlan(['Supino reto']);
    await trained(student, ['Supino reto', 'Supino com barra', 'Agachamento']);
    expect((await exercisesOf(teacher.c, student.user.id)).map((exercise) => exercise.names.map((name) => name.nameKey))).toEqual([['supino reto'], ['supino com barra'], ['agachamento']]);

    const merged = await merge(teacher.c, student.user.id, { from: 'supino com barra', into: 'supino reto' });
    expect(merged.status).toBe(200);
    const supino = merged.body.exercises.find((exercise) => exercise.names.some((name) => name.nameKey === 'supino reto'));
    expect(supino).toMatchObject({ names: [{ nameKey: 'supino reto', name: 'Supino reto' }, { nameKey: 'supino com barra', name: 'Supino com barra' }], sessions: 1 });
    expect(merged.body.exercises).toHaveLength(2);

    const names = await namesPulled(student.c);
    expect(namesOfExercise('supino com barra', names).sort()).toEqual(['supino com barra', 'supino reto']);
    expect(idOf(names, 'supino com barra')).toBe(supino?.exerciseId);

    const again = await merge(teacher.c, student.user.id, { from: 'supino com barra', into: 'supino reto' });
    expect(again.body.exercises).toEqual(merged.body.exercises);
  });

  it('lists the exercise under the name it was merged into, as last written, however recently the other name was done', async () => {
    const { teacher, student } = await aStudentWithPlan(['Supino reto']);
    await trained(student, ['Supino Reto'], 72);
    await trained(student, ['SUPINO RETO'], 48);
    await trained(student, ['Supino com barra'], 1);
    const merged = await merge(teacher.c, student.user.id, { from: 'supino com barra', into: 'supino reto' });
    const expected = [{ names: [{ nameKey: 'supino reto', name: 'SUPINO RETO' }, { nameKey: 'supino com barra', name: 'Supino com barra' }], sessions: 3 }];
    expect(merged.body.exercises).toMatchObject(expected);
    expect(await exercisesOf(teacher.c, student.user.id)).toMatchObject(expected);

    // The other way round, and a third name merged into the pair: still the name the coach chose first.
    await separate(teacher.c, student.user.id, { nameKey: 'supino com barra' });
    await merge(teacher.c, student.user.id, { from: 'supino reto', into: 'supino com barra' });
    await trained(student, ['Supino barra'], 0.5);
    const third = await merge(teacher.c, student.user.id, { from: 'supino barra', into: 'supino reto' });
    expect(third.body.exercises.map((exercise) => exercise.names.map((name) => name.nameKey))).toEqual([['supino com barra', 'supino barra', 'supino reto']]);
  });

  it('takes a merged name out again', async () => {
    const { teacher, student } = await aStudentWithPlan(['Supino reto']);
    await trained(student, ['Supino reto', 'Supino inclinado']);
    await merge(teacher.c, student.user.id, { from: 'supino inclinado', into: 'supino reto' });
    const separated = await separate(teacher.c, student.user.id, { nameKey: 'supino inclinado' });
    expect(separated.status).toBe(200);
    expect(separated.body.exercises.map((exercise) => exercise.names.map((name) => name.nameKey))).toEqual([['supino reto'], ['supino inclinado']]);
    expect(namesOfExercise('supino reto', await namesPulled(student.c))).toEqual(['supino reto']);
  });

  it('refuses a name the client never trained nor was given, and a bad body, by field in the coach’s language, changing nothing', async () => {
    const { teacher, student } = await aStudentWithPlan(['Supino reto']);
    const unknown = await merge(teacher.c, student.user.id, { from: 'voador', into: 'supino reto' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'from' }] });
    for (const body of [{}, { from: 'supino reto' }, { from: 1, into: 'supino reto' }, { from: 'x'.repeat(121), into: 'supino reto' }, { from: 'supino reto', into: 'supino reto', extra: 1 }]) {
      const refused = await merge(teacher.c, student.user.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await separate(teacher.c, student.user.id, { nameKey: 'voador' })).status).toBe(400);
    expect((await namesPulled(student.c)).map((name) => name.nameKey)).toEqual(['supino reto']);
  });

  it('lets a teacher merge only their own students’ names; admins any client’s; a client none', async () => {
    const { student } = await aStudentWithPlan(['Supino reto']);
    await trained(student, ['Supino reto', 'Supino barra']);
    const otherTeacher = await as({ role: 'teacher' });
    const admin = await as({ role: 'admin' });
    const body = { from: 'supino barra', into: 'supino reto' };
    expect((await merge(otherTeacher.c, student.user.id, body)).status).toBe(403);
    expect((await merge(student.c, student.user.id, body)).status).toBe(403);
    expect((await separate(otherTeacher.c, student.user.id, { nameKey: 'supino barra' })).status).toBe(403);
    expect((await merge(admin.c, student.user.id, body)).status).toBe(200);
    expect((await merge(admin.c, uuidv7(), body)).status).toBe(404);
  });
});
