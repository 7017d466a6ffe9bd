/**
 * AI generation, translation and image recognition through the real `openai` SDK, against a
 * local OpenAI-compatible server on 127.0.0.1 (api/test/fake-openai.ts): nothing is mocked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMeals } from '#protocol/domain/diet-plan.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.ts';
import { createUser, signIn } from '../../test/factories.ts';

const SERVER_KEY = 'sk-server-0123456789abcdef';
const TEACHER_KEY = 'sk-teacher-fedcba9876543210';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  fake.requests.length = 0;
});

const logLines: string[] = [];
const log = {
  info: (event: string, fields?: Record<string, unknown>) => void logLines.push(JSON.stringify({ event, ...fields })),
  error: (event: string, fields?: Record<string, unknown>) => void logLines.push(JSON.stringify({ event, ...fields })),
};

async function app(env: Record<string, string> = {}) {
  t = await createTestApp({ env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model', APP_SECRET: 'x'.repeat(40), ...env }, log });
  return t;
}

async function signedIn(a: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const c = a.client();
  const user = await signIn(c, a.deps, overrides);
  return { c, user };
}

const aiDiet = {
  title: 'Plano de emagrecimento',
  description: 'Déficit de 500 kcal',
  dailyCalories: 1650,
  macros: { protein: 124, carbs: 165, fat: 55 },
  meals: [{ name: 'Café da manhã', time: '07:00', calories: 400, foods: ['2 ovos', '1 fatia de pão integral'], preparation: 'Ovos mexidos' }],
  weeklyMenu: 'Segunda: frango',
  tips: ['Beba água'],
  substitutions: ['Arroz ↔ Batata-doce'],
  extra: 'dropped',
};

type Body = { code?: string; error?: string; source?: string; diet?: Record<string, unknown>; workout?: Record<string, unknown> };

describe('generate-diet and generate-workout through the SDK', () => {
  it("uses the teacher's own key before the server's, and sends no name, email or phone", async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const teacher = await signedIn(a, { role: 'teacher' });
    await a.deps.generation.setTeacherKey(teacher.user.id, TEACHER_KEY);
    const student = await createUser(a.deps, { name: 'Beatriz Privada', phone: '+55 11 91234-5678', teacherId: teacher.user.id });
    fake.answer({ content: JSON.stringify(aiDiet) });
    const response = await teacher.c.post<Body>(`/api/teacher-admin/users/${student.user.id}/generate-diet`);
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('ai');
    expect(response.body.diet).toMatchObject({ title: 'Plano de emagrecimento', dailyCalories: 1650, macros: JSON.stringify(aiDiet.macros) });
    expect(response.body.diet).not.toHaveProperty('extra');
    expect(parseMeals(response.body.diet?.meals)).toEqual([expect.objectContaining({ name: 'Café da manhã', time: '07:00', calories: 400 })]);
    const [request] = fake.requests;
    expect(request?.authorization).toBe(`Bearer ${TEACHER_KEY}`);
    expect(request?.body.model).toBe('fake-model');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    const sent = JSON.stringify(request?.body);
    expect(sent).not.toMatch(/Beatriz|@example\.com|91234/);
    expect(sent).toContain('Brazilian Portuguese');

    // An admin has no key of their own: the server's is used.
    const admin = await signedIn(a, { role: 'admin' });
    fake.answer({ content: JSON.stringify({ title: 'Treino', duration: '8 semanas', frequency: '3x', weeklySchedule: [{ day: 'Segunda-feira', workout: { name: 'A', exercises: [] } }] }) });
    const workout = await admin.c.post<Body>(`/api/teacher-admin/users/${student.user.id}/generate-workout`);
    expect(workout.body).toMatchObject({ source: 'ai', workout: { title: 'Treino', frequency: '3x' } });
    expect(fake.requests[1]?.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it.each([
    [{ status: 429, code: 'insufficient_quota' }, 429, 'AI_QUOTA_EXCEEDED', 'Quota do ChatGPT excedida. Tente novamente em alguns minutos'],
    [{ status: 503 }, 503, 'AI_UNAVAILABLE', 'Serviço do ChatGPT indisponível. Tente novamente em instantes'],
    [{ status: 500 }, 502, 'AI_FAILED', 'A IA não respondeu: HTTP 500'],
    [{ content: 'Claro! Aqui está a dieta: {' }, 502, 'AI_INVALID_RESPONSE', 'Resposta da IA inválida'],
    [{ content: JSON.stringify({ title: 'Sem refeições', dailyCalories: 1800, macros: 'equilibrado' }) }, 502, 'AI_INVALID_RESPONSE', 'Resposta da IA inválida'],
    [{ content: JSON.stringify([aiDiet]) }, 502, 'AI_INVALID_RESPONSE', 'Resposta da IA inválida'],
  ] as const)('answers %j from the provider with %i %s', async (answer, status, code, message) => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const admin = await signedIn(a, { role: 'admin' });
    const client = await createUser(a.deps);
    fake.answer(answer);
    const response = await admin.c.post<Body>(`/api/teacher-admin/users/${client.user.id}/generate-diet`);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ code, error: message });
  });

  it("limits each caller's model calls and answers over the limit with the SPEC quota message, without calling the model", async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY, RATE_LIMIT_AI_CALLS: '2' });
    const admin = await signedIn(a, { role: 'admin' });
    const other = await signedIn(a, { role: 'admin' });
    const client = await createUser(a.deps);
    const answer = { content: JSON.stringify(aiDiet) };
    fake.answer(answer, answer, answer);
    const generate = (c: TestClient) => c.post<Body>(`/api/teacher-admin/users/${client.user.id}/generate-diet`);
    expect((await generate(admin.c)).status).toBe(200);
    expect((await generate(admin.c)).status).toBe(200);
    const limited = await generate(admin.c);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'AI_QUOTA_EXCEEDED', error: 'Quota do ChatGPT excedida. Tente novamente em alguns minutos' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
    // Another caller has their own allowance.
    expect((await generate(other.c)).status).toBe(200);
  });

  it('answers 503 when the provider cannot be reached at all', async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    const admin = await signedIn(a, { role: 'admin' });
    const client = await createUser(a.deps);
    const response = await admin.c.post<Body>(`/api/teacher-admin/users/${client.user.id}/generate-workout`);
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('AI_UNAVAILABLE');
  });

  it('never returns or logs a key: not in answers, errors, the user list or log lines', async () => {
    logLines.length = 0;
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const teacher = await signedIn(a, { role: 'teacher' });
    await a.deps.generation.setTeacherKey(teacher.user.id, TEACHER_KEY);
    const admin = await signedIn(a, { role: 'admin' });
    const client = await createUser(a.deps, { teacherId: teacher.user.id });
    fake.answer({ status: 401, message: `Incorrect API key provided: ${TEACHER_KEY}`, code: 'invalid_api_key' }, { status: 429 }, { content: JSON.stringify(aiDiet) });
    const bodies = [
      await teacher.c.post(`/api/teacher-admin/users/${client.user.id}/generate-diet`),
      await teacher.c.post(`/api/teacher-admin/users/${client.user.id}/generate-diet`),
      await teacher.c.post(`/api/teacher-admin/users/${client.user.id}/generate-diet`),
      await admin.c.get('/api/teacher-admin/users'),
      await admin.c.get(`/api/teacher-admin/users/${teacher.user.id}`),
      await teacher.c.get('/api/clients/me'),
      await teacher.c.get('/api/clients/me/export'),
    ].map((r) => JSON.stringify(r.body));
    expect(bodies[0]).toContain('HTTP 401 invalid_api_key');
    const everything = [...bodies, ...logLines].join('\n');
    for (const secret of [TEACHER_KEY, SERVER_KEY, 'fedcba9876543210', '0123456789abcdef']) expect(everything).not.toContain(secret);
    const stored = (await a.database.sql.get<{ sealed: string }>('SELECT ai_key_encrypted AS sealed FROM users WHERE id = ?', [teacher.user.id])) as { sealed: string };
    expect(stored.sealed).not.toContain('fedcba');
    expect(logLines.some((line) => line.includes('ai.diet.failed') && line.includes('"keyOwner":"teacher"'))).toBe(true);
  });
});

describe('POST /api/translate-texts', () => {
  const translate = (c: TestClient, body: Record<string, unknown>) =>
    c.post<{ success: boolean; translatedTexts: string[]; attempts: number; error?: string; code?: string }>('/api/translate-texts', body);

  it('returns pt-BR unchanged, asks the model once per new text, then answers from the cache', async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const { c } = await signedIn(a);
    expect((await translate(c, { texts: ['Arroz'], targetLanguage: 'pt-BR', context: 'foods' })).body).toEqual({ success: true, translatedTexts: ['Arroz'], attempts: 0 });

    fake.answer({ content: JSON.stringify({ translations: ['Chicken breast', 'Sweet potato'] }) });
    const first = await translate(c, { texts: ['Peito de frango', 'Batata-doce', 'Peito de frango'], targetLanguage: 'en-US', context: 'foods' });
    expect(first.body).toEqual({ success: true, translatedTexts: ['Chicken breast', 'Sweet potato', 'Chicken breast'], attempts: 1 });
    expect(JSON.parse(String(fake.requests[0]?.body.messages?.[1]?.content))).toEqual({ texts: ['Peito de frango', 'Batata-doce'] });

    const again = await translate(c, { texts: ['Batata-doce'], targetLanguage: 'en-US', context: 'foods' });
    expect(again.body).toEqual({ success: true, translatedTexts: ['Sweet potato'], attempts: 0 });
    expect(fake.requests).toHaveLength(1);
    // Another context is another cache entry.
    fake.answer({ content: JSON.stringify({ translations: ['Sweet potato (swap)'] }) });
    expect((await translate(c, { texts: ['Batata-doce'], targetLanguage: 'en-US', context: 'substitutions' })).body.translatedTexts).toEqual(['Sweet potato (swap)']);
  });

  it('retries once, then keeps the originals and says why, caching nothing', async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const { c } = await signedIn(a);
    fake.answer({ status: 503 }, { content: '{"translations": "not a list"}' });
    const failed = await translate(c, { texts: ['Mingau de aveia'], targetLanguage: 'es-AR', context: 'foods' });
    expect(failed.body).toEqual({ success: false, translatedTexts: ['Mingau de aveia'], attempts: 2, error: 'Resposta da IA inválida' });
    fake.answer({ content: JSON.stringify({ translations: ['Avena cocida'] }) });
    expect((await translate(c, { texts: ['Mingau de aveia'], targetLanguage: 'es-ES', context: 'foods' })).body).toEqual({ success: true, translatedTexts: ['Avena cocida'], attempts: 1 });
  });

  it('with no key, answers known foods and meal names from the catalog and the rest unchanged', async () => {
    const a = await app();
    const { c } = await signedIn(a);
    const response = await translate(c, { texts: ['Frango grelhado', 'Receita secreta da vovó'], targetLanguage: 'en-US', context: 'foods' });
    expect(response.body.success).toBe(true);
    expect(response.body.attempts).toBe(0);
    expect(response.body.translatedTexts[1]).toBe('Receita secreta da vovó');
    expect(response.body.translatedTexts[0]).not.toBe('Frango grelhado');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a malformed request with 400 and the fields named', async () => {
    const a = await app();
    const { c } = await signedIn(a);
    const response = await c.post<{ code: string; details: { field: string }[] }>('/api/translate-texts', { texts: 'Arroz', targetLanguage: 'fr-FR', context: 'poems' });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d) => d.field)).toEqual(['texts', 'targetLanguage', 'context']);
  });
});

describe('POST /api/exercises/test-with-attached-image', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  const upload = (c: TestClient, bytes: Uint8Array<ArrayBuffer>, name = 'photo.png', type = 'image/png') => {
    const form = new FormData();
    form.set('image', new Blob([bytes], { type }), name);
    return c.request<{ code?: string; error?: string; identifiedExercise?: { name: string }; matchedExercises?: { name: string }[]; workflow?: { step: string }[] }>(
      'POST',
      '/api/exercises/test-with-attached-image',
      form,
    );
  };

  it('identifies the exercise with a vision model and matches it to the catalog', async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const { c } = await signedIn(a, { role: 'admin' });
    fake.answer({ content: JSON.stringify({ name: 'Back squat', muscleGroups: ['quadriceps', 'glutes'], equipment: ['barbell'], description: 'A squat with a bar', alternativeNames: ['Agachamento livre'] }) });
    const response = await upload(c, png);
    expect(response.status).toBe(200);
    expect(response.body.identifiedExercise?.name).toBe('Back squat');
    expect(response.body.matchedExercises?.length).toBeGreaterThan(0);
    expect(response.body.workflow?.map((s) => s.step)).toEqual(['validateImage', 'identifyExercise', 'matchCatalog']);
    const content = fake.requests[0]?.body.messages?.[1]?.content as { type: string; image_url?: { url: string } }[];
    expect(content[1]?.image_url?.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('checks the content, not the name: text named .png, a GIF, an empty or a 5 MB + 1 file are 400', async () => {
    const a = await app({ OPENAI_API_KEY: SERVER_KEY });
    const { c } = await signedIn(a, { role: 'teacher' });
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 1);
    tooBig.set(png);
    for (const bytes of [new TextEncoder().encode('<script>alert(1)</script>'), new TextEncoder().encode('GIF89a....'), new Uint8Array(0), tooBig]) {
      const response = await upload(c, bytes);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('UNSUPPORTED_IMAGE');
    }
    const json = await c.post<{ code: string }>('/api/exercises/test-with-attached-image', { image: 'x' });
    expect(json.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 503 with no key configured', async () => {
    const a = await app();
    const { c } = await signedIn(a, { role: 'admin' });
    const response = await upload(c, png);
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('AI_NOT_CONFIGURED');
  });
});
