import { request as playwrightRequest } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '../../api/test/fake-openai.ts';
import { DEMO, DEMO_PASSWORD, expect, registerClient, test } from '../fixtures.ts';
import { translatorPorts } from '../secrets.ts';

/**
 * Issue 19, part 5 (ADR 024): a diet written and published in pt-BR is read in es-AR and en-US
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

/** The model's words; a text it is not given here comes back as written, and the test sees Portuguese. */
const WORDS = {
  'es-AR': {
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

/** Words of the Portuguese original that no reader in another language should meet. */
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
  test(`a diet published in pt-BR is read in ${locale} with every text translated, on the open page within 5 s`, async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
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
    await testInfo.attach(`diet-view-${locale}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // The details dialog too, with the weekly menu.
    await page.goto('/content?tab=diets');
    await page.getByTestId('diet-details').click();
    const dialog = page.getByTestId('diet-detail-dialog');
    await expect(dialog).toContainText(words['Plano de outono'] as string);
    await expect(dialog).toContainText(words['Segunda: peixe no almoço'] as string);
    for (const word of PORTUGUESE) await expect(dialog).not.toContainText(word);
    await testInfo.attach(`diet-dialog-${locale}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    // Two model calls for the whole plan, one per language, each told it is Portuguese.
    const calls = model.requests.filter((request) => String(request.body.messages?.[1]?.content).includes('Plano de outono'));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.every((call) => String(call.body.messages?.[0]?.content).includes('Source language: Brazilian Portuguese (pt-BR).'))).toBe(true);
    await staff.dispose();
    await context.close();
  });
}
