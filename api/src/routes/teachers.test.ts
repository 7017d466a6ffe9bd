import { afterEach, describe, expect, it } from 'vitest';
import type { StaffUserDetail, StaffUserSummary } from '#protocol/contract/staff.ts';
import type { ReferralLink, TeacherDashboard } from '#protocol/contract/teacher.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildRegistration, buildTeacherRegistration, createUser, signIn } from '../../test/factories.ts';

let t: TestApp;
afterEach(() => t.close());

type Body = { client?: { id: string; role: string }; code?: string; error?: string; details?: { field: string; message: string }[] };

describe('POST /api/teachers/register', () => {
  it('creates a signed-in teacher, seals the AI key, and refuses bad CPFs and passwords with the SPEC-style messages', async () => {
    t = await createTestApp({ env: { APP_SECRET: 'y'.repeat(40) } });
    const c = t.client();
    const created = await c.post<Body>('/api/teachers/register', buildTeacherRegistration({ cpf: '52998224725', aiKey: 'sk-own-key-123456' }));
    expect(created.status).toBe(201);
    expect(created.body.client?.role).toBe('teacher');
    expect(JSON.stringify(created.body)).not.toContain('sk-own');
    expect((await c.get<TeacherDashboard>('/api/teacher/dashboard')).body).toMatchObject({ totalStudents: 0, hasAiKey: true });
    const row = (await t.database.sql.get<Record<string, string | null>>('SELECT cpf, ai_key_encrypted AS sealed, teacher_approved_at AS approved FROM users WHERE id = ?', [created.body.client?.id ?? null])) as Record<string, string | null>;
    expect(row.cpf).toBe('52998224725');
    expect(row.sealed).not.toContain('sk-own');
    expect(row.approved).toBeNull();

    expect((await c.put<{ hasAiKey: boolean }>('/api/teacher/ai-key', { aiKey: null })).body).toEqual({ hasAiKey: false });
    expect((await c.get<TeacherDashboard>('/api/teacher/dashboard')).body.hasAiKey).toBe(false);

    const bad = await t.client().post<Body>('/api/teachers/register', buildTeacherRegistration({ cpf: '529.982.247-24', confirmPassword: 'outra-senha', phone: '' }));
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((d) => [d.field, d.message])).toEqual([
      ['phone', 'Campo obrigatório'],
      ['cpf', 'CPF inválido'],
      ['confirmPassword', 'As senhas não conferem'],
    ]);
    const english = await t.client({ locale: 'en-US' }).post<Body>('/api/teachers/register', buildTeacherRegistration({ cpf: '111.111.111-11' }));
    expect(english.body.details).toEqual([{ field: 'cpf', code: 'validation.cpfInvalid', message: 'Invalid CPF' }]);
    const taken = await t.client().post<Body>('/api/teachers/register', buildTeacherRegistration({ email: ((await t.database.sql.get<{ email: string }>('SELECT email FROM users')) as { email: string }).email }));
    expect(taken.status).toBe(409);
  });
});

describe('POST /api/teachers/register in three countries (issue 17)', () => {
  const register = (body: Record<string, unknown>, locale?: string) => t.client(locale ? { locale } : {}).post<Body>('/api/teachers/register', buildTeacherRegistration(body));
  const stored = async (id: string | undefined) =>
    (await t.database.sql.get<{ country: string; cpf: string | null; cuit: string | null }>('SELECT country_code AS country, cpf, cuit FROM users WHERE id = ?', [id ?? null])) as { country: string; cpf: string | null; cuit: string | null };

  it('BR: a valid CPF is required; the teacher is paid in BRL', async () => {
    t = await createTestApp();
    const missing = await register({ countryCode: 'BR', cpf: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.map((d) => [d.field, d.message])).toEqual([['cpf', 'Campo obrigatório']]);
    const c = t.client();
    const created = await c.post<Body>('/api/teachers/register', buildTeacherRegistration({ countryCode: 'BR', cpf: '529.982.247-25' }));
    expect(created.status).toBe(201);
    expect(await stored(created.body.client?.id)).toEqual({ country: 'BR', cpf: '52998224725', cuit: null });
    expect((await c.get<TeacherDashboard>('/api/teacher/dashboard')).body.currency).toBe('BRL');
  });

  it('AR: a CUIT/CUIL with its mod-11 check digit, with or without dashes, instead of a CPF; the teacher is paid in ARS', async () => {
    t = await createTestApp();
    const wrongDigit = await register({ countryCode: 'AR', cpf: undefined, cuit: '20-12345678-5' }, 'es-AR');
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.details).toEqual([{ field: 'cuit', code: 'validation.cuitInvalid', message: 'CUIT/CUIL inválido' }]);
    const missing = await register({ countryCode: 'AR', cpf: undefined }, 'es-AR');
    expect(missing.body.details?.map((d) => [d.field, d.message])).toEqual([['cuit', 'Campo obligatorio']]);

    const c = t.client({ locale: 'es-AR' });
    const created = await c.post<Body>('/api/teachers/register', buildTeacherRegistration({ countryCode: 'AR', cpf: undefined, cuit: '20-12345678-6' }));
    expect(created.status).toBe(201);
    expect(await stored(created.body.client?.id)).toEqual({ country: 'AR', cpf: null, cuit: '20123456786' });
    expect((await c.get<TeacherDashboard>('/api/teacher/dashboard')).body.currency).toBe('ARS');
    expect((await register({ countryCode: 'AR', cpf: undefined, cuit: '27280335148' })).status).toBe(201);
  });

  it('US: no tax number at all; a CPF sent along is not kept; the teacher is paid in USD', async () => {
    t = await createTestApp();
    const c = t.client({ locale: 'en-US' });
    const created = await c.post<Body>('/api/teachers/register', buildTeacherRegistration({ countryCode: 'US', cpf: undefined, phone: '+1 212 555 0100' }));
    expect(created.status).toBe(201);
    expect(await stored(created.body.client?.id)).toEqual({ country: 'US', cpf: null, cuit: null });
    expect((await c.get<TeacherDashboard>('/api/teacher/dashboard')).body.currency).toBe('USD');
    const withCpf = await register({ countryCode: 'US', cpf: '111.111.111-11' });
    expect(withCpf.status).toBe(201);
    expect((await stored(withCpf.body.client?.id)).cpf).toBeNull();
  });

  it('refuses a country that is none of the three', async () => {
    t = await createTestApp();
    const other = await register({ countryCode: 'CL' }, 'en-US');
    expect(other.status).toBe(400);
    expect(other.body.details?.map((d) => d.field)).toEqual(['countryCode']);
  });
});

describe('teacher approval', () => {
  it('gives a self-registered teacher their own students at once and the unassigned clients once an admin approves', async () => {
    t = await createTestApp();
    const teacher = t.client();
    const teacherId = (await teacher.post<Body>('/api/teachers/register', buildTeacherRegistration())).body.client?.id as string;
    const { referralLinks } = (await teacher.get<{ referralLinks: ReferralLink[] }>('/api/teacher/referral-links')).body;
    const referred = await t.client().post<Body>('/api/clients/register', buildRegistration({ name: 'Rita Referida', referralCode: referralLinks[0]?.code }));
    const unassigned = await createUser(t.deps, { name: 'Úrsula Livre' });
    const names = async () => (await teacher.get<{ users: StaffUserSummary[] }>('/api/teacher-admin/users')).body.users.map((u) => u.name);
    expect(await names()).toEqual(['Rita Referida']);
    expect((await teacher.get(`/api/teacher-admin/users/${unassigned.user.id}`)).status).toBe(403);
    expect((await teacher.get(`/api/teacher-admin/users/${referred.body.client?.id}`)).status).toBe(200);

    const admin = t.client();
    await signIn(admin, t.deps, { role: 'admin' });
    const approvalSeenByAdmin = async () => ({
      listed: (await admin.get<{ users: StaffUserSummary[] }>('/api/teacher-admin/users')).body.users.find((u) => u.id === teacherId)?.teacherApprovedAt,
      detail: (await admin.get<{ user: StaffUserDetail }>(`/api/teacher-admin/users/${teacherId}`)).body.user.teacherApprovedAt,
    });
    expect(await approvalSeenByAdmin()).toEqual({ listed: null, detail: null });
    expect((await teacher.post(`/api/admin/teachers/${teacherId}/approve`)).status).toBe(403);
    expect((await admin.post(`/api/admin/teachers/${unassigned.user.id}/approve`)).status).toBe(404);
    const approved = await admin.post<{ approvedAt: string }>(`/api/admin/teachers/${teacherId}/approve`);
    expect(approved.status).toBe(200);
    expect(await approvalSeenByAdmin()).toEqual({ listed: approved.body.approvedAt, detail: approved.body.approvedAt });
    expect(await names()).toEqual(['Rita Referida', 'Úrsula Livre']);
  });
});
