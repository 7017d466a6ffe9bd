import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CoachCheckIn, CoachMessage, CoachStudentAttention, CoachThreadPage, CoachThreadSummary } from '#protocol/contract/messages.ts';
import type { StaffUserDetail, StaffUserSummary } from '#protocol/contract/staff.ts';
import { openPokeRelay } from '#pwa/sync/live-pokes.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { AdminScreen } from './AdminScreen.tsx';
import { stubPhotoEncoding } from '#pwa/test/photo-encoding.ts';
import { chooseOption, chosenOption, json, renderInApp, setUpScreenTests, stubStaffApi as stubApi, type ApiHandler } from '#pwa/test/screen-harness.tsx';
import { aClient, aDietPlan } from '#pwa/test/factories.ts';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const summary = (over: Partial<StaffUserSummary>): StaffUserSummary => ({
  id: 'u',
  name: 'u',
  email: 'u@example.com',
  phone: null,
  role: 'user',
  teacherId: null,
  teacherApprovedAt: null,
  createdAt: daysAgo(100),
  latestDietPublishedAt: null,
  subscription: null,
  ...over,
});

const USERS: StaffUserSummary[] = [
  summary({ id: 'fresh', name: 'Ana Fresca', email: 'ana@example.com', latestDietPublishedAt: daysAgo(5) }),
  summary({ id: 'old', name: 'Bruno Vencido', email: 'bruno@example.com', latestDietPublishedAt: daysAgo(40) }),
  summary({ id: 'none', name: 'Carla Sem Dieta', email: 'carla@example.com' }),
  summary({ id: 'prof', name: 'Paulo Professor', email: 'paulo@example.com', role: 'teacher', latestDietPublishedAt: daysAgo(1) }),
  summary({ id: 'me', name: 'Admin Eu', email: 'admin@example.com', role: 'admin' }),
];

const draftDiet = aDietPlan({ status: 'draft', dailyCalories: 1800, macros: '{"protein":120}', meals: 'Café (07:00 - 300 kcal)', createdAt: daysAgo(3), publishedAt: null });

const detail = (over: Partial<StaffUserDetail>): StaffUserDetail => ({
  ...aClient({
    id: 'none',
    name: 'Carla Sem Dieta',
    email: 'carla@example.com',
    phone: '+55 (11) 98888-7777',
    currentWeight: 82,
    targetWeight: 70,
    activityLevel: 'moderado',
    goalType: 'perder_peso',
    weeklyWeightGoal: 0.5,
    createdAt: daysAgo(100),
  }),
  teacherId: null,
  teacherApprovedAt: null,
  dietPlans: [draftDiet],
  workoutPlans: [],
  subscription: null,
  weighIns: [],
  bodyMeasurements: [],
  progressPhotos: [],
  ...over,
});

const messages = setUpScreenTests();

function renderAdmin() {
  useSession.setState({ status: 'authenticated', client: { id: 'me', name: 'Admin Eu', email: 'admin@example.com', role: 'admin' } as Client });
  return renderInApp(messages(), <AdminScreen />);
}

/** The list, once the screen has rendered: its first render took over a second on a loaded CI machine (Testing Library's default wait). */
const userList = () => screen.findByTestId('admin-user-list', {}, { timeout: 10_000 });

const group = (name: string) => screen.getByTestId(`admin-group-${name}`);

async function openUser(id: string) {
  fireEvent.click(await screen.findByTestId(`admin-user-${id}`));
  return screen.findByTestId('admin-user-detail');
}

describe('AdminScreen', () => {
  it('groups the users by diet freshness, with the days chip, and searches by name or email', async () => {
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }) });
    renderAdmin();
    await userList();

    expect(within(group('upToDate')).getByText('Dietas em dia (1)')).toBeTruthy();
    expect(within(group('upToDate')).getByTestId('admin-user-fresh').textContent).toContain('25 dias restantes');
    expect(within(group('overdue')).getByText('Dietas vencidas (1)')).toBeTruthy();
    expect(within(group('overdue')).getByTestId('admin-user-old').textContent).toContain('Vencida há 10 dias');
    expect(within(group('noDiet')).getByText('Sem dieta (1)')).toBeTruthy();
    expect(within(group('noDiet')).getByTestId('admin-user-none').textContent).toBe('Carla Sem Dietacarla@example.com');
    expect(within(group('staff')).getByText('Administradores (2)')).toBeTruthy();
    expect(within(group('staff')).getByTestId('admin-user-prof')).toBeTruthy();
    expect(within(group('staff')).getByTestId('admin-user-me')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Buscar por nome ou email'), { target: { value: 'BRUNO@' } });
    expect(screen.queryByTestId('admin-user-fresh')).toBeNull();
    expect(within(group('overdue')).getByTestId('admin-user-old')).toBeTruthy();
    expect(within(group('upToDate')).getByText('Nenhum usuário')).toBeTruthy();
  });

  it('marks a teacher awaiting approval and approves them from the detail view', async () => {
    let approvedAt: string | null = null;
    const teacher = () => detail({ id: 'prof', name: 'Paulo Professor', role: 'teacher', teacherApprovedAt: approvedAt, dietPlans: [] });
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/prof': () => json({ user: teacher() }),
      'POST /admin/teachers/prof/approve': () => {
        approvedAt = '2026-11-20T12:00:00.000Z';
        return json({ approvedAt });
      },
    });
    renderAdmin();
    await userList();
    expect(within(screen.getByTestId('admin-user-prof')).getByTestId('admin-teacher-pending-chip').textContent).toBe('Aguardando aprovação');
    expect(within(screen.getByTestId('admin-user-me')).queryByTestId('admin-teacher-pending-chip')).toBeNull();

    const panel = await openUser('prof');
    expect(within(panel).getByTestId('admin-teacher-pending').textContent).toContain('aguarda aprovação');
    fireEvent.click(within(panel).getByTestId('admin-approve-teacher'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Professor aprovado com sucesso!');
    expect((await within(panel).findByTestId('admin-teacher-approved')).textContent).toBe('Professor aprovado em 20 de nov. de 2026');
    expect(within(panel).queryByTestId('admin-approve-teacher')).toBeNull();
    expect(calls.filter((call) => call.key === 'POST /admin/teachers/prof/approve')).toHaveLength(1);
  });

  it('shows an error with a retry button when the list fails to load', async () => {
    let fail = true;
    stubApi({ 'GET /teacher-admin/users': () => (fail ? json({ error: 'Erro interno do servidor', code: 'INTERNAL' }, 500) : json({ users: USERS })) });
    renderAdmin();
    expect((await screen.findByRole('alert')).textContent).toContain('Erro ao carregar usuários');
    fail = false;
    fireEvent.click(screen.getByTestId('admin-retry'));
    expect(await screen.findByTestId('admin-user-fresh')).toBeTruthy();
  });

  it('names the fields the nutrition analysis is missing, and links WhatsApp by the phone digits', async () => {
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: detail({}) }) });
    renderAdmin();
    const panel = await openUser('none');
    await within(panel).findByTestId('nutrition-card');
    expect(within(panel).getByTestId('nutrition-missing').textContent).toBe('Faltam dados para a análise: data de nascimento, sexo e altura.');
    const link = within(panel).getByTestId('admin-whatsapp');
    expect(link.getAttribute('href')).toBe('https://wa.me/5511988887777');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('moves a client’s check-in day from their detail, saved when chosen and reloaded; a refusal says why and keeps the server’s day', async () => {
    let day = 3;
    let refuse = false;
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({ checkInDay: day as StaffUserDetail['checkInDay'] }) }),
      'PUT /coach/clients/none/check-in-day': (init) =>
        refuse ? json({ error: 'Sem permissão para esta ação', code: 'FORBIDDEN' }, 403) : json({ checkInDay: (day = (JSON.parse(init.body as string) as { day: number }).day) }),
    });
    renderAdmin();
    const panel = await openUser('none');
    const select = within(await within(panel).findByTestId('admin-check-in-day')).getByRole('combobox');
    expect(chosenOption(select)).toBe('Quarta-feira');
    expect(within(panel).getByTestId('admin-check-in-day').textContent).toContain('Carla Sem Dieta recebe o pedido do check-in semanal neste dia.');

    chooseOption(select, 'Segunda-feira');
    expect((await screen.findByTestId('toast')).textContent).toContain('Dia do check-in de Carla Sem Dieta: Segunda-feira');
    expect(calls.filter((c) => c.key === 'PUT /coach/clients/none/check-in-day').map((c) => c.body)).toEqual([{ day: 1 }]);
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /teacher-admin/users/none').length).toBe(2));
    expect(chosenOption(within(within(panel).getByTestId('admin-check-in-day')).getByRole('combobox'))).toBe('Segunda-feira');

    refuse = true;
    chooseOption(within(within(panel).getByTestId('admin-check-in-day')).getByRole('combobox'), 'Sexta-feira');
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Não foi possível mudar o dia do check-in'));
    expect(screen.getByTestId('toast').textContent).toContain('Sem permissão para esta ação');
    expect(chosenOption(within(within(panel).getByTestId('admin-check-in-day')).getByRole('combobox'))).toBe('Segunda-feira');
  });

  it('shows the analysis figures when the client data is complete', async () => {
    const complete = detail({ birthDate: '1990-01-15', gender: 'masculino', height: 180, currentWeight: 100, activityLevel: 'muito_ativo', goalType: 'perder_peso', weeklyWeightGoal: 0.5 });
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: complete }) });
    renderAdmin();
    const panel = await openUser('none');
    const card = await within(panel).findByTestId('nutrition-card');
    // BMR 10·100 + 6.25·180 − 5·age + 5 (age depends on today: shapes only); TDEE ×1.9 leaves
    // room under the 15% cap for the client's own 0.5 kg a week (550 kcal a day).
    expect(within(card).getByTestId('nutrition-bmr').textContent).toMatch(/^\d\.\d{3} kcal$/);
    expect(within(card).getByTestId('nutrition-delta').textContent).toBe('-550 kcal/dia');
    expect(within(card).getByTestId('nutrition-rate').textContent).toBe('-0,5 kg/semana (-1,1 lb/semana)');
    // Staff read both systems (ADR 020).
    expect(within(card).getByTestId('nutrition-height').textContent).toBe('180 cm (5 ft 11 pol.)');
    expect(within(card).getByTestId('nutrition-weight').textContent).toBe('100 kg (220,5 lb)');
    expect(within(card).getByTestId('nutrition-protein').textContent).toMatch(/^\d+ g \(30%\)$/);
    expect(card.textContent).toContain('Perder peso');
  });

  it('flags a plan whose filled texts could not be read, naming them, and only that plan (ADR 024)', async () => {
    const unread = aDietPlan({ id: 'diet-3', title: 'Dieta colada', meals: '[{"sem": "nome"}]', tips: '[]', createdAt: daysAgo(1), publishedAt: null, status: 'draft' });
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: detail({ dietPlans: [unread, aDietPlan({ id: 'diet-4' })] }) }) });
    renderAdmin();
    const panel = await openUser('none');
    const flagged = await within(panel).findByTestId('admin-diet-diet-3');
    expect(unread.unreadable).toEqual(['meals', 'tips']);
    expect(within(flagged).getByTestId('admin-plan-unreadable').textContent).toBe('Não conseguimos ler: Refeições e Dicas. Edite para que o cliente veja.');
    expect(within(within(panel).getByTestId('admin-diet-diet-4')).queryByTestId('admin-plan-unreadable')).toBeNull();
  });

  it('says which languages a published plan’s translation is incomplete in (ADR 024)', async () => {
    const translated = (complete: boolean) => ({ title: 'x', description: null, content: aDietPlan().content, complete });
    const published = aDietPlan({ id: 'diet-5', translations: { 'es-AR': translated(false), 'en-US': translated(true) } });
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: detail({ dietPlans: [published, aDietPlan({ id: 'diet-6', translations: { 'es-AR': translated(true) } })] }) }) });
    renderAdmin();
    const panel = await openUser('none');
    const plan = await within(panel).findByTestId('admin-diet-diet-5');
    expect(within(plan).getByTestId('admin-plan-translation-incomplete').textContent).toBe('Tradução incompleta para espanhol (Argentina): alguns textos ficaram como foram escritos.');
    expect(within(within(panel).getByTestId('admin-diet-diet-6')).queryByTestId('admin-plan-translation-incomplete')).toBeNull();
  });

  it('shows the SPEC §5 messages under the diet form fields on an empty submit and sends nothing', async () => {
    const calls = stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: detail({}) }) });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(panel).getByTestId('admin-new-diet'));
    const form = await screen.findByTestId('diet-form');
    fireEvent.click(within(form).getByTestId('plan-form-save'));
    expect(await within(form).findByText('Título é obrigatório')).toBeTruthy();
    expect(within(form).getByText('Calorias diárias são obrigatórias')).toBeTruthy();
    expect(within(form).getByText('Macros são obrigatórios')).toBeTruthy();
    expect(within(form).getByText('Refeições são obrigatórias')).toBeTruthy();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([]);
  });

  it('creates a diet from the form, toasts and reloads the user', async () => {
    let created = false;
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail(created ? { dietPlans: [{ ...draftDiet, id: 'diet-2', title: 'Dieta nova' }, draftDiet] } : {}) }),
      'POST /admin/users/none/diet': () => {
        created = true;
        return json({ diet: { ...draftDiet, id: 'diet-2' } }, 201);
      },
    });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(panel).getByTestId('admin-new-diet'));
    const form = await screen.findByTestId('diet-form');
    const fill = (field: string, value: string) => fireEvent.change(within(form).getByTestId(`diet-form-${field}`), { target: { value } });
    fill('title', 'Dieta nova');
    fill('dailyCalories', '1700');
    fill('macros', 'Proteínas 30%, carboidratos 40%, gorduras 30%');
    fill('meals', 'Café da manhã (07:00 - 350 kcal)\nAlimentos: ovos, pão');
    fireEvent.click(within(form).getByTestId('plan-form-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Dieta criada com sucesso!');
    await waitFor(() => expect(screen.queryByTestId('diet-form')).toBeNull());
    expect(await screen.findByTestId('admin-diet-diet-2')).toBeTruthy();
    expect(calls.find((call) => call.key === 'POST /admin/users/none/diet')?.body).toEqual({
      title: 'Dieta nova',
      description: null,
      dailyCalories: 1700,
      macros: 'Proteínas 30%, carboidratos 40%, gorduras 30%',
      meals: 'Café da manhã (07:00 - 350 kcal)\nAlimentos: ovos, pão',
      weeklyMenu: null,
      tips: null,
      substitutions: null,
    });
  });

  it('shows a server validation message under its field', async () => {
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'PUT /admin/diet/diet-1': () =>
        json({ error: 'Verifique os campos destacados', code: 'VALIDATION_FAILED', details: [{ field: 'meals', code: 'validation.tooLong', message: 'Texto longo demais' }] }, 400),
    });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(within(panel).getByTestId('admin-diet-diet-1')).getByTestId('admin-plan-edit'));
    const form = await screen.findByTestId('diet-form');
    expect((within(form).getByTestId('diet-form-title') as HTMLInputElement).value).toBe('Dieta de outubro');
    fireEvent.click(within(form).getByTestId('plan-form-save'));
    expect(await within(form).findByText('Texto longo demais')).toBeTruthy();
    expect(screen.getByTestId('toast').textContent).toContain('Erro ao atualizar dieta');
  });

  it('opens the AI draft in the form, says it came from the built-in generator, and saves nothing', async () => {
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'POST /teacher-admin/users/none/generate-diet': () =>
        json({ success: true, source: 'builtin', diet: { title: 'Dieta gerada', dailyCalories: 1650, macros: 'P 30%', meals: 'Almoço (12:00 - 500 kcal)' } }),
    });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(panel).getByTestId('admin-generate-diet'));
    const form = await screen.findByTestId('diet-form');
    expect((within(form).getByTestId('diet-form-title') as HTMLInputElement).value).toBe('Dieta gerada');
    expect((within(form).getByTestId('diet-form-dailyCalories') as HTMLInputElement).value).toBe('1650');
    expect(within(form).getByTestId('plan-form-source').textContent).toContain('gerador interno');
    expect(calls.filter((call) => call.key.startsWith('POST /admin'))).toEqual([]);
  });

  it.each([
    [429, 'AI_QUOTA_EXCEEDED', 'Limite de IA atingido', 'Quota do ChatGPT excedida. Tente novamente em alguns minutos'],
    [503, 'AI_UNAVAILABLE', 'IA temporariamente indisponível', 'Serviço do ChatGPT indisponível. Tente novamente em instantes'],
    [502, 'AI_INVALID_RESPONSE', 'Erro ao gerar treino com IA', 'Resposta da IA inválida'],
    [502, 'AI_FAILED', 'Erro ao gerar treino com IA', 'A IA não respondeu: timeout'],
  ])('tells a %i %s from workout generation apart', async (status, code, title, description) => {
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'POST /teacher-admin/users/none/generate-workout': () => json({ error: code === 'AI_FAILED' ? 'A IA não respondeu: timeout' : 'x', code }, status),
    });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(panel).getByTestId('admin-generate-workout'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(title);
    expect(toast.textContent).toContain(description);
    expect(screen.queryByTestId('workout-form')).toBeNull();
  });

  it('publishes a draft and disables Publicar once published', async () => {
    let published = false;
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({ dietPlans: [published ? { ...draftDiet, status: 'published', publishedAt: new Date().toISOString() } : draftDiet] }) }),
      'POST /teacher-admin/diet/diet-1/publish': () => {
        published = true;
        return json({ diet: draftDiet });
      },
    });
    renderAdmin();
    const panel = await openUser('none');
    const item = within(panel).getByTestId('admin-diet-diet-1');
    expect(within(item).getByTestId('admin-plan-status').textContent).toBe('Rascunho');
    fireEvent.click(within(item).getByTestId('admin-plan-publish'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Dieta publicada com sucesso!');
    await waitFor(() => expect(within(screen.getByTestId('admin-diet-diet-1')).getByTestId('admin-plan-status').textContent).toBe('Publicado'));
    expect((within(screen.getByTestId('admin-diet-diet-1')).getByTestId('admin-plan-publish') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks before deleting a user, naming them, and explains a 409', async () => {
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'DELETE /admin/users/none': () => json({ error: 'Este usuário possui plano ativo e não pode ser removido.', code: 'USER_HAS_ACTIVE_PLAN' }, 409),
    });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(panel).getByTestId('admin-delete-user'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Carla Sem Dieta');
    expect(dialog.textContent).toContain('não pode ser desfeita');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Usuário não pode ser removido');
    expect(toast.textContent).toContain('Este usuário possui plano ativo e não pode ser removido.');
  });

  it('hides Remover usuário on your own account', async () => {
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/me': () => json({ user: detail({ id: 'me', name: 'Admin Eu', role: 'admin' }) }) });
    renderAdmin();
    const panel = await openUser('me');
    await within(panel).findByTestId('nutrition-card');
    expect(within(panel).queryByTestId('admin-delete-user')).toBeNull();
  });

  it('says "Erro de conexão com o servidor" when publishing fails offline', async () => {
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'POST /teacher-admin/diet/diet-1/publish': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderAdmin();
    const panel = await openUser('none');
    fireEvent.click(within(within(panel).getByTestId('admin-diet-diet-1')).getByTestId('admin-plan-publish'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Erro ao publicar dieta');
    expect(toast.textContent).toContain('Erro de conexão com o servidor');
  });

  it('sends the chosen image to the hidden exercise test and shows the result', async () => {
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'POST /exercises/test-with-attached-image': () =>
        json({
          success: true,
          identifiedExercise: { name: 'Agachamento livre', muscleGroups: ['quadríceps', 'glúteos'], equipment: ['barra'], description: 'Agachamento com barra nas costas', alternativeNames: ['Back squat'] },
          matchedExercises: [{ id: 'e1', name: 'Agachamento', muscleGroups: ['quadríceps'], score: 0.92 }],
          workflow: [{ step: 'vision', status: 'ok', detail: 'modelo respondeu' }],
        }),
    });
    renderAdmin();
    fireEvent.click(await screen.findByTestId('admin-exercise-image-test'));
    const dialog = await screen.findByTestId('exercise-image-test');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'agachamento.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(dialog).getByTestId('exercise-image-input'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByTestId('exercise-image-send'));
    expect((await within(dialog).findByTestId('exercise-image-name')).textContent).toBe('Agachamento livre');
    expect(dialog.textContent).toContain('Agachamento (quadríceps) · pontuação 0,92');
    expect(dialog.textContent).toContain('vision: modelo respondeu');
    const sent = calls.find((call) => call.key === 'POST /exercises/test-with-attached-image')?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('image')).toBeInstanceOf(File);
  });
});

describe('the coach sees the client’s progress (issue 21, part 5)', () => {
  it('shows the weigh-ins under their trend with its weekly rate, and the measurements newest first', async () => {
    const day = 86_400_000;
    const weighIns = Array.from({ length: 15 }, (_, i) => ({ weight: 84 - i * 0.1, createdAt: new Date(Date.now() - (14 - i) * 2 * day).toISOString() }));
    const bodyMeasurements = [
      { id: 'm2', createdAt: '2026-11-01T07:00:00.000Z', waist: 86.5, hip: null, chest: null, arm: null, thigh: null, neck: null, bodyFat: 24.1 },
      { id: 'm1', createdAt: '2026-10-01T07:00:00.000Z', waist: 90, hip: null, chest: null, arm: null, thigh: null, neck: 38, bodyFat: null },
    ];
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: detail({ weighIns, bodyMeasurements }) }) });
    renderAdmin();
    await userList();
    const card = within(await openUser('none')).getByTestId('admin-client-progress');
    expect(within(card).getByTestId('weight-chart-trend')).toBeTruthy();
    expect(within(card).getByTestId('admin-trend-rate').textContent).toMatch(/^Tendência das últimas 4 semanas: -0,[2-4]\s?kg por semana$/);
    const rows = within(within(card).getByTestId('admin-measurements')).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([expect.stringMatching(/^DataCinturaPescoçoGordura corporal$/), expect.stringMatching(/^1 de nov\. de 2026\s*86,5\s?cm—24,1\s?%$/), expect.stringMatching(/^1 de out\. de 2026\s*90\s?cm38\s?cm—$/)]);
  });

  it('says there are no measurements yet rather than showing an empty table', async () => {
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /teacher-admin/users/none': () => json({ user: detail({}) }) });
    renderAdmin();
    await userList();
    const card = within(await openUser('none')).getByTestId('admin-client-progress');
    expect(within(card).getByTestId('admin-no-measurements').textContent).toBe('Nenhuma medida registrada ainda.');
    expect(within(card).getByTestId('weight-chart-empty').textContent).toBe('Nenhum peso registrado ainda.');
  });
});

describe('the coach’s conversations (issue 22)', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const message = (over: Partial<CoachMessage>): CoachMessage => ({
    id: 'm',
    createdAt: minutesAgo(30),
    sentAt: minutesAgo(30),
    from: 'client',
    senderName: null,
    body: 'Oi',
    photoId: null,
    photoStored: false,
    deleted: false,
    mine: false,
    ...over,
  });
  const question = message({ id: 'm1', sentAt: minutesAgo(20), body: 'Posso trocar o arroz? https://exemplo.com/receita' });
  const dinnerQuestion = message({ id: 'm2', sentAt: minutesAgo(10), body: 'E o jantar?' });
  const threadsNow = (unread: number): CoachThreadSummary[] => [
    { clientId: 'none', clientName: 'Carla Sem Dieta', unread, lastMessage: dinnerQuestion },
    { clientId: 'old', clientName: 'Bruno Vencido', unread: 0, lastMessage: message({ id: 'm0', from: 'coach', senderName: 'Admin Eu', body: 'Bom treino!', mine: true }) },
  ];

  it('lists the conversations unread first, opens one with its thread, marks it read and answers once on a double tap', async () => {
    let unread = 2;
    const page: CoachThreadPage = { messages: [dinnerQuestion, question], before: null, thread: { id: 'thread', clientReadUpTo: null, coachReadUpTo: null } };
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'GET /coach/threads': () => json({ threads: threadsNow(unread) }),
      'GET /coach/threads/none/messages': () => json(page),
      'POST /coach/threads/none/read': () => {
        unread = 0;
        return json({ thread: { ...page.thread, coachReadUpTo: dinnerQuestion.sentAt } });
      },
      'POST /coach/threads/none/messages': (init) => {
        const sent = JSON.parse(String(init.body)) as { id: string; body: string };
        return json({ message: message({ id: sent.id, from: 'coach', senderName: 'Admin Eu', body: sent.body, sentAt: new Date().toISOString() }) }, 201);
      },
    });
    renderAdmin();
    const rows = await screen.findAllByTestId('admin-inbox-thread');
    expect(rows.map((row) => row.getAttribute('data-unread'))).toEqual(['2', '0']);
    expect(within(rows[0] as HTMLElement).getByTestId('admin-inbox-unread').textContent).toBe('2 novas');
    expect(rows[1]?.textContent).toContain('Admin Eu: Bom treino!');

    fireEvent.click(rows[0] as HTMLElement);
    const thread = await screen.findByTestId('coach-thread', {}, { timeout: 5_000 });
    const bubbles = await within(thread).findAllByTestId('coach-message');
    expect(bubbles.map((bubble) => bubble.textContent?.includes('Carla Sem Dieta'))).toEqual([true, true]);
    // Oldest first; an address is a link opened apart, the text stays text.
    expect(bubbles[0]?.querySelector('a')?.getAttribute('href')).toBe('https://exemplo.com/receita');
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /coach/threads/none/read').map((c) => c.body)).toEqual([{ upTo: dinnerQuestion.sentAt }]));
    // The inbox hears that the thread was read.
    await waitFor(() => expect(screen.queryByTestId('admin-inbox-unread')).toBeNull());

    fireEvent.change(within(thread).getByTestId('coach-thread-input'), { target: { value: '  Pode, por batata-doce.  ' } });
    const send = within(thread).getByTestId('coach-thread-send');
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(within(thread).getAllByTestId('coach-message')).toHaveLength(3));
    const posts = calls.filter((c) => c.key === 'POST /coach/threads/none/messages');
    expect(posts.map((c) => (c.body as { body: string }).body)).toEqual(['Pode, por batata-doce.']);
    const answer = within(thread).getAllByTestId('coach-message').at(-1) as HTMLElement;
    expect(answer.getAttribute('data-mine')).toBe('true');
    expect(within(answer).getByTestId('coach-message-delete')).toBeTruthy();
    expect((within(thread).getByTestId('coach-thread-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a client’s photo in the thread as a thumbnail opening full size, and says when it has not arrived yet', async () => {
    const photoMessage = message({ id: 'm3', sentAt: minutesAgo(5), body: '', photoId: 'p-1', photoStored: true });
    const onItsWay = message({ id: 'm4', sentAt: minutesAgo(4), body: 'E esta', photoId: 'p-2' });
    const page: CoachThreadPage = { messages: [onItsWay, photoMessage], before: null, thread: { id: 'thread', clientReadUpTo: null, coachReadUpTo: null } };
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'GET /coach/threads': () => json({ threads: [{ clientId: 'none', clientName: 'Carla Sem Dieta', unread: 0, lastMessage: photoMessage }] }),
      'GET /coach/threads/none/messages': () => json(page),
      'POST /coach/threads/none/read': () => json({ thread: page.thread }),
    });
    renderAdmin();
    // A message that is only a photo says so in the conversations.
    const row = (await screen.findAllByTestId('admin-inbox-thread'))[0] as HTMLElement;
    expect(row.textContent).toContain('Foto');
    fireEvent.click(row);
    const thread = await screen.findByTestId('coach-thread', {}, { timeout: 5_000 });
    const [withPhoto, waiting] = await within(thread).findAllByTestId('coach-message');
    expect((await within(withPhoto as HTMLElement).findByRole('img', { name: 'Foto de Carla Sem Dieta' })).getAttribute('src')).toBe('/api/photos/p-1/thumbnail');
    expect(within(waiting as HTMLElement).queryByRole('img')).toBeNull();
    expect(waiting?.textContent).toContain('Foto a caminho');
    fireEvent.click(within(withPhoto as HTMLElement).getByRole('button', { name: 'Abrir a foto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto de Carla Sem Dieta' });
    const full = await within(dialog).findByRole('img');
    expect(full.getAttribute('src')).toBe('/api/photos/p-1/image');
    // A file that does not load says so (not that it is on its way).
    fireEvent.error(full);
    expect((await within(dialog).findByRole('img')).getAttribute('aria-label')).toBe('Foto de Carla Sem Dieta. Não foi possível carregar esta foto.');
  });

  describe('a coach’s answer with a photo', () => {
    /** A browser that encodes photos (see stubPhotoEncoding) and makes object URLs for their previews. */
    function stubPhotoBrowser() {
      stubPhotoEncoding();
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    }
    const page: CoachThreadPage = { messages: [message({ id: 'm1', body: 'Como está a postura?' })], before: null, thread: { id: 'thread', clientReadUpTo: null, coachReadUpTo: null } };
    const routes = (send: ApiHandler) => ({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'GET /coach/threads/none/messages': () => json(page),
      'POST /coach/threads/none/read': () => json({ thread: page.thread }),
      'POST /coach/threads/none/photo-messages': send,
    });
    async function attachPhoto() {
      renderAdmin();
      await openUser('none');
      const thread = await screen.findByTestId('coach-thread', {}, { timeout: 5_000 });
      await within(thread).findAllByTestId('coach-message');
      fireEvent.change(within(thread).getByTestId('coach-thread-photo-input'), { target: { files: [new File([new Uint8Array(64)], 'IMG_0001.jpg', { type: 'image/jpeg' })] } });
      expect((await within(thread).findByRole('img', { name: 'Foto a enviar' })).getAttribute('src')).toBe('blob:preview');
      return thread;
    }

    it('sends the photo re-encoded here with the answer as one form, once on a double tap, and shows it in the thread', async () => {
      stubPhotoBrowser();
      const calls = stubApi(
        routes((init) => {
          const form = init.body as FormData;
          return json({ message: message({ id: String(form.get('id')), from: 'coach', senderName: 'Admin Eu', body: String(form.get('body')), photoId: 'p-9', sentAt: new Date().toISOString(), mine: true }) }, 201);
        }),
      );
      const thread = await attachPhoto();
      const send = within(thread).getByTestId('coach-thread-send');
      fireEvent.click(send);
      fireEvent.click(send);
      await waitFor(() => expect(within(thread).getAllByTestId('coach-message')).toHaveLength(2));
      const answer = within(thread).getAllByTestId('coach-message').at(-1) as HTMLElement;
      expect(answer.getAttribute('data-mine')).toBe('true');
      expect((await within(answer).findByRole('img', { name: 'Foto de Admin Eu' })).getAttribute('src')).toBe('/api/photos/p-9/thumbnail');
      const posts = calls.filter((call) => call.key === 'POST /coach/threads/none/photo-messages').map((call) => call.body as FormData);
      expect(posts).toHaveLength(1);
      const form = posts[0] as FormData;
      expect([form.get('body'), form.get('contentType'), form.get('width'), form.get('height')]).toEqual(['', 'image/webp', '1600', '1200']);
      expect([(form.get('image') as Blob).type, (form.get('thumbnail') as Blob).type]).toEqual(['image/webp', 'image/webp']);
      // Sent: the preview is gone.
      expect(within(thread).queryByRole('img', { name: 'Foto a enviar' })).toBeNull();
    });

    it('says the client’s photo storage is full, naming them, and keeps the photo attached', async () => {
      stubPhotoBrowser();
      stubApi(routes(() => json({ error: 'Seu espaço para fotos acabou. Exclua fotos antigas para enviar novas.', code: 'PHOTO_QUOTA_EXCEEDED' }, 413)));
      const thread = await attachPhoto();
      fireEvent.click(within(thread).getByTestId('coach-thread-send'));
      expect((await screen.findByTestId('toast')).textContent).toContain('O espaço para fotos de Carla Sem Dieta acabou: a foto não foi enviada.');
      expect(within(thread).getByRole('img', { name: 'Foto a enviar' })).toBeTruthy();
    });
  });

  it('shows a client’s new message without a reload when the server pokes', async () => {
    let threads: CoachThreadSummary[] = [];
    stubApi({ 'GET /teacher-admin/users': () => json({ users: USERS }), 'GET /coach/threads': () => json({ threads }) });
    renderAdmin();
    expect((await screen.findByTestId('admin-inbox-empty')).textContent).toBe('Nenhum cliente escreveu ainda.');
    threads = threadsNow(1);
    const relay = openPokeRelay('admin-screen-test');
    relay.announce();
    relay.close();
    expect((await screen.findAllByTestId('admin-inbox-thread')).map((row) => row.getAttribute('data-unread'))).toEqual(['1', '0']);
  });

  it('opens a check-in waiting for review with the week’s figures and measurements beside the previous one’s and the week’s photos, and sends the feedback once', async () => {
    const base = { week: '2026-11-16', createdAt: '2026-11-16T12:00:00.000Z', weight: 82.4, dietAdherence: 3, workoutAdherence: 2, hunger: 4, sleep: 2, stress: 4, energy: 2, note: null, answers: [], reviewedAt: null };
    const waiting: CoachCheckIn = {
      clientId: 'none',
      clientName: 'Carla Sem Dieta',
      checkIn: { ...base, id: 'c2', week: '2026-11-23', createdAt: '2026-11-23T12:00:00.000Z', weight: 81.6, dietAdherence: 5, sleep: 4, note: 'Dormi melhor!', answers: [{ question: 'Quantos litros de água?', answer: '2' }] },
      previous: { ...base, id: 'c1' },
      measurements: { waist: 88.5, hip: null, chest: null, arm: null, thigh: null, neck: null, bodyFat: 30.2 },
      previousMeasurements: { waist: 90, hip: 104, chest: null, arm: null, thigh: null, neck: null, bodyFat: null },
      photos: [
        { id: 'ph-1', createdAt: '2026-11-23T12:01:00.000Z', pose: 'front', width: 1200, height: 1600, stored: true },
        { id: 'ph-2', createdAt: '2026-11-23T12:02:00.000Z', pose: 'side', width: 1200, height: 1600, stored: false },
      ],
    };
    let queue = [waiting];
    const calls = stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /coach/check-ins': () => json({ checkIns: queue }),
      'POST /coach/check-ins/c2/review': () => {
        queue = [];
        return json({ checkIn: { ...waiting.checkIn, reviewedAt: new Date().toISOString() }, message: message({ from: 'coach', senderName: 'Admin Eu', body: 'Ótimo!' }) });
      },
    });
    renderAdmin();
    fireEvent.click(await screen.findByTestId('admin-check-in'));
    const dialog = await screen.findByTestId('check-in-review', {}, { timeout: 5_000 });
    const rows = within(within(dialog).getByTestId('check-in-review-figures')).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('Peso81,6 kg82,4 kg');
    expect(rows).toContain('Dieta seguida (1–5)53');
    expect(rows).toContain('Sono (1–5)42');
    // The measurements logged with each, only the sites measured.
    expect(rows).toContain('Cintura88,5 cm90 cm');
    expect(rows).toContain('Quadril—104 cm');
    expect(rows).toContain('Gordura corporal30,2%—');
    expect(rows.some((row) => row?.startsWith('Peito'))).toBe(false);
    expect(within(dialog).getByTestId('check-in-review-note').textContent).toBe('Dormi melhor!');
    expect(dialog.textContent).toContain('Quantos litros de água? 2');
    // The week's photos: one to open, one still on its way from the phone.
    const photos = within(dialog).getByTestId('check-in-review-photos');
    expect(within(photos).getAllByTestId('admin-photo').map((tile) => tile.getAttribute('data-photo-id'))).toEqual(['ph-1', 'ph-2']);
    expect((await within(photos).findByRole('button', { name: /^Abrir a foto de progresso \(frente\)/ })).querySelector('img')?.getAttribute('src')).toBe('/api/photos/ph-1/thumbnail');
    expect(photos.textContent).toContain('Ainda não enviada');

    fireEvent.change(within(dialog).getByTestId('check-in-review-feedback'), { target: { value: '  Ótimo! Continue assim.  ' } });
    const send = within(dialog).getByTestId('check-in-review-send');
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByTestId('check-in-review')).toBeNull());
    const posts = calls.filter((c) => c.key === 'POST /coach/check-ins/c2/review').map((c) => (c.body as { feedback: string }).feedback);
    expect(posts).toEqual(['Ótimo! Continue assim.']);
    expect(await screen.findByTestId('admin-check-ins-empty')).toBeTruthy();
  });

  it('shows admins who needs attention among every client, filtered, and opens one in the panel', async () => {
    const figures = (over: Partial<CoachStudentAttention>): CoachStudentAttention => ({
      clientId: 'fresh',
      clientName: 'Ana Fresca',
      email: 'ana@example.com',
      lastWeighInAt: null,
      daysSinceWeighIn: 1,
      trendKgPerWeek: -0.4,
      tracking7: 0.71,
      tracking30: 0.6,
      lastCheckIn: null,
      daysSinceOpen: 0,
      planId: 'monthly',
      planStatus: 'active',
      daysLeft: 20,
      lastWorkoutAt: '2026-11-27T15:00:00.000Z',
      daysSinceWorkout: 1,
      hasWorkoutPlan: true,
      ...over,
    });
    stubApi({
      'GET /teacher-admin/users': () => json({ users: USERS }),
      'GET /teacher-admin/users/none': () => json({ user: detail({}) }),
      'GET /coach/attention': () =>
        json({
          students: [
            figures({}),
            figures({ clientId: 'none', clientName: 'Carla Sem Dieta', email: 'carla@example.com', daysSinceWeighIn: 9, planId: 'trial', daysLeft: 1, lastWorkoutAt: null, daysSinceWorkout: null }),
            figures({ clientId: 'free', clientName: 'Lia Sem Treino', email: 'lia@example.com', lastWorkoutAt: null, daysSinceWorkout: null, hasWorkoutPlan: false }),
          ],
        }),
    });
    renderAdmin();
    fireEvent.click(await screen.findByTestId('admin-attention-show'));
    const table = await screen.findByTestId('admin-attention-table', {}, { timeout: 5_000 });
    const rowOf = (name: string) => within(table).getAllByTestId('admin-attention-row').find((row) => row.textContent?.includes(name));
    expect(rowOf('Ana Fresca')?.textContent).toContain('27 de nov.');
    expect(rowOf('Lia Sem Treino')?.textContent).not.toContain('de nov.');
    // No session for a week counts only for a student with a workout plan to follow.
    fireEvent.click(screen.getByTestId('attention-filter-noWorkout7'));
    expect(within(screen.getByTestId('admin-attention-table')).getAllByTestId('admin-attention-row').map((row) => row.textContent?.includes('Carla Sem Dieta'))).toEqual([true]);
    fireEvent.click(screen.getByTestId('attention-filter-noWorkout7'));
    fireEvent.click(screen.getByTestId('attention-filter-noWeighIn7'));
    const rows = within(screen.getByTestId('admin-attention-table')).getAllByTestId('admin-attention-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('há 9 dias');
    fireEvent.click(screen.getByTestId('attention-filter-planEnding7'));
    expect(within(screen.getByTestId('admin-attention-table')).getAllByTestId('admin-attention-row')).toHaveLength(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('admin-attention-open'));
    expect((await screen.findByTestId('admin-user-name')).textContent).toBe('Carla Sem Dieta');
  });
});
