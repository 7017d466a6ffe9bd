import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dietPlanInputSchema, workoutPlanInputSchema } from '#protocol/schemas/plans.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildDietInput, buildWorkoutInput, createUser } from '../../test/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A plan as a server older than ADR 024 left it: its texts, no structure. */
const forgetStructure = (table: 'diet_plans' | 'workout_plans', id: string) => t.database.sql.run(`UPDATE ${table} SET content = NULL, unreadable = '[]' WHERE id = ?`, [id]);
const versionOf = async (table: 'diet_plans' | 'workout_plans', id: string) => ((await t.database.sql.get<{ version: number }>(`SELECT version FROM ${table} WHERE id = ?`, [id])) as { version: number }).version;

describe('the start-up backfill of plans stored before their texts were structured (ADR 024)', () => {
  it('structures each one as a save would, with a new sync version, and finds none the next time', async () => {
    const { user } = await createUser(t.deps);
    const { authoring } = t.deps;
    const diet = await authoring.diets.create(user.id, dietPlanInputSchema.cast(buildDietInput()), 'pt-BR');
    const workout = await authoring.workouts.create(user.id, workoutPlanInputSchema.cast(buildWorkoutInput()), 'pt-BR');
    await forgetStructure('diet_plans', diet.id);
    await forgetStructure('workout_plans', workout.id);
    const before = { diet: await versionOf('diet_plans', diet.id), workout: await versionOf('workout_plans', workout.id) };

    expect(await authoring.structureOlderPlans()).toBe(2);

    const [dietAfter] = await authoring.diets.listFor(user.id);
    const [workoutAfter] = await authoring.workouts.listFor(user.id);
    expect(dietAfter).toMatchObject({ content: diet.content, unreadable: diet.unreadable });
    expect(workoutAfter).toMatchObject({ content: workout.content, unreadable: [] });
    expect(workoutAfter?.content.schedule.map((day) => day.weekday)).toEqual([1]);
    expect(await versionOf('diet_plans', diet.id)).toBeGreaterThan(before.diet);
    expect(await versionOf('workout_plans', workout.id)).toBeGreaterThan(before.workout);
    expect(await authoring.structureOlderPlans()).toBe(0);
  });

  it('reads a plan the backfill has not reached yet as structured all the same', async () => {
    const { user } = await createUser(t.deps);
    const diet = await t.deps.authoring.diets.create(user.id, dietPlanInputSchema.cast(buildDietInput()), 'pt-BR');
    await forgetStructure('diet_plans', diet.id);
    expect((await t.deps.authoring.diets.listFor(user.id))[0]?.content).toEqual(diet.content);
  });
});
