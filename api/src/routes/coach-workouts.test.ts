/** The coach sees a client's workouts (issue 48, part 6): sessions with their sets against the prescription, the week's adherence, the scope, the attention view, live pokes. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoachStudentAttention } from '#protocol/contract/messages.ts';
import type { StaffWorkoutHistory } from '#protocol/contract/staff.ts';
import type { Prescription } from '#protocol/conflict/workout.ts';
import { ATTENTION_FILTERS } from '#protocol/domain/attention.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { aCoachingTeam, outcomesOf, pushFrom, signedIn, TestDevice } from '../../test/factories.ts';
import { COACH_WORKOUT_SESSIONS } from '../services/coach-workouts.ts';

// Sunday 29 November 2026, 17:00 in São Paulo: the student's week began on Monday the 23rd.
const SUNDAY = Date.UTC(2026, 10, 29, 20, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const world = { now: SUNDAY };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => world.now });
});
afterAll(() => t.close());

const as = (overrides: Parameters<typeof signedIn>[1] = {}) => signedIn(t, overrides);

/** The coach's people, the teacher with one student. */
const team = () => aCoachingTeam(t);

/** A published workout plan of `userId`: Monday's day "Treino A - Peito", Wednesday's "Treino B". */
function aPublishedPlan(userId: string, overrides: { frequency?: string | null; weeklySchedule?: string } = {}) {
  return t.deps.plans.addWorkout(userId, {
    title: 'Hipertrofia',
    description: null,
    status: 'published',
    duration: '8 semanas',
    frequency: '3x por semana',
    weeklySchedule: JSON.stringify([
      { day: 'Segunda-feira', workout: { name: 'Treino A - Peito', exercises: [{ name: 'Supino reto', sets: '4', reps: '8-10', rest: '90s' }] } },
      { day: 'Quarta-feira', workout: { name: 'Treino B', exercises: [{ name: 'Agachamento', sets: '4', reps: '8' }] } },
    ]),
    progressionTips: null,
    safetyNotes: null,
    ...overrides,
  });
}

interface SessionSpec {
  startedAt: number;
  /** Minutes after the start; null leaves it open. */
  minutes?: number | null;
  planId?: string;
  weekday?: number;
  exercises?: { name: string; prescription?: Prescription | null; sets?: { reps: number | null; loadKg?: number | null; seconds?: number | null }[] }[];
}

/** The mutations a phone records for one session; its ids, to correct or remove a part later. */
function aSession(device: TestDevice, { startedAt, minutes = 50, planId, weekday, exercises = [{ name: 'Supino reto', prescription: { sets: '4', reps: '8-10', rest: '90s' }, sets: [{ reps: 8, loadKg: 40 }] }] }: SessionSpec) {
  const id = uuidv7();
  const at = (offset: number) => new Date(startedAt + offset * 60_000).toISOString();
  const parts = exercises.map((exercise, position) => ({ id: uuidv7(), exercise, position, sets: (exercise.sets ?? []).map(() => uuidv7()) }));
  const mutations = [
    device.mutation('workout.start', { id, startedAt: at(0), ...(planId ? { planId, weekday } : {}) }),
    ...parts.flatMap(({ id: exerciseId, exercise, position, sets }) => [
      device.mutation('workoutExercise.add', { id: exerciseId, sessionId: id, exerciseKey: exercise.name.toLowerCase(), name: exercise.name, kind: 'load', ...(exercise.prescription ? { prescription: exercise.prescription } : {}), position }),
      ...(exercise.sets ?? []).map((set, k) =>
        device.mutation('workoutSet.add', { id: sets[k] as string, sessionId: id, exerciseId, position: k, reps: set.reps, loadKg: set.loadKg ?? null, seconds: set.seconds ?? null, doneAt: at(2 + 3 * k + position) }),
      ),
    ]),
    ...(minutes === null ? [] : [device.mutation('workout.finish', { id, endedAt: at(minutes) })]),
  ];
  return { id, exercises: parts.map((part) => ({ id: part.id, sets: part.sets })), mutations };
}

async function pushed(client: { c: TestClient }, device: TestDevice, mutations: unknown[]) {
  const response = await pushFrom(client.c, device, mutations);
  expect(outcomesOf(response.body).every((outcome) => outcome === 'applied'), JSON.stringify(response.body)).toBe(true);
}

const history = (c: TestClient, clientId: string) => c.get<StaffWorkoutHistory & { code?: string }>(`/api/coach/clients/${clientId}/workout-sessions`);

describe('GET /api/coach/clients/:id/workout-sessions', () => {
  it('gives the teacher their student’s sessions newest first, each exercise with its prescription, its sets in order, the client’s note and skips, and the day’s name from the plan', async () => {
    world.now = SUNDAY;
    const w = await team();
    const planId = await aPublishedPlan(w.ana.user.id);
    const phone = new TestDevice(undefined, () => world.now);
    const monday = aSession(phone, {
      startedAt: Date.UTC(2026, 10, 23, 10, 0),
      planId,
      weekday: 1,
      exercises: [
        { name: 'Supino reto', prescription: { sets: '4', reps: '8-10', rest: '90s' }, sets: [{ reps: 8, loadKg: 40 }, { reps: 8, loadKg: 40 }, { reps: 7, loadKg: 40 }] },
        { name: 'Crucifixo', prescription: { sets: '3', reps: '12', rest: null } },
        { name: 'Prancha', prescription: null, sets: [{ reps: null, seconds: 45 }] },
      ],
    });
    const today = aSession(phone, { startedAt: SUNDAY - HOUR, minutes: null });
    const [bench, fly] = monday.exercises as [{ id: string; sets: string[] }, { id: string; sets: string[] }];
    await pushed(w.ana, phone, [
      ...monday.mutations,
      phone.mutation('workoutExercise.update', { id: fly.id, skipped: true, note: 'Ombro doendo' }),
      phone.mutation('workoutSet.update', { id: bench.sets[2] as string, reps: 6 }),
      ...today.mutations,
    ]);

    const response = await history(w.teacher.c, w.ana.user.id);
    expect(response.status).toBe(200);
    const { sessions } = response.body;
    expect(sessions.map((session) => [session.id, session.endedAt, session.dayName])).toEqual([
      [today.id, null, null],
      [monday.id, '2026-11-23T10:50:00.000Z', 'Treino A - Peito'],
    ]);
    const [, done] = sessions as [unknown, StaffWorkoutHistory['sessions'][number]];
    expect(done).toMatchObject({ planId, weekday: 1, startedAt: '2026-11-23T10:00:00.000Z' });
    expect(done.exercises.map((exercise) => [exercise.name, exercise.prescription, exercise.skipped, exercise.note, exercise.sets.map((set) => [set.reps, set.loadKg, set.seconds])])).toEqual([
      ['Supino reto', { sets: '4', reps: '8-10', rest: '90s' }, false, null, [[8, 40, null], [8, 40, null], [6, 40, null]]],
      ['Crucifixo', { sets: '3', reps: '12', rest: null }, true, 'Ombro doendo', []],
      ['Prancha', null, false, null, [[null, null, 45]]],
    ]);
  });

  it('leaves out a discarded session, a removed exercise and a removed set', async () => {
    world.now = SUNDAY;
    const w = await team();
    const phone = new TestDevice(undefined, () => world.now);
    const kept = aSession(phone, {
      startedAt: SUNDAY - 2 * DAY,
      exercises: [
        { name: 'Remada', sets: [{ reps: 10, loadKg: 30 }, { reps: 10, loadKg: 30 }] },
        { name: 'Rosca', sets: [{ reps: 12, loadKg: 10 }] },
        { name: 'Prancha', sets: [{ reps: null, seconds: 30 }] },
      ],
    });
    const discarded = aSession(phone, { startedAt: SUNDAY - DAY });
    const [row, curl, plank] = kept.exercises as [{ id: string; sets: string[] }, { id: string; sets: string[] }, { id: string; sets: string[] }];
    await pushed(w.ana, phone, [
      ...kept.mutations,
      ...discarded.mutations,
      phone.mutation('workout.discard', { id: discarded.id }),
      phone.mutation('workoutExercise.remove', { id: curl.id }),
      phone.mutation('workoutSet.remove', { id: row.sets[1] as string }),
      phone.mutation('workoutSet.remove', { id: plank.sets[0] as string }),
    ]);

    const { sessions, exercises } = (await history(w.admin.c, w.ana.user.id)).body;
    expect(sessions.map((session) => session.id)).toEqual([kept.id]);
    expect(sessions[0]?.exercises.map((exercise) => [exercise.name, exercise.sets.map((set) => set.id)])).toEqual([
      ['Remada', [row.sets[0]]],
      ['Prancha', []],
    ]);
    // The exercises done: none of the discarded session's, nor one removed, nor one whose sets all were.
    expect(exercises).toEqual([{ exerciseId: 'remada', names: [{ nameKey: 'remada', name: 'Remada' }], sessions: 1, lastDoneAt: new Date(SUNDAY - 2 * DAY).toISOString() }]);
  });

  it(`lists the newest ${COACH_WORKOUT_SESSIONS} sessions`, async () => {
    world.now = SUNDAY;
    const w = await team();
    const phone = new TestDevice(undefined, () => world.now);
    const all = Array.from({ length: COACH_WORKOUT_SESSIONS + 2 }, (_, k) => aSession(phone, { startedAt: SUNDAY - (k + 1) * DAY, exercises: [] }));
    await pushed(w.ana, phone, all.flatMap((session) => session.mutations));
    const { sessions } = (await history(w.teacher.c, w.ana.user.id)).body;
    expect(sessions.map((session) => session.id)).toEqual(all.slice(0, COACH_WORKOUT_SESSIONS).map((session) => session.id));
  });

  it('counts this week’s finished sessions on the student’s calendar against the plan’s frequency', async () => {
    world.now = SUNDAY;
    const w = await team();
    await aPublishedPlan(w.ana.user.id, { frequency: '4 vezes por semana' });
    const phone = new TestDevice(undefined, () => world.now);
    const sessions = [
      aSession(phone, { startedAt: Date.UTC(2026, 10, 23, 2, 30) }), // Sunday the 22nd, 23:30 in São Paulo: last week
      aSession(phone, { startedAt: Date.UTC(2026, 10, 23, 10, 0) }), // Monday
      aSession(phone, { startedAt: Date.UTC(2026, 10, 25, 10, 0) }), // Wednesday
      aSession(phone, { startedAt: SUNDAY - HOUR, minutes: null }), // today, still open
    ];
    await pushed(w.ana, phone, sessions.flatMap((session) => session.mutations));
    expect((await history(w.teacher.c, w.ana.user.id)).body.adherence).toEqual({ weekStart: '2026-11-23', done: 2, target: 4 });
  });

  it('takes the training days of the latest published plan when its frequency does not read, and no target without a published plan', async () => {
    world.now = SUNDAY;
    const w = await team();
    expect((await history(w.teacher.c, w.ana.user.id)).body.adherence).toEqual({ weekStart: '2026-11-23', done: 0, target: null });
    await aPublishedPlan(w.ana.user.id, { frequency: 'conforme a agenda' });
    expect((await history(w.teacher.c, w.ana.user.id)).body.adherence.target).toBe(2);
  });

  it('is for admins and the client’s own teacher: another teacher’s student and a client with no teacher are 403, the client themselves 403, no such client 404', async () => {
    world.now = SUNDAY;
    const w = await team();
    const statuses = await Promise.all([
      history(w.admin.c, w.olga.user.id),
      history(w.admin.c, w.livre.user.id),
      history(w.teacher.c, w.olga.user.id),
      history(w.teacher.c, w.livre.user.id),
      history(w.ana.c, w.ana.user.id),
      history(w.teacher.c, uuidv7()),
      history(w.admin.c, w.teacher.user.id),
      history(w.teacher.c, 'not-an-id'),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([200, 200, 403, 403, 403, 404, 404, 404]);
    expect(statuses[2]?.body).toMatchObject({ code: 'FORBIDDEN', error: expect.any(String) });
  });

  it('pokes the client’s teacher when a set arrives, so an open view fetches again', async () => {
    world.now = SUNDAY;
    const w = await team();
    const pokes: number[] = [];
    const stop = t.deps.live.subscribe(w.teacher.user.id, { poke: (version) => pokes.push(version), close: () => {} });
    const others: number[] = [];
    const stopOther = t.deps.live.subscribe(w.other.user.id, { poke: (version) => others.push(version), close: () => {} });
    const phone = new TestDevice(undefined, () => world.now);
    await pushed(w.ana, phone, aSession(phone, { startedAt: SUNDAY - HOUR, minutes: null }).mutations);
    // The coaches are looked up after the commit: the teacher's poke, and the other teacher's if one were due, leave together.
    await vi.waitFor(() => expect(pokes.length).toBeGreaterThan(0));
    stop();
    stopOther();
    expect([pokes.length, others.length]).toEqual([1, 0]);
  });
});

describe('who needs attention sees the workouts', () => {
  it('gives each student the start of their latest finished session, and flags a week without one only for a student with a published plan', async () => {
    world.now = SUNDAY;
    const w = await team();
    const bia = await as({ name: 'Bia Aluna', teacherId: w.teacher.user.id });
    const caio = await as({ name: 'Caio Aluno', teacherId: w.teacher.user.id });
    await aPublishedPlan(w.ana.user.id);
    await aPublishedPlan(bia.user.id);
    const anaPhone = new TestDevice(undefined, () => world.now);
    const lastWeek = Date.UTC(2026, 10, 19, 10, 0);
    await pushed(w.ana, anaPhone, [...aSession(anaPhone, { startedAt: lastWeek }).mutations, ...aSession(anaPhone, { startedAt: SUNDAY - HOUR, minutes: null }).mutations]);
    const caioPhone = new TestDevice(undefined, () => world.now);
    await pushed(caio, caioPhone, aSession(caioPhone, { startedAt: SUNDAY - 20 * DAY }).mutations);

    const students = (await w.teacher.c.get<{ students: CoachStudentAttention[] }>('/api/coach/attention')).body.students;
    const byName = new Map(students.map((student) => [student.clientName, student]));
    expect(byName.get('Ana Aluna')).toMatchObject({ lastWorkoutAt: new Date(lastWeek).toISOString(), daysSinceWorkout: 10, hasWorkoutPlan: true });
    expect(byName.get('Bia Aluna')).toMatchObject({ lastWorkoutAt: null, daysSinceWorkout: null, hasWorkoutPlan: true });
    expect(byName.get('Caio Aluno')).toMatchObject({ daysSinceWorkout: 20, hasWorkoutPlan: false });
    expect(students.filter(ATTENTION_FILTERS.noWorkout7).map((student) => student.clientName)).toEqual(['Ana Aluna', 'Bia Aluna']);
  });
});
