import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPayout, LedgerEntry, Payout, ReferralLink, TeacherDashboard, TeacherStudent } from '#protocol/contract/teacher.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signIn } from '../../test/factories.ts';

let t: TestApp;
afterEach(() => t.close());

type ErrorBody = { code: string; error: string };

async function setting(env: Record<string, string> = {}, now?: () => number) {
  t = await createTestApp({ env, ...(now ? { now } : {}) });
  const teacher = t.client();
  const teacherUser = await signIn(teacher, t.deps, { role: 'teacher', name: 'Tiago Professor', countryCode: 'BR' });
  const { referralLinks } = (await teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body;
  const code = (referralLinks[0] as ReferralLink).code;
  /** A client of Tiago's, whose browser's language sets the prices they pay. */
  const student = async (name: string, countryCode = 'BR', locale = 'pt-BR') => {
    const c = t.client({ locale });
    const user = await signIn(c, t.deps, { name, countryCode, referralCode: code });
    return { c, user };
  };
  const admin = t.client();
  await signIn(admin, t.deps, { role: 'admin' });
  return { teacher, teacherUser, student, admin };
}

const ledgerOf = async (c: ReturnType<TestApp['client']>) => (await c.get<{ ledger: LedgerEntry[] }>('/api/teacher/ledger')).body.ledger;
const dashboardOf = async (c: ReturnType<TestApp['client']>) => (await c.get<TeacherDashboard>('/api/teacher/dashboard')).body;

describe('commissions', () => {
  it('records exactly one 70% entry per paid activation of a referred student, none for a trial or an unreferred client', async () => {
    const { teacher, student } = await setting();
    const rita = await student('Rita Referida');
    // signIn registers through the service, which does not attach: attach as the route does.
    const referred = async (s: Awaited<ReturnType<typeof student>>) => t.deps.referrals.attach(s.user.id, (await teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0]?.code);
    expect(await referred(rita)).toBe(true);
    await rita.c.post('/api/subscriptions/trial', {});
    expect(await ledgerOf(teacher)).toEqual([]);
    await rita.c.post('/api/subscriptions', { planId: 'monthly' });
    const ledger = await ledgerOf(teacher);
    expect(ledger).toEqual([
      expect.objectContaining({ studentName: 'Rita Referida', amount: 833, currency: 'BRL', percentage: 70, planId: 'monthly', status: 'pending', description: 'Plano Mensal de Rita Referida' }),
    ]);
    // The activation's own transaction wrote it: one per subscription, even if recorded again.
    const subscription = await t.deps.subscriptions.current(rita.user.id);
    if (!subscription) throw new Error('active plan');
    await t.deps.commissions.record(subscription, rita.user.id);
    expect(await ledgerOf(teacher)).toHaveLength(1);

    const alone = t.client();
    await signIn(alone, t.deps, { name: 'Sem Professor' });
    await alone.post('/api/subscriptions', { planId: 'annual' });
    expect(await ledgerOf(teacher)).toHaveLength(1);

    const ana = await student('Ana Argentina', 'AR', 'es-AR');
    await referred(ana);
    await ana.c.post('/api/subscriptions', { planId: 'quarterly' });
    expect((await ledgerOf(teacher))[0]).toMatchObject({ amount: 1821680, currency: 'ARS' }); // 70% of ARS 26.024,00
    const dashboard = await dashboardOf(teacher);
    expect(dashboard).toMatchObject({ totalStudents: 2, activeStudents: 2, totalCommissions: [{ currency: 'ARS', amount: 1821680 }, { currency: 'BRL', amount: 833 }], pendingPayouts: [], hasAiKey: false });
    expect(dashboard.availableToWithdraw).toEqual(dashboard.totalCommissions);
    const { students } = (await teacher.get<{ students: TeacherStudent[] }>('/api/teacher/students')).body;
    expect(students.map((s) => [s.name, s.planId, s.status])).toEqual([
      ['Ana Argentina', 'quarterly', 'active'],
      ['Rita Referida', 'monthly', 'active'],
    ]);
  });

  it("counts this month's commissions from the first local midnight of the month in the teacher's zone", async () => {
    // 01:30 UTC on 1 November is still 31 October in São Paulo (UTC−3).
    let clock = Date.parse('2026-11-01T01:30:00Z');
    const { teacher, student } = await setting({}, () => clock);
    const rita = await student('Rita Referida');
    await t.deps.referrals.attach(rita.user.id, (await teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0]?.code);
    await rita.c.post('/api/subscriptions', { planId: 'monthly' });
    clock = Date.parse('2026-11-15T12:00:00Z');
    const thisMonth = async (query = '') => (await teacher.get<TeacherDashboard>(`/api/teacher/dashboard${query}`)).body.thisMonthCommissions;
    expect(await thisMonth()).toEqual([]); // the teacher's country, Brazil
    expect(await thisMonth('?timeZone=America%2FSao_Paulo')).toEqual([]);
    expect(await thisMonth('?timeZone=UTC')).toEqual([{ currency: 'BRL', amount: 833 }]);
    expect((await dashboardOf(teacher)).totalCommissions).toEqual([{ currency: 'BRL', amount: 833 }]);

    const invalid = await teacher.get<ErrorBody & { details: { field: string }[] }>('/api/teacher/dashboard?timeZone=Mars%2FOlympus');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'timeZone' }] });
  });
});

describe('payouts', () => {
  async function earned(env: Record<string, string> = {}) {
    const s = await setting(env);
    const rita = await s.student('Rita Referida');
    await t.deps.referrals.attach(rita.user.id, (await s.teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body.referralLinks[0]?.code);
    await rita.c.post('/api/subscriptions', { planId: 'monthly' });
    return s;
  }

  it('limits payout requests per teacher with 429', async () => {
    const { teacher } = await earned({ RATE_LIMIT_PAYOUT_REQUESTS: '2' });
    expect((await teacher.post('/api/teacher/payouts', { currency: 'BRL' })).status).toBe(400); // below the minimum
    expect((await teacher.post('/api/teacher/payouts', { currency: 'BRL' })).status).toBe(400);
    const limited = await teacher.post<ErrorBody>('/api/teacher/payouts', { currency: 'BRL' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });

  it('refuses a request below the minimum with "Saldo insuficiente"', async () => {
    const { teacher } = await earned();
    const response = await teacher.post<ErrorBody>('/api/teacher/payouts', { currency: 'BRL' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'INSUFFICIENT_BALANCE', error: 'Saldo insuficiente' });
    expect((await dashboardOf(teacher)).minimumPayout).toEqual([{ currency: 'BRL', amount: 5000 }]);
    expect((await teacher.post<ErrorBody>('/api/teacher/payouts', { currency: 'USD' })).status).toBe(400);
    expect((await teacher.post<ErrorBody>('/api/teacher/payouts', { currency: 'EUR' })).body.code).toBe('VALIDATION_FAILED');
  });

  it('takes the whole balance; an admin completes it and the entries are paid', async () => {
    const { teacher, admin } = await earned({ PAYOUT_MINIMUM_BRL: '8' });
    const requested = await teacher.post<{ payout: Payout }>('/api/teacher/payouts', { currency: 'BRL' });
    expect(requested.status).toBe(201);
    expect(requested.body.payout).toMatchObject({ amount: 833, currency: 'BRL', status: 'pending', processedAt: null });
    expect(await dashboardOf(teacher)).toMatchObject({ availableToWithdraw: [], pendingPayouts: [{ currency: 'BRL', amount: 833 }] });
    expect((await teacher.post<ErrorBody>('/api/teacher/payouts', { currency: 'BRL' })).body.code).toBe('INSUFFICIENT_BALANCE');

    const id = requested.body.payout.id;
    expect((await teacher.post(`/api/admin/payouts/${id}/status`, { status: 'completed' })).status).toBe(403);
    const list = (await admin.get<{ payouts: AdminPayout[] }>('/api/admin/payouts')).body.payouts;
    expect(list).toEqual([expect.objectContaining({ id, teacherName: 'Tiago Professor', amount: 833 })]);
    expect((await admin.post<ErrorBody>(`/api/admin/payouts/${id}/status`, { status: 'completed' })).status).toBe(409);
    await admin.post(`/api/admin/payouts/${id}/status`, { status: 'processing' });
    const done = await admin.post<{ payout: Payout }>(`/api/admin/payouts/${id}/status`, { status: 'completed' });
    expect(done.body.payout).toMatchObject({ status: 'completed', processedAt: expect.any(String) });
    expect((await ledgerOf(teacher)).map((e) => e.status)).toEqual(['paid']);
    // The teacher is told once (issue 50), however often the status is set again.
    expect(await t.database.sql.all("SELECT payload FROM notices WHERE kind = 'payoutPaid' AND key = ?", [id])).toEqual([{ payload: JSON.stringify({ amount: 833, currency: 'BRL' }) }]);
    expect(await dashboardOf(teacher)).toMatchObject({ availableToWithdraw: [], pendingPayouts: [], totalCommissions: [{ currency: 'BRL', amount: 833 }] });
    expect((await admin.post<ErrorBody>(`/api/admin/payouts/${id}/status`, { status: 'rejected' })).body.code).toBe('PAYOUT_TRANSITION');
  });

  it('returns a rejected payout’s entries to the available balance', async () => {
    const { teacher, admin } = await earned({ PAYOUT_MINIMUM_BRL: '8' });
    const { payout } = (await teacher.post<{ payout: Payout }>('/api/teacher/payouts', { currency: 'BRL' })).body;
    await admin.post(`/api/admin/payouts/${payout.id}/status`, { status: 'rejected' });
    expect(await dashboardOf(teacher)).toMatchObject({ availableToWithdraw: [{ currency: 'BRL', amount: 833 }], pendingPayouts: [] });
    expect((await ledgerOf(teacher)).map((e) => e.status)).toEqual(['pending']);
    expect((await teacher.post('/api/teacher/payouts', { currency: 'BRL' })).status).toBe(201);
  });

  it('shows a teacher only their own students, ledger and payouts', async () => {
    const { teacher } = await earned({ PAYOUT_MINIMUM_BRL: '8' });
    await teacher.post('/api/teacher/payouts', { currency: 'BRL' });
    const other = t.client();
    await signIn(other, t.deps, { role: 'teacher', name: 'Otto Outro' });
    expect((await other.get<{ students: unknown[] }>('/api/teacher/students')).body.students).toEqual([]);
    expect(await ledgerOf(other)).toEqual([]);
    expect((await other.get<{ payouts: unknown[] }>('/api/teacher/payouts')).body.payouts).toEqual([]);
    expect(await dashboardOf(other)).toMatchObject({ totalStudents: 0, totalCommissions: [], availableToWithdraw: [] });
  });
});
