/**
 * Plans translated when published (ADR 024), through the routes an author uses: with no AI key
 * from the catalog of foods and meals, with one from the model (the real `openai` SDK against the
 * local fake of its HTTP API).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import { createTestApp, openAnotherInstance, type TestApp } from '../../test/harness.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { buildDietInput, buildWorkoutInput, signIn } from '../../test/factories.ts';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

let t: TestApp;
afterEach(async () => {
  await t.close();
  fake.requests.length = 0;
  fake.respond(null);
});

async function world(env: Record<string, string> = {}) {
  t = await createTestApp({ env });
  const admin = t.client();
  await signIn(admin, t.deps, { role: 'admin' });
  const client = t.client();
  const user = await signIn(client, t.deps, { countryCode: 'AR', preferredLanguage: 'es-AR' });
  await client.post('/api/subscriptions', { planId: 'monthly' });
  return { admin, client, user };
}

describe('publishing a plan translates it into the other two languages', () => {
  it('with no AI key, from the catalog: known foods and meals in each language, the rest as written and the translation marked incomplete; an edit translates again', async () => {
    const { admin, client, user } = await world();
    const created = await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput());
    expect(created.body.diet).toMatchObject({ language: 'pt-BR', translations: {} }); // a draft is not translated
    const { id } = created.body.diet;

    const published = (await admin.post<{ diet: DietPlanDto }>(`/api/teacher-admin/diet/${id}/publish`)).body.diet;
    expect(Object.keys(published.translations).sort()).toEqual(['en-US', 'es-AR']);
    const spanish = published.translations['es-AR'];
    expect(spanish?.content.meals).toEqual([expect.objectContaining({ name: 'Desayuno', time: '07:00', calories: 400, foods: ['Ovos', 'Pan integral'], preparation: 'Huevos revueltos' })]);
    expect(spanish?.title).toBe('Plano alimentar de teste'); // no catalog knows it
    expect(spanish?.complete).toBe(false);
    expect(published.translations['en-US']?.content.meals[0]).toMatchObject({ name: 'Breakfast', foods: ['Ovos', 'Whole wheat bread'], preparation: 'Scrambled eggs' });

    // The reader's device gets it with the plan.
    const pulled = (await client.get<{ changes: { diets: DietPlanDto[] } }>('/api/sync/pull?cursor=0')).body.changes.diets;
    expect(pulled[0]?.translations['es-AR']?.content.meals[0]?.name).toBe('Desayuno');

    const edited = (await admin.put<{ diet: DietPlanDto }>(`/api/admin/diet/${id}`, buildDietInput({ meals: 'Almoço (12:00 - 500 kcal)\nAlimentos: Pão integral' }))).body.diet;
    expect(edited.translations['es-AR']?.content.meals).toEqual([expect.objectContaining({ name: 'Almuerzo', foods: ['Pan integral'] })]);
  });

  it('writes down the author’s language, and translates into the two others', async () => {
    const { user } = await world();
    const english = t.client({ locale: 'en-US' });
    await signIn(english, t.deps, { role: 'teacher', countryCode: 'US', preferredLanguage: 'en-US' });
    await t.database.sql.run('UPDATE users SET teacher_id = (SELECT id FROM users WHERE role = ?) WHERE id = ?', ['teacher', user.id]);
    const created = await english.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput({ title: 'Weight loss plan', meals: 'Breakfast (07:00 - 400 kcal)\nFoods: Whole wheat bread' }));
    expect(created.body.diet.language).toBe('en-US');
    const published = (await english.post<{ diet: DietPlanDto }>(`/api/teacher-admin/diet/${created.body.diet.id}/publish`)).body.diet;
    expect(Object.keys(published.translations).sort()).toEqual(['es-AR', 'pt-BR']);
    expect(published.translations['pt-BR']?.content.meals[0]).toMatchObject({ name: 'Café da manhã', foods: ['Pão integral'] });
  });

  it('with an AI key, the model translates each kind of text, told the source and the target language', async () => {
    const { admin, user } = await world({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-server-0123456789abcdef', OPENAI_MODEL: 'fake-model', APP_SECRET: 'x'.repeat(40) });
    const created = await admin.post<{ workout: WorkoutPlanDto }>(`/api/admin/users/${user.id}/workout`, buildWorkoutInput());
    // The model's words, by the target language's first word: the calls are made at once, in no fixed order.
    const words: Record<string, Record<string, string>> = {
      // '8 semanas' reads the same in Spanish: the model said so, the translation is complete.
      Argentine: { A: 'Entrenamiento A', Agachamento: 'Sentadilla', 'Treino de teste': 'Entrenamiento de prueba', '8 semanas': '8 semanas', '3x por semana': '3 veces por semana' },
      US: { A: 'Workout A', Agachamento: 'Squat', 'Treino de teste': 'Test workout', '8 semanas': '8 weeks', '3x por semana': '3 times a week' },
    };
    fake.respond(({ body }) => {
      const [system, user] = (body.messages ?? []).map((message) => String(message.content));
      const language = /Target language: (\w+)/.exec(system ?? '')?.[1] ?? '';
      const { texts } = JSON.parse(user ?? '{}') as { texts: string[] };
      return { content: JSON.stringify({ translations: texts.map((text) => words[language]?.[text] ?? text) }) };
    });
    const published = (await admin.post<{ workout: WorkoutPlanDto }>(`/api/teacher-admin/workout/${created.body.workout.id}/publish`)).body.workout;

    expect(published.translations['es-AR']).toMatchObject({ title: 'Entrenamiento de prueba', complete: true });
    expect(published.translations['es-AR']?.content.schedule[0]).toMatchObject({ weekday: 1, name: 'Entrenamiento A', exercises: [{ name: 'Sentadilla', sets: '3', reps: '12' }] });
    expect(published.translations['es-AR']?.details).toEqual({ duration: '8 semanas', frequency: '3 veces por semana' });
    expect(published.translations['en-US']?.content.schedule[0]?.exercises[0]?.name).toBe('Squat');
    expect(published.translations['en-US']).toMatchObject({ details: { duration: '8 weeks', frequency: '3 times a week' }, complete: true });
    // One call per language for the whole plan (two of the author's AI calls), each told the
    // source language and the kind of every text.
    const prompts = fake.requests.map((request) => JSON.stringify(request.body.messages));
    expect(prompts).toHaveLength(2);
    expect(prompts.every((prompt) => prompt.includes('Source language: Brazilian Portuguese (pt-BR).'))).toBe(true);
    const sent = JSON.parse(String(fake.requests[0]?.body.messages?.[1]?.content)) as { texts: string[]; kinds: string[] };
    expect(sent.kinds[sent.texts.indexOf('Agachamento')]).toBe('exercises');
  });

  it('an edit keeps the language the plan was written in, whoever edits it', async () => {
    const { user } = await world();
    const english = t.client({ locale: 'en-US' });
    await signIn(english, t.deps, { role: 'admin', countryCode: 'US', preferredLanguage: 'en-US' });
    const created = (await english.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput({ title: 'Weight loss plan', meals: 'Breakfast (07:00 - 400 kcal)\nFoods: Whole wheat bread' }))).body.diet;
    await english.post(`/api/teacher-admin/diet/${created.id}/publish`);

    const portuguese = t.client({ locale: 'pt-BR' });
    await signIn(portuguese, t.deps, { role: 'admin' });
    const edited = (await portuguese.put<{ diet: DietPlanDto }>(`/api/admin/diet/${created.id}`, buildDietInput({ title: 'Weight loss plan, week 2', meals: 'Breakfast (07:00 - 400 kcal)\nFoods: Whole wheat bread' }))).body.diet;

    expect(edited.language).toBe('en-US');
    expect(edited.translations['pt-BR']?.content.meals[0]).toMatchObject({ name: 'Café da manhã', foods: ['Pão integral'] });
    expect(Object.keys(edited.translations).sort()).toEqual(['es-AR', 'pt-BR']);
  });
});

describe('the author reviews a translation and gives their own words (ADR 024)', () => {
  it('replaces the catalog’s or model’s words with the author’s, also through a later edit of the plan', async () => {
    const { admin, client, user } = await world();
    const { id } = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
    await admin.post(`/api/teacher-admin/diet/${id}/publish`);

    const edited = await admin.put<{ diet: DietPlanDto }>(`/api/admin/diet/${id}/translations`, {
      locale: 'es-AR',
      texts: [
        { kind: 'titles', source: 'Plano alimentar de teste', text: 'Plan alimentario de prueba' },
        { kind: 'foods', source: 'Ovos', text: ' Huevos ' },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.diet.translations['es-AR']).toMatchObject({ title: 'Plan alimentario de prueba', content: { meals: [expect.objectContaining({ name: 'Desayuno', foods: ['Huevos', 'Pan integral'] })] } });
    expect(edited.body.diet.translations['en-US']?.title).toBe('Plano alimentar de teste'); // another language's, untouched
    const pulled = (await client.get<{ changes: { diets: DietPlanDto[] } }>('/api/sync/pull?cursor=0')).body.changes.diets;
    expect(pulled[0]?.translations['es-AR']?.title).toBe('Plan alimentario de prueba');

    const after = (await admin.put<{ diet: DietPlanDto }>(`/api/admin/diet/${id}`, buildDietInput({ meals: 'Almoço (12:00 - 500 kcal)\nAlimentos: Ovos, Arroz' }))).body.diet;
    expect(after.translations['es-AR']).toMatchObject({ title: 'Plan alimentario de prueba', content: { meals: [expect.objectContaining({ name: 'Almuerzo', foods: ['Huevos', 'Arroz'] })] } });
  });

  it('refuses a text the plan does not have, the plan’s own language or an empty text, in the author’s language, and changes nothing', async () => {
    const { admin, user } = await world();
    const { id } = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
    await admin.post(`/api/teacher-admin/diet/${id}/publish`);
    const version = () => t.database.sql.get<{ version: number; translation_edits: string }>('SELECT version, translation_edits FROM diet_plans WHERE id = ?', [id]);
    const before = await version();

    const unknown = await admin.put(`/api/admin/diet/${id}/translations`, { locale: 'es-AR', texts: [{ kind: 'foods', source: 'Caviar', text: 'Caviar' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'texts[0].source', code: 'validation.invalidOption' }] });
    expect(typeof unknown.body.error).toBe('string');
    const own = await admin.put(`/api/admin/diet/${id}/translations`, { locale: 'pt-BR', texts: [] });
    expect(own.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'locale' }] });
    const empty = await admin.put(`/api/admin/diet/${id}/translations`, { locale: 'en-US', texts: [{ kind: 'titles', source: 'Plano alimentar de teste', text: '  ' }] });
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'texts[0].text', code: 'validation.required' }] });
    expect(await version()).toEqual(before);
  });
});

describe('plans published with no stored translation are translated in the background (ADR 024)', () => {
  /** A plan as a server older than migration 0016 left it, or one whose translation never landed. */
  const forgetTranslations = (id: string) => t.database.sql.run(`UPDATE diet_plans SET translations = '{}' WHERE id = ?`, [id]);
  const versionOf = async (id: string) => ((await t.database.sql.get<{ version: number }>('SELECT version FROM diet_plans WHERE id = ?', [id])) as { version: number }).version;

  it('translates each published plan once, with a new sync version for its reader’s devices; drafts wait for their publishing', async () => {
    const { admin, client, user } = await world();
    const published = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
    await admin.post(`/api/teacher-admin/diet/${published.id}/publish`);
    await admin.post(`/api/admin/users/${user.id}/diet`, buildDietInput({ title: 'Rascunho' }));
    await forgetTranslations(published.id);
    const before = await versionOf(published.id);

    expect(await t.deps.authoring.translateUntranslated()).toBe(1);

    expect(await versionOf(published.id)).toBeGreaterThan(before);
    const pulled = (await client.get<{ changes: { diets: DietPlanDto[] } }>('/api/sync/pull?cursor=0')).body.changes.diets;
    expect(pulled.find((diet) => diet.id === published.id)?.translations['es-AR']?.content.meals[0]?.name).toBe('Desayuno');
    expect(await t.deps.authoring.translateUntranslated()).toBe(0);
  });

  it('with the model out of quota, leaves the plan for a later round instead of storing half a translation', async () => {
    const { admin, user } = await world({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-server-0123456789abcdef', OPENAI_MODEL: 'fake-model', APP_SECRET: 'x'.repeat(40) });
    const created = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
    await admin.post(`/api/teacher-admin/diet/${created.id}/publish`);
    await forgetTranslations(created.id);
    fake.respond(() => ({ status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded' }));

    expect(await t.deps.authoring.translateUntranslated()).toBe(0);
    expect((await t.deps.authoring.diets.listFor(user.id))[0]?.translations).toEqual({});

    fake.respond(({ body }) => {
      const { texts } = JSON.parse(String(body.messages?.[1]?.content)) as { texts: string[] };
      return { content: JSON.stringify({ translations: texts.map((text) => `[${text}]`) }) };
    });
    expect(await t.deps.authoring.translateUntranslated()).toBe(1);
    expect((await t.deps.authoring.diets.listFor(user.id))[0]?.translations['en-US']?.title).toBe('[Plano alimentar de teste]');
  });

  it('two instances running the round at the same moment translate each plan once, and a crashed instance’s claim runs out', async () => {
    const { admin, user } = await world({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-server-0123456789abcdef', OPENAI_MODEL: 'fake-model', APP_SECRET: 'x'.repeat(40) });
    // Published while the model was failing: no word of theirs is known yet, every round must ask.
    const titles = ['Plano A', 'Plano B', 'Plano C', 'Plano D', 'Plano E'];
    for (const title of titles) {
      const { id } = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput({ title }))).body.diet;
      await admin.post(`/api/teacher-admin/diet/${id}/publish`);
      await forgetTranslations(id);
    }
    fake.requests.length = 0;
    fake.respond(({ body }) => {
      const { texts } = JSON.parse(String(body.messages?.[1]?.content)) as { texts: string[] };
      return { content: JSON.stringify({ translations: texts.map((text) => `[${text}]`) }) };
    });
    const other = openAnotherInstance(t);
    try {
      const elsewhere = other.deps;
      const [here, there] = await Promise.all([t.deps.authoring.translateUntranslated(), elsewhere.authoring.translateUntranslated()]);
      expect(here + there).toBe(titles.length);
      // Each plan asked of the model once per language it is translated into, by one instance.
      const askedFor = (title: string) => fake.requests.filter((request) => String(request.body.messages?.[1]?.content).includes(title)).length;
      expect(titles.map(askedFor)).toEqual(titles.map(() => 2));
      for (const diet of await t.deps.authoring.diets.listFor(user.id)) expect(diet.translations['en-US']?.title).toBe(`[${diet.title}]`);

      // An instance that claimed a plan and died: the plan waits until its claim runs out, then is translated once.
      const [first] = await t.deps.authoring.diets.listFor(user.id);
      await forgetTranslations(first!.id);
      await t.database.sql.run('UPDATE diet_plans SET translation_claimed_until = ? WHERE id = ?', [Date.now() + 60_000, first!.id]);
      expect(await elsewhere.authoring.translateUntranslated()).toBe(0);
      await t.database.sql.run('UPDATE diet_plans SET translation_claimed_until = ? WHERE id = ?', [Date.now() - 1, first!.id]);
      expect(await elsewhere.authoring.translateUntranslated()).toBe(1);
      const claims = await t.database.sql.all<{ claimed: number | null }>('SELECT translation_claimed_until AS claimed FROM diet_plans');
      expect(claims.map((row) => row.claimed)).toEqual(titles.map(() => null));
    } finally {
      await other.close();
    }
  });

  it('a plan published while the model was out of quota is translated by a later round, once', async () => {
    const { admin, user } = await world({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-server-0123456789abcdef', OPENAI_MODEL: 'fake-model', APP_SECRET: 'x'.repeat(40) });
    const created = (await admin.post<{ diet: DietPlanDto }>(`/api/admin/users/${user.id}/diet`, buildDietInput())).body.diet;
    fake.respond(() => ({ status: 429, message: 'Rate limit reached', code: 'rate_limit_exceeded' }));
    await admin.post(`/api/teacher-admin/diet/${created.id}/publish`);
    // What the catalog knew is stored at once; the title nobody knew stays as written.
    expect((await t.deps.authoring.diets.listFor(user.id))[0]?.translations['en-US']).toMatchObject({ title: 'Plano alimentar de teste', complete: false });

    fake.respond(({ body }) => {
      const { texts } = JSON.parse(String(body.messages?.[1]?.content)) as { texts: string[] };
      return { content: JSON.stringify({ translations: texts.map((text) => `[${text}]`) }) };
    });
    expect(await t.deps.authoring.translateUntranslated()).toBe(1);
    expect((await t.deps.authoring.diets.listFor(user.id))[0]?.translations['en-US']?.title).toBe('[Plano alimentar de teste]');
    expect(await t.deps.authoring.translateUntranslated()).toBe(0);
  });
});
