import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import type { LedgerEntry, Payout, ReferralLink, TeacherDashboard, TeacherStudent } from '#protocol/contract/teacher.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import type { CoachStudentAttention, CoachThreadSummary } from '#protocol/contract/messages.ts';
import { openPokeRelay } from '#pwa/sync/live-pokes.ts';
import { TeacherDashboardScreen } from './TeacherDashboardScreen.tsx';
import { json, renderInApp, setUpScreenTests, stubStaffApi as stubApi } from '#pwa/test/screen-harness.tsx';

/** The overview's GET carries the device's zone (where this month began). */
// The device's zone goes with the overview, for where "this month" began.
const DASHBOARD_GET = `GET /teacher/dashboard?${new URLSearchParams({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })}`;

/** Text as a reader sees it: Intl's narrow and non-breaking spaces as plain spaces. */
const text = (element: Element) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const DASHBOARD: TeacherDashboard = {
  totalStudents: 12,
  activeStudents: 7,
  totalCommissions: [
    { currency: 'BRL', amount: 12345 },
    { currency: 'USD', amount: 699 },
  ],
  thisMonthCommissions: [{ currency: 'BRL', amount: 833 }],
  availableToWithdraw: [
    { currency: 'BRL', amount: 4999 },
    { currency: 'USD', amount: 5000 },
  ],
  pendingPayouts: [],
  minimumPayout: [
    { currency: 'BRL', amount: 5000 },
    { currency: 'USD', amount: 5000 },
  ],
  hasAiKey: false,
  currency: 'BRL',
};

const STUDENTS: TeacherStudent[] = [
  { id: 's1', name: 'Bruno Lima', email: 'bruno@example.com', planId: 'quarterly', status: 'active', createdAt: '2026-10-02T12:00:00.000Z' },
  { id: 's2', name: 'Ana Souza', email: 'ana@example.com', planId: 'trial', status: 'expired', createdAt: '2026-11-05T12:00:00.000Z' },
  { id: 's3', name: 'Carla Dias', email: 'carla@example.com', planId: null, status: 'inactive', createdAt: '2026-09-20T12:00:00.000Z' },
];

const LINK: ReferralLink = { id: 'link-1', url: 'https://leve.example/r/TIAGOPRO42', code: 'TIAGOPRO42', clicks: 40, conversions: 3, conversionRate: 0.075 };

const LEDGER: LedgerEntry[] = [
  { id: 'c1', studentName: 'Bruno Lima', amount: 6293, currency: 'BRL', percentage: 70, planId: 'quarterly', description: 'Comissão do plano Trimestral de Bruno Lima', status: 'pending', createdAt: '2026-11-02T12:00:00.000Z' },
  { id: 'c2', studentName: 'Ana Souza', amount: 833, currency: 'BRL', percentage: 70, planId: 'monthly', description: 'Comissão do plano Mensal de Ana Souza', status: 'paid', createdAt: '2026-10-01T12:00:00.000Z' },
];

const PAYOUTS: Payout[] = [
  { id: 'p1', amount: 9000, currency: 'BRL', status: 'completed', requestedAt: '2026-10-10T12:00:00.000Z', processedAt: '2026-10-12T12:00:00.000Z' },
];

const messages = setUpScreenTests();

function renderDashboard() {
  useSession.setState({ status: 'authenticated', client: { id: 't1', name: 'Tiago Professor', email: 'teacher@example.com', role: 'teacher' } as Client });
  return renderInApp(messages(), <MemoryRouter><TeacherDashboardScreen /></MemoryRouter>);
}

const openTab = async (name: string) => fireEvent.click(await screen.findByTestId(`teacher-tab-${name}`));
const gets = (calls: { key: string }[]) => calls.filter((c) => c.key.startsWith('GET')).map((c) => c.key);

describe('TeacherDashboardScreen', () => {
  it('loads only the overview (with the students’ messages, check-ins and the check-in questions) until a tab opens, then that tab once', async () => {
    const calls = stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/students': () => json({ students: STUDENTS }),
      'GET /teacher/referral-links': () => json({ referralLinks: [LINK] }),
    });
    renderDashboard();
    expect(text(await screen.findByTestId('teacher-figure-totalStudents'))).toBe('12');
    // The questions' card asks once the overview is there.
    await waitFor(() => expect(gets(calls).sort()).toEqual([DASHBOARD_GET, 'GET /coach/threads', 'GET /coach/check-ins', 'GET /teacher/check-in-questions'].sort()));

    await openTab('students');
    await screen.findByTestId('teacher-students-table');
    await openTab('referral');
    await screen.findByTestId('referral-link');
    await openTab('students');
    await openTab('overview');
    await openTab('students');
    expect(screen.getAllByTestId('teacher-student-row')).toHaveLength(3);
    expect(gets(calls).filter((key) => !key.startsWith('GET /coach/') && key !== 'GET /teacher/check-in-questions')).toEqual([DASHBOARD_GET, 'GET /teacher/students', 'GET /teacher/referral-links']);
  });

  it('shows the six figures, one line per currency and R$ 0,00 for none, and the AI key state', async () => {
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD) });
    renderDashboard();
    expect(text(await screen.findByTestId('teacher-figure-totalStudents'))).toBe('12');
    expect(text(screen.getByTestId('teacher-figure-activeStudents'))).toBe('7');
    expect(text(screen.getByTestId('teacher-figure-totalCommissions'))).toBe('R$ 123,45US$ 6,99');
    expect(text(screen.getByTestId('teacher-figure-thisMonthCommissions'))).toBe('R$ 8,33');
    expect(text(screen.getByTestId('teacher-figure-availableToWithdraw'))).toBe('R$ 49,99US$ 50,00');
    expect(text(screen.getByTestId('teacher-figure-pendingPayouts'))).toBe('R$ 0,00');
    expect(screen.getByText('Disponível para saque')).toBeTruthy();
    expect(screen.getByTestId('ai-key-status').textContent).toBe('Nenhuma chave de IA cadastrada');
    expect(screen.queryByTestId('ai-key-remove')).toBeNull();
  });

  it('stores, then removes, the AI key without ever showing it', async () => {
    const calls = stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'PUT /teacher/ai-key': (init) => json({ hasAiKey: JSON.parse(String(init.body)).aiKey !== null }),
    });
    renderDashboard();
    const input = (await screen.findByTestId('ai-key-input')) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect((screen.getByTestId('ai-key-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' sk-test-123 ' } });
    fireEvent.click(screen.getByTestId('ai-key-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Chave de IA salva');
    await waitFor(() => expect(screen.getByTestId('ai-key-status').textContent).toBe('Chave de IA cadastrada'));
    expect(input.value).toBe('');
    expect(screen.getByTestId('ai-key-save').textContent).toBe('Substituir chave');

    fireEvent.click(screen.getByTestId('ai-key-remove'));
    await waitFor(() => expect(screen.getByTestId('ai-key-status').textContent).toBe('Nenhuma chave de IA cadastrada'));
    expect(calls.filter((c) => c.key === 'PUT /teacher/ai-key').map((c) => c.body)).toEqual([{ aiKey: 'sk-test-123' }, { aiKey: null }]);
  });

  it('lists the students with plan and status names, newest first, and sorts by any column', async () => {
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /teacher/students': () => json({ students: STUDENTS }) });
    renderDashboard();
    await openTab('students');
    await screen.findByTestId('teacher-students-table');
    const names = () => screen.getAllByTestId('teacher-student-row').map((row) => (row.firstChild as HTMLElement).textContent);
    expect(names()).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']);
    const [ana, bruno, carla] = screen.getAllByTestId('teacher-student-row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(ana.textContent).toContain('Teste grátis');
    expect(ana.textContent).toContain('Expirado');
    expect(bruno.textContent).toContain('Trimestral');
    expect(bruno.textContent).toContain('Ativo');
    expect(bruno.textContent).toContain('02/10/2026');
    expect(carla.textContent).toContain('Sem plano');
    expect(carla.textContent).toContain('Inativo');

    fireEvent.click(screen.getByTestId('teacher-students-table-sort-name'));
    expect(names()).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']);
    fireEvent.click(screen.getByTestId('teacher-students-table-sort-name'));
    expect(names()).toEqual(['Carla Dias', 'Bruno Lima', 'Ana Souza']);
    fireEvent.click(screen.getByTestId('teacher-students-table-sort-status'));
    expect(names()).toEqual(['Bruno Lima', 'Ana Souza', 'Carla Dias']); // Ativo, Expirado, Inativo
  });

  it('says so when there are no students yet', async () => {
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /teacher/students': () => json({ students: [] }) });
    renderDashboard();
    await openTab('students');
    expect((await screen.findByTestId('teacher-students-table-empty')).textContent).toContain('Nenhum aluno ainda');
    expect(screen.queryAllByTestId('teacher-student-row')).toHaveLength(0);
  });

  it('shows "Erro ao carregar dados" with the reason and a retry button when a tab fails to load', async () => {
    let fail = true;
    stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/ledger': () => (fail ? json({ error: 'Erro interno do servidor. Tente novamente em instantes', code: 'INTERNAL' }, 500) : json({ ledger: LEDGER })),
    });
    renderDashboard();
    await openTab('commissions');
    const alert = await screen.findByTestId('teacher-load-error');
    expect(alert.textContent).toContain('Erro ao carregar dados');
    expect(alert.textContent).toContain('Erro interno do servidor');
    fail = false;
    fireEvent.click(screen.getByTestId('teacher-retry'));
    await screen.findByTestId('teacher-ledger-table');
    const rows = screen.getAllByTestId('teacher-ledger-row');
    expect(rows).toHaveLength(2);
    expect(text(rows[0] as HTMLElement)).toContain('Bruno Lima');
    expect(text(rows[0] as HTMLElement)).toContain('R$ 62,93');
    expect(text(rows[0] as HTMLElement)).toContain('70%');
    expect(text(rows[0] as HTMLElement)).toContain('Trimestral');
    expect(text(rows[0] as HTMLElement)).toContain('Pendente');
    expect(text(rows[1] as HTMLElement)).toContain('Pago');
    fireEvent.click(screen.getByTestId('teacher-ledger-table-sort-amount'));
    expect(text(screen.getAllByTestId('teacher-ledger-row')[0] as HTMLElement)).toContain('Ana Souza');
  });

  it('shows the link, its code and QR, the figures, and copies the link', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /teacher/referral-links': () => json({ referralLinks: [LINK] }) });
    renderDashboard();
    await openTab('referral');
    expect((await screen.findByTestId('referral-link')).textContent).toBe(LINK.url);
    expect(screen.getByTestId('referral-code').textContent).toBe('TIAGOPRO42');
    const qr = screen.getByTestId('referral-qr');
    expect(qr.getAttribute('aria-label')).toBe('QR code do seu link de divulgação');
    expect(qr.getAttribute('data-value')).toBe(LINK.url);
    expect(qr.getAttribute('viewBox')).toBe('-4 -4 37 37'); // version 3 in the 4-module quiet zone
    expect(qr.querySelector('path')?.getAttribute('d')).toContain('M5 7L4 7L3 7L2 7L1 7L0 7L0 6'); // the top-left finder's outline
    expect(screen.getByTestId('referral-clicks').textContent).toBe('40');
    expect(screen.getByTestId('referral-conversions').textContent).toBe('3');
    expect(text(screen.getByTestId('referral-rate'))).toBe('7,5%');
    expect(screen.queryByTestId('referral-share')).toBeNull(); // no Web Share here
    fireEvent.click(screen.getByTestId('referral-copy'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Link copiado!');
    expect(writeText).toHaveBeenCalledWith(LINK.url);
  });

  it('shares the link where the browser can', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /teacher/referral-links': () => json({ referralLinks: [LINK] }) });
    renderDashboard();
    await openTab('referral');
    fireEvent.click(await screen.findByTestId('referral-share'));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK.url })));
  });

  it('forces the code to upper case and 15 characters, checks it as SPEC §5 says, and saves it', async () => {
    const calls = stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/referral-links': () => json({ referralLinks: [LINK] }),
      'PUT /teacher/referral-links/link-1': (init) => json({ referralLink: { ...LINK, code: JSON.parse(String(init.body)).code, url: 'https://leve.example/r/NOVO2026' } }),
    });
    renderDashboard();
    await openTab('referral');
    const input = (await screen.findByTestId('referral-code-input')) as HTMLInputElement;
    expect(input.value).toBe('TIAGOPRO42');
    expect(input.maxLength).toBe(15);
    fireEvent.change(input, { target: { value: 'novo2026' } });
    expect(input.value).toBe('NOVO2026');
    fireEvent.change(input, { target: { value: 'abcdefghijklmnopqrs' } });
    expect(input.value).toBe('ABCDEFGHIJKLMNO');

    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('referral-code-save'));
    expect(await screen.findByText('Código não pode estar vazio')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ab-1' } });
    fireEvent.click(screen.getByTestId('referral-code-save'));
    expect(await screen.findByText('Código deve conter apenas letras e números (3-15 caracteres)')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toEqual([]);

    fireEvent.change(input, { target: { value: 'novo2026' } });
    fireEvent.click(screen.getByTestId('referral-code-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Código atualizado com sucesso!');
    await waitFor(() => expect(screen.getByTestId('referral-code').textContent).toBe('NOVO2026'));
    expect(screen.getByTestId('referral-link').textContent).toBe('https://leve.example/r/NOVO2026');
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({ code: 'NOVO2026' });
  });

  it('shows a taken code under the field and in the toast', async () => {
    stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/referral-links': () => json({ referralLinks: [LINK] }),
      'PUT /teacher/referral-links/link-1': () =>
        json(
          {
            error: 'Este código já está em uso por outro professor',
            code: 'REFERRAL_CODE_TAKEN',
            details: [{ field: 'code', code: 'errors.REFERRAL_CODE_TAKEN', message: 'Este código já está em uso por outro professor' }],
          },
          409,
        ),
    });
    renderDashboard();
    await openTab('referral');
    fireEvent.change(await screen.findByTestId('referral-code-input'), { target: { value: 'PROMO' } });
    fireEvent.click(screen.getByTestId('referral-code-save'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Erro ao atualizar código');
    expect(toast.textContent).toContain('Este código já está em uso por outro professor');
    expect(screen.getByTestId('referral-code').textContent).toBe('TIAGOPRO42');
    expect(screen.getAllByText('Este código já está em uso por outro professor').length).toBeGreaterThanOrEqual(2);
  });

  it('says "Link não encontrado" when the teacher has no link', async () => {
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /teacher/referral-links': () => json({ referralLinks: [] }) });
    renderDashboard();
    await openTab('referral');
    const alert = await screen.findByTestId('teacher-load-error');
    expect(alert.textContent).toContain('Link não encontrado');
    expect(alert.textContent).toContain('Erro ao carregar o link de divulgação');
  });

  it('enables a payout only from its currency minimum, and says the minimum below it', async () => {
    const calls = stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/payouts': () => json({ payouts: PAYOUTS }),
      'POST /teacher/payouts': () => json({ payout: { id: 'p2', amount: 5000, currency: 'USD', status: 'pending', requestedAt: new Date().toISOString(), processedAt: null } }, 201),
    });
    renderDashboard();
    await openTab('payouts');
    const brl = (await screen.findByTestId('payout-request-BRL')) as HTMLButtonElement;
    expect(brl.disabled).toBe(true);
    expect(text(brl)).toBe('Solicitar saque de R$ 49,99');
    expect(text(screen.getByTestId('payout-minimum-BRL'))).toBe('Saque mínimo: R$ 50,00');
    const usd = screen.getByTestId('payout-request-USD') as HTMLButtonElement;
    expect(usd.disabled).toBe(false);
    expect(screen.queryByTestId('payout-minimum-USD')).toBeNull();

    const row = screen.getByTestId('teacher-payout-row');
    expect(text(row)).toContain('R$ 90,00');
    expect(text(row)).toContain('Concluído');
    expect(text(row)).toContain('12/10/2026');

    fireEvent.click(usd);
    expect((await screen.findByTestId('toast')).textContent).toContain('Saque solicitado com sucesso!');
    expect(calls.find((c) => c.key === 'POST /teacher/payouts')?.body).toEqual({ currency: 'USD' });
    await waitFor(() => expect(gets(calls).filter((k) => k === 'GET /teacher/payouts')).toHaveLength(2));
    expect(gets(calls).filter((k) => k === DASHBOARD_GET)).toHaveLength(2);
  });

  it('says "Saldo insuficiente" for INSUFFICIENT_BALANCE and "Erro ao solicitar saque" otherwise', async () => {
    let code = 'INSUFFICIENT_BALANCE';
    stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/payouts': () => json({ payouts: [] }),
      'POST /teacher/payouts': () => json({ error: code === 'INTERNAL' ? 'Erro interno do servidor' : 'Saldo insuficiente', code }, code === 'INTERNAL' ? 500 : 400),
    });
    renderDashboard();
    await openTab('payouts');
    expect((await screen.findByTestId('teacher-payouts-table-empty')).textContent).toBe('Nenhum saque solicitado ainda.');
    fireEvent.click(screen.getByTestId('payout-request-USD'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Saldo insuficiente'));
    code = 'INTERNAL';
    await waitFor(() => expect((screen.getByTestId('payout-request-USD') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('payout-request-USD'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Erro ao solicitar saque'));
    expect(screen.getByTestId('toast').textContent).toContain('Erro interno do servidor');
  });

  it('keeps the request disabled with the minimum when there is no balance at all', async () => {
    stubApi({
      [DASHBOARD_GET]: () => json({ ...DASHBOARD, availableToWithdraw: [], minimumPayout: [] }),
      'GET /teacher/payouts': () => json({ payouts: [] }),
    });
    renderDashboard();
    await openTab('payouts');
    const button = (await screen.findByTestId('payout-request-BRL')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Solicitar saque');
    expect(text(screen.getByTestId('payout-minimum-BRL'))).toBe('Saque mínimo: R$ 50,00');
    expect(screen.getByTestId('payout-no-balance')).toBeTruthy();
  });

  it("reads nothing yet as zero in the teacher's own currency, with the payout minimum in it (issue 17: a teacher in Argentina)", async () => {
    const empty = { ...DASHBOARD, totalCommissions: [], thisMonthCommissions: [], availableToWithdraw: [], pendingPayouts: [], minimumPayout: [], currency: 'ARS' as const };
    stubApi({ [DASHBOARD_GET]: () => json(empty), 'GET /teacher/payouts': () => json({ payouts: [] }) });
    renderDashboard();
    expect(text(await screen.findByTestId('teacher-figure-totalCommissions'))).toBe(text(screen.getByTestId('teacher-figure-pendingPayouts')));
    expect(text(screen.getByTestId('teacher-figure-totalCommissions'))).toMatch(/^ARS\s?0$/);
    await openTab('payouts');
    expect(((await screen.findByTestId('payout-request-ARS')) as HTMLButtonElement).disabled).toBe(true);
    expect(text(screen.getByTestId('payout-minimum-ARS'))).toMatch(/ARS\s?50$/);
  });

  it('lists the students waiting for an answer, each a link to their thread, and refreshes when the server pokes', async () => {
    const thread = (clientId: string, clientName: string, unread: number, body: string): CoachThreadSummary => ({
      clientId,
      clientName,
      unread,
      lastMessage: { id: `m-${clientId}`, createdAt: '2026-11-28T10:00:00.000Z', sentAt: '2026-11-28T10:00:00.000Z', from: 'client', senderName: null, body, photoId: null, deleted: false },
    });
    let threads = [thread('bia', 'Bia Aluna', 0, 'Obrigada!')];
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /coach/threads': () => json({ threads }) });
    renderDashboard();
    expect((await screen.findByTestId('teacher-messages-none')).textContent).toBe('Nenhuma mensagem não lida.');

    const onlyAPhoto = thread('caio', 'Caio Aluno', 1, '');
    threads = [thread('ana', 'Ana Aluna', 2, 'Posso trocar o arroz?'), { ...onlyAPhoto, lastMessage: { ...onlyAPhoto.lastMessage, photoId: 'p-1' } }, ...threads];
    const relay = openPokeRelay('teacher-dashboard-test');
    relay.announce();
    relay.close();
    const waiting = await screen.findAllByTestId('teacher-messages-thread');
    expect(waiting.map((row) => text(row))).toEqual(['Responder Ana Aluna2 mensagens novasPosso trocar o arroz?', 'Responder Caio Aluno1 mensagem novaFoto']);
    expect(within(waiting[0] as HTMLElement).getByTestId('teacher-messages-answer').getAttribute('href')).toBe('/admin?client=ana');
  });

  it('keeps the teacher’s own check-in questions: the saved ones in their fields, the edited ones sent and shown as the server kept them', async () => {
    const calls = stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/check-in-questions': () => json({ questions: ['Como foi o sono?'] }),
      'PUT /teacher/check-in-questions': () => json({ questions: ['Como foi o sono?', 'Quantos litros de água por dia?'] }),
    });
    renderDashboard();
    const first = (await screen.findByTestId('check-in-question-1')) as HTMLInputElement;
    expect(first.value).toBe('Como foi o sono?');
    fireEvent.change(screen.getByTestId('check-in-question-3'), { target: { value: '  Quantos litros de água por dia?  ' } });
    fireEvent.click(screen.getByTestId('check-in-questions-save'));
    await waitFor(() => expect((screen.getByTestId('check-in-question-2') as HTMLInputElement).value).toBe('Quantos litros de água por dia?'));
    expect((screen.getByTestId('check-in-question-3') as HTMLInputElement).value).toBe('');
    expect(calls.filter((c) => c.key === 'PUT /teacher/check-in-questions').map((c) => c.body)).toEqual([{ questions: ['Como foi o sono?', '', '  Quantos litros de água por dia?  ', '', ''] }]);
  });

  it('tells who needs attention: each student’s last weigh-in, trend, completed days, check-in, last visit and last workout, filtered to those with no weigh-in for 7 days', async () => {
    const figures = (over: Partial<CoachStudentAttention>): CoachStudentAttention => ({
      clientId: 's1',
      clientName: 'x',
      email: 'x@example.com',
      lastWeighInAt: null,
      daysSinceWeighIn: null,
      trendKgPerWeek: null,
      tracking7: 0,
      tracking30: 0,
      lastCheckIn: null,
      daysSinceOpen: null,
      planId: null,
      planStatus: 'inactive',
      daysLeft: null,
      lastWorkoutAt: null,
      daysSinceWorkout: null,
      hasWorkoutPlan: false,
      ...over,
    });
    stubApi({
      [DASHBOARD_GET]: () => json(DASHBOARD),
      'GET /teacher/students': () => json({ students: STUDENTS }),
      'GET /coach/attention': () =>
        json({
          students: [
            figures({
              clientId: STUDENTS[0]!.id,
              daysSinceWeighIn: 8,
              trendKgPerWeek: -0.45,
              tracking7: 0.43,
              tracking30: 0.5,
              daysSinceOpen: 2,
              lastCheckIn: { week: '2026-11-23', reviewed: false },
              lastWorkoutAt: '2026-11-20T15:00:00.000Z',
              daysSinceWorkout: 9,
              hasWorkoutPlan: true,
            }),
            figures({ clientId: STUDENTS[1]!.id, daysSinceWeighIn: 1, tracking7: 1, tracking30: 0.9, daysSinceOpen: 0 }),
            figures({ clientId: STUDENTS[2]!.id }),
          ],
        }),
    });
    renderDashboard();
    await openTab('students');
    await screen.findByTestId('teacher-students-table');
    const row = await waitFor(() => {
      const found = screen.getAllByTestId('teacher-student-row').find((r) => r.textContent?.includes(STUDENTS[0]!.name));
      expect(found?.textContent).toContain('há 8 dias');
      return found as HTMLElement;
    });
    expect(text(row)).toContain('-0,45 kg/semana');
    expect(text(row)).toContain('43% / 50%');
    expect(text(row)).toContain('esperando revisão');
    expect(text(row)).toContain('há 2 dias');
    expect(text(row)).toContain('20 de nov.');
    fireEvent.click(screen.getByTestId('attention-filter-noWeighIn7'));
    // The one 8 days from the scale and the one who never weighed in.
    await waitFor(() => expect(screen.getAllByTestId('teacher-student-row').map((r) => r.textContent?.includes(STUDENTS[1]!.name))).toEqual([false, false]));
    fireEvent.click(screen.getByTestId('attention-filter-checkInWaiting'));
    expect(screen.getAllByTestId('teacher-student-row')).toHaveLength(1);
  });

  it('speaks the language of the app', async () => {
    stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD) });
    useSession.setState({ status: 'authenticated', client: { id: 't1', name: 'Tiago', email: 't@example.com', role: 'teacher' } as Client });
    render(
      <IntlProvider locale="es-AR" messages={await loadMessages('es-AR')}>
        <MemoryRouter>
          <TeacherDashboardScreen />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect((await screen.findByTestId('teacher-tab-payouts')).textContent).toBe('Retiros');
    const figure = await screen.findByTestId('teacher-figure-totalCommissions');
    expect(within(figure.parentElement as HTMLElement).getByText('Comisiones totales')).toBeTruthy();
  });

  describe('on a phone (390 px)', () => {
    // MUI's breakpoints ask matchMedia; a phone matches every max-width query the app asks.
    const phone = (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false });
    it('shows each commission as a card naming every column (a table showed 2 of 7), sorted from "Ordenar por"', async () => {
      vi.stubGlobal('matchMedia', phone);
      try {
        stubApi({ [DASHBOARD_GET]: () => json(DASHBOARD), 'GET /teacher/ledger': () => json({ ledger: LEDGER }) });
        renderDashboard();
        await openTab('commissions');
        await screen.findByTestId('teacher-ledger-table');
        expect(screen.queryByRole('table')).toBeNull();
        const cards = () => screen.getAllByTestId('teacher-ledger-row');
        expect(cards().map((card) => card.firstChild?.firstChild?.textContent)).toEqual(['Bruno Lima', 'Ana Souza']); // newest first
        for (const label of ['Valor', 'Percentual', 'Plano', 'Data', 'Status', 'Descrição']) expect(within(cards()[0] as HTMLElement).getByText(label).tagName).toBe('DT');
        expect(text(cards()[0] as HTMLElement)).toContain('R$ 62,93');
        expect(screen.getByLabelText('Ordenar por')).toBeTruthy();
        fireEvent.click(screen.getByTestId('teacher-ledger-table-direction'));
        expect(cards().map((card) => card.firstChild?.firstChild?.textContent)).toEqual(['Ana Souza', 'Bruno Lima']);
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});
