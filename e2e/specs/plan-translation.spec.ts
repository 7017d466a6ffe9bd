import { request as playwrightRequest } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '../../api/test/fake-openai.ts';
import { DEMO, DEMO_PASSWORD, expect, registerClient, test } from '../fixtures.ts';
import { translatorPorts } from '../secrets.ts';

/**
 * Issue 19, part 5 (ADR 024): a diet and a workout written and published in pt-BR are read in es-AR and en-US
 * with every text in the reader's language, translated once by the server's model (the real
 * `openai` SDK against a local fake of its HTTP API) and reaching the open page within 5 s of the
 * publish, without a reload.
 */
const ports = translatorPorts();
const origin = `http://localhost:${ports.server}`;
test.use({ baseURL: origin, viewport: { width: 390, height: 844 } });
// One fake model on its port, shared by both readers.
test.describe.configure({ mode: 'serial' });

const diet = {
  title: 'Plano de outono',
  description: 'Déficit leve e constante',
  dailyCalories: 1700,
  macros: { protein: 120, carbs: 170, fat: 55 },
  meals: 'Café da manhã (07:00 - 400 kcal)\nAlimentos: Ovos, Pão integral\nPreparo: Ovos mexidos\n\nAlmoço (12:30 - 600 kcal)\nAlimentos: Arroz, Feijão, Frango grelhado\nPreparo: Frango na chapa',
  weeklyMenu: 'Segunda: peixe no almoço',
  tips: 'Beba dois litros de água por dia',
  substitutions: ['Feijão ↔ Lentilha'],
};

const workout = {
  title: 'Treino de força',
  description: 'Para iniciantes',
  duration: '8 semanas',
  frequency: '3x por semana',
  weeklySchedule: [
    { day: 'Segunda-feira', workout: { name: 'Peito e tríceps', type: 'Força', duration: '45 minutos', exercises: [{ name: 'Supino reto', sets: '4', reps: '10', rest: '60 segundos', notes: 'Desça devagar' }] } },
  ],
  progressionTips: 'Aumente a carga a cada duas semanas',
  safetyNotes: 'Aqueça antes de começar',
};

/** The model's words; a text it is not given here comes back as written, and the test sees Portuguese. */
const WORDS = {
  'es-AR': {
    'Treino de força': 'Entrenamiento de fuerza',
    'Para iniciantes': 'Para principiantes',
    '8 semanas': '8 semanas',
    '3x por semana': '3 veces por semana',
    'Peito e tríceps': 'Pecho y tríceps',
    Força: 'Fuerza',
    '45 minutos': '45 minutos',
    'Supino reto': 'Press de banca',
    '60 segundos': '60 segundos',
    'Desça devagar': 'Bajá despacio',
    'Aumente a carga a cada duas semanas': 'Aumentá la carga cada dos semanas',
    'Aqueça antes de começar': 'Calentá antes de empezar',
    'Plano de outono': 'Plan de otoño',
    'Déficit leve e constante': 'Déficit leve y constante',
    'Café da manhã': 'Desayuno',
    Almoço: 'Almuerzo',
    Ovos: 'Huevos',
    'Pão integral': 'Pan integral',
    Arroz: 'Arroz',
    Feijão: 'Porotos',
    'Frango grelhado': 'Pollo a la plancha',
    'Ovos mexidos': 'Huevos revueltos',
    'Frango na chapa': 'Pollo a la parrilla',
    'Segunda: peixe no almoço': 'Lunes: pescado en el almuerzo',
    'Beba dois litros de água por dia': 'Tomá dos litros de agua por día',
    'Feijão ↔ Lentilha': 'Porotos ↔ Lentejas',
  },
  'en-US': {
    'Treino de força': 'Strength training',
    'Para iniciantes': 'For beginners',
    '8 semanas': '8 weeks',
    '3x por semana': '3 times a week',
    'Peito e tríceps': 'Chest and triceps',
    Força: 'Strength',
    '45 minutos': '45 minutes',
    'Supino reto': 'Bench press',
    '60 segundos': '60 seconds',
    'Desça devagar': 'Lower slowly',
    'Aumente a carga a cada duas semanas': 'Add load every two weeks',
    'Aqueça antes de começar': 'Warm up before you start',
    'Plano de outono': 'Autumn plan',
    'Déficit leve e constante': 'A mild, steady deficit',
    'Café da manhã': 'Breakfast',
    Almoço: 'Lunch',
    Ovos: 'Eggs',
    'Pão integral': 'Whole wheat bread',
    Arroz: 'Rice',
    Feijão: 'Beans',
    'Frango grelhado': 'Grilled chicken',
    'Ovos mexidos': 'Scrambled eggs',
    'Frango na chapa': 'Griddled chicken',
    'Segunda: peixe no almoço': 'Monday: fish at lunch',
    'Beba dois litros de água por dia': 'Drink two liters of water a day',
    'Feijão ↔ Lentilha': 'Beans ↔ Lentils',
  },
} as const;
type Reader = keyof typeof WORDS;

/** Words of the Portuguese originals that no reader in another language should meet. */
const PORTUGUESE_WORKOUT = ['Treino', 'força', 'Força', 'iniciantes', 'Peito', 'Supino', 'Desça', 'devagar', 'Aumente', 'duas', 'Aqueça', 'começar', 'Segunda'];
const PORTUGUESE = ['outono', 'leve e constante', 'Café da manhã', 'Almoço', 'Ovos', 'Pão', 'Feijão', 'Frango', 'mexidos', 'chapa', 'Segunda', 'peixe', 'Beba', 'água', 'Lentilha'];

let model: FakeOpenAi;
test.beforeAll(async () => {
  model = await startFakeOpenAi({ port: ports.openai });
  model.respond(({ body }) => {
    const [system, user] = (body.messages ?? []).map((message) => String(message.content));
    const target: Reader = system?.includes('Target language: US English') ? 'en-US' : 'es-AR';
    const { texts } = JSON.parse(user ?? '{}') as { texts: string[] };
    const words: Record<string, string> = WORDS[target];
    return { content: JSON.stringify({ translations: texts.map((text) => words[text] ?? text) }) };
  });
});
test.afterAll(() => model.close());

for (const locale of Object.keys(WORDS) as Reader[]) {
  test(`a diet and a workout published in pt-BR are read in ${locale} with every text translated, the diet on the open page within 5 s`, async ({ browser }) => {
    const words: Record<string, string> = WORDS[locale];
    const context = await browser.newContext({ locale });
    const { email } = await registerClient(context.request, origin, { name: 'Rita Leitora', countryCode: locale === 'es-AR' ? 'AR' : 'US' });
    expect((await context.request.post('/api/subscriptions', { headers: { origin }, data: { planId: 'monthly' } })).status()).toBe(201);
    const page = await context.newPage();
    await page.goto('/diet');
    await expect(page.getByTestId('diet-view')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('diet-summary')).toHaveCount(0);
    let navigations = 0;
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations++));

    // A Brazilian admin writes and publishes it, in Portuguese.
    const staff = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin, 'accept-language': 'pt-BR' } });
    expect((await staff.post('/api/clients/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })).status()).toBe(200);
    const { users } = (await (await staff.get('/api/teacher-admin/users')).json()) as { users: { id: string; email: string }[] };
    const client = users.find((u) => u.email === email);
    const created = await staff.post(`/api/admin/users/${client?.id}/diet`, { data: diet });
    expect(created.status()).toBe(201);
    const { diet: draft } = (await created.json()) as { diet: { id: string; language: string } };
    expect(draft.language).toBe('pt-BR');
    const publishedAt = Date.now();
    expect((await staff.post(`/api/teacher-admin/diet/${draft.id}/publish`)).status()).toBe(200);

    // The open page shows it, in the reader's language, with no reload.
    const view = page.getByTestId('diet-view');
    await expect(view).toContainText(words['Plano de outono'] as string, { timeout: 5_000 });
    expect(Date.now() - publishedAt).toBeLessThan(5_000);
    expect(navigations).toBe(0);
    for (const source of ['Déficit leve e constante', 'Café da manhã', 'Almoço', 'Ovos', 'Pão integral', 'Feijão', 'Frango grelhado', 'Ovos mexidos', 'Frango na chapa', 'Beba dois litros de água por dia', 'Feijão ↔ Lentilha']) {
      await expect(view).toContainText(words[source] as string);
    }
    for (const word of PORTUGUESE) await expect(view).not.toContainText(word);
    await page.screenshot({ path: `test-results/screens/translation-diet-view-${locale}.png`, fullPage: true });

    // The details dialog too, with the weekly menu.
    await page.goto('/content?tab=diets');
    await page.getByTestId('diet-details').click();
    const dialog = page.getByTestId('diet-detail-dialog');
    await expect(dialog).toContainText(words['Plano de outono'] as string);
    await expect(dialog).toContainText(words['Segunda: peixe no almoço'] as string);
    for (const word of PORTUGUESE) await expect(dialog).not.toContainText(word);
    await page.screenshot({ path: `test-results/screens/translation-diet-dialog-${locale}.png`, fullPage: true });

    await dialog.getByTestId('dialog-close').click();

    // And a workout, weekday names and exercise types included.
    const createdWorkout = await staff.post(`/api/admin/users/${client?.id}/workout`, { data: workout });
    expect(createdWorkout.status()).toBe(201);
    const { workout: workoutDraft } = (await createdWorkout.json()) as { workout: { id: string } };
    expect((await staff.post(`/api/teacher-admin/workout/${workoutDraft.id}/publish`)).status()).toBe(200);
    await page.getByTestId('tab-workouts').click();
    await page.getByTestId('workout-open').click({ timeout: 5_000 });
    const workoutDialog = page.getByTestId('workout-dialog');
    for (const source of ['Treino de força', 'Para iniciantes', '8 semanas', '3x por semana', 'Aumente a carga a cada duas semanas', 'Aqueça antes de começar']) {
      await expect(workoutDialog).toContainText(words[source] as string);
    }
    await expect(workoutDialog.getByTestId('schedule-day')).toContainText(locale === 'es-AR' ? 'Lunes' : 'Monday');
    for (const word of PORTUGUESE_WORKOUT) await expect(workoutDialog).not.toContainText(word);
    await workoutDialog.getByTestId('schedule-day').click();
    const day = page.getByTestId('workout-day-dialog');
    for (const source of ['Peito e tríceps', 'Força', '45 minutos', 'Supino reto', '60 segundos', 'Desça devagar']) await expect(day).toContainText(words[source] as string);
    for (const word of PORTUGUESE_WORKOUT) await expect(day).not.toContainText(word);
    await page.screenshot({ path: `test-results/screens/translation-workout-day-${locale}.png`, fullPage: true });

    // Two model calls for the whole plan, one per language, each told it is Portuguese.
    const calls = model.requests.filter((request) => String(request.body.messages?.[1]?.content).includes('Plano de outono'));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((call) => String(call.body.messages?.[0]?.content).includes('Source language: Brazilian Portuguese (pt-BR).'))).toBe(true);
    await staff.dispose();
    await context.close();
  });
}
