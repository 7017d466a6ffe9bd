import type { Browser, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test, type Locale } from '../fixtures.ts';
import { AdminPage } from '../page-models/admin-page.ts';
import { LoginPage } from '../page-models/login-page.ts';

const STUDENT = { email: 'student@example.com', name: 'Sofia Aluna' };

async function signedInPage(browser: Browser, email: string, locale: Locale = 'pt-BR'): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a teacher drafts a diet with the built-in generator for their student, edits and publishes it; the student reads it, offline too', async ({ browser }) => {
  test.setTimeout(120_000);
  const teacherPage = await signedInPage(browser, DEMO.teacher.email);
  const admin = new AdminPage(teacherPage);
  await admin.open();
  // A teacher sees their students and the clients with no teacher, never an admin.
  await expect(admin.userRow(STUDENT.name)).toHaveCount(1);
  await expect(admin.userRow(DEMO.newClient.name)).toHaveCount(1);
  await expect(admin.userRow(DEMO.admin.name)).toHaveCount(0);

  await admin.selectUser(STUDENT.name);
  await expect(admin.nutritionCard()).toContainText('kcal');
  await admin.generateDiet();
  await expect(admin.dietForm()).toBeVisible({ timeout: 15_000 });
  const calories = Number(await admin.dietForm().getByTestId('diet-form-dailyCalories').inputValue());
  expect(calories).toBeGreaterThanOrEqual(1200);
  const meals = await admin.dietForm().getByTestId('diet-form-meals').inputValue();
  expect(meals).toMatch(/Ceia \(22:00 - \d+ kcal\)/);
  expect(meals.toLowerCase()).not.toMatch(/frango|carne|peixe|tilápia/); // Sofia is vegetarian
  await admin.fillDietForm({ title: 'Dieta da Sofia — revisada' });
  await admin.saveForm();
  await expect(admin.toast()).toContainText('Dieta criada com sucesso!');
  const diet = admin.diet('Dieta da Sofia — revisada');
  await expect(admin.planStatus(diet)).toHaveText('Rascunho');

  await admin.publishDiet('Dieta da Sofia — revisada');
  await expect(admin.toast()).toContainText('Dieta publicada com sucesso!');
  await expect(admin.planStatus(diet)).toHaveText('Publicado');
  await expect(admin.publishButton(diet)).toBeDisabled();

  await admin.generateWorkout();
  await expect(admin.workoutForm()).toBeVisible({ timeout: 15_000 });
  await admin.fillWorkoutForm({ title: 'Treino da Sofia' });
  await admin.saveForm();
  await expect(admin.toast()).toContainText('Treino criado com sucesso!');
  await admin.publishWorkout('Treino da Sofia');
  await expect(admin.toast()).toContainText('Treino publicado com sucesso!');
  await teacherPage.context().close();

  const studentPage = await signedInPage(browser, STUDENT.email);
  await studentPage.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => studentPage.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
  await studentPage.goto('/content');
  // Sofia had none: one notification per publication, worded by the app in her language.
  await expect(studentPage.getByTestId('notification')).toHaveCount(2, { timeout: 20_000 });
  await expect(studentPage.getByTestId('notification').filter({ hasText: 'Nova dieta disponível' })).toHaveCount(1);
  await expect(studentPage.getByTestId('notification').filter({ hasText: 'Novo treino disponível' })).toHaveCount(1);
  await studentPage.getByTestId('tab-diets').click();
  await expect(studentPage.getByText('Dieta da Sofia — revisada')).toBeVisible();

  await studentPage.context().setOffline(true);
  await studentPage.evaluate(() => window.dispatchEvent(new Event('offline')));
  await studentPage.reload();
  await studentPage.getByTestId('tab-diets').click();
  await expect(studentPage.getByText('Dieta da Sofia — revisada')).toBeVisible();
  await studentPage.getByTestId('diet-open-full').click();
  await expect(studentPage.getByText(/Ceia/).first()).toBeVisible();
  await studentPage.context().close();
});

test('an admin cannot remove a client with an active plan and reads the 409 message', async ({ browser }) => {
  const page = await signedInPage(browser, DEMO.admin.email);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.selectUser(DEMO.client.name);
  await admin.deleteUser();
  await expect(admin.confirmDialog()).toContainText(DEMO.client.name);
  await admin.confirmDelete();
  await expect(admin.toast()).toContainText('Usuário não pode ser removido');
  await expect(admin.toast()).toContainText('Este usuário possui plano ativo e não pode ser removido.');
  await expect(admin.userRow(DEMO.client.name)).toHaveCount(1);
  await page.context().close();
});

interface PanelText {
  title: string;
  groups: [string, string];
  saveRequired: string;
  breakfast: RegExp;
  status: [string, string];
  toasts: { created: string; updated: string; published: string; deleted: string };
}

const PANEL: Record<Locale, PanelText> = {
  'pt-BR': {
    title: 'Administração',
    groups: ['Dietas em dia', 'Sem dieta'],
    saveRequired: 'Título é obrigatório',
    breakfast: /Café da manhã \(07:00 - \d+ kcal\)/,
    status: ['Rascunho', 'Publicado'],
    toasts: { created: 'Dieta criada com sucesso!', updated: 'Dieta atualizada com sucesso!', published: 'Dieta publicada com sucesso!', deleted: 'Dieta excluída com sucesso!' },
  },
  'es-AR': {
    title: 'Administración',
    groups: ['Dietas al día', 'Sin dieta'],
    saveRequired: 'El título es obligatorio',
    breakfast: /Desayuno \(07:00 - \d+ kcal\)/,
    status: ['Borrador', 'Publicado'],
    toasts: { created: '¡Dieta creada con éxito!', updated: '¡Dieta actualizada con éxito!', published: '¡Dieta publicada con éxito!', deleted: '¡Dieta eliminada con éxito!' },
  },
  'en-US': {
    title: 'Admin panel',
    groups: ['Diets up to date', 'No diet'],
    saveRequired: 'Title is required',
    breakfast: /Breakfast \(07:00 - \d+ kcal\)/,
    status: ['Draft', 'Published'],
    toasts: { created: 'Diet created successfully!', updated: 'Diet updated successfully!', published: 'Diet published successfully!', deleted: 'Diet deleted successfully!' },
  },
};

for (const locale of Object.keys(PANEL) as Locale[]) {
  test(`in ${locale}, an admin runs a diet's whole life cycle with no AI provider, the draft in the client's own language`, async ({ browser }) => {
    const text = PANEL[locale];
    const page = await signedInPage(browser, DEMO.admin.email, locale);
    const admin = new AdminPage(page);
    await admin.open();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
    await expect(admin.group('upToDate')).toContainText(text.groups[0]);
    await expect(admin.group('noDiet')).toContainText(text.groups[1]);
    await expect(admin.group('upToDate')).toContainText(DEMO.client.name);

    await admin.selectUser(DEMO.newClient.name);
    await expect(admin.nutritionCard()).toBeVisible();
    await admin.generateDiet();
    await expect(admin.dietForm()).toBeVisible({ timeout: 15_000 });
    await expect(admin.dietForm().getByTestId('plan-form-source')).toBeVisible();
    // Nina registered in Portuguese: her draft is in Portuguese whatever the admin reads.
    expect(await admin.dietForm().getByTestId('diet-form-meals').inputValue()).toMatch(PANEL['pt-BR'].breakfast);
    await admin.fillDietForm({ title: '' });
    await admin.saveForm();
    await expect(admin.dietForm()).toContainText(text.saveRequired);

    const title = `Dieta ${locale}`;
    await admin.fillDietForm({ title });
    await admin.saveForm();
    await expect(admin.toast()).toContainText(text.toasts.created);
    await expect(admin.planStatus(admin.diet(title))).toHaveText(text.status[0]);
    await admin.editDiet(title);
    await admin.fillDietForm({ dailyCalories: '1750' });
    await admin.saveForm();
    await expect(admin.toast()).toContainText(text.toasts.updated);
    await admin.publishDiet(title);
    await expect(admin.toast()).toContainText(text.toasts.published);
    await expect(admin.planStatus(admin.diet(title))).toHaveText(text.status[1]);
    await admin.deleteDiet(title);
    await admin.confirmDelete();
    await expect(admin.toast()).toContainText(text.toasts.deleted);
    await expect(admin.diet(title)).toHaveCount(0);
    await page.context().close();
  });
}
