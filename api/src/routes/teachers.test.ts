import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildRegistration, buildTeacherRegistration, createUser, signIn } from '../../test/factories.ts';
import type { StaffUserDetail, StaffUserSummary } from '../services/staff-contract.ts';
import type { ReferralLink, TeacherDashboard } from '../services/teacher-contract.ts';

let t: TestApp;
afterEach(() => t.close());

type Body = { client?: { id: string; role: string }; code?: string; error?: string; details?: { field: string; message: string }[] };

describe('POST /api/teachers/register', () => {
  it('creates a signed-in teacher, seals the AI key, and refuses bad CPFs and passwords with the SPEC-style messages', async () => {
    t = createTestApp({ env: { APP_SECRET: 'y'.repeat(40) } });
    const c = t.client();
    const created = await c.post<Body>('/api/teachers/register', buildTeacherRegistration({ cpf: '52998224725', aiKey: 'sk-own-key-123456' }));
    expect(created.status).toBe(201);
    expect(created.body.client?.role).toBe('teacher');
    expect(JSON.stringify(created.body)).not.toContain('sk-own');
    expect((await c.get<TeacherDashboard>('/api/teacher/dashboard')).body).toMatchObject({ totalStudents: 0, hasAiKey: true });
    const row = t.database.sqlite.prepare('SELECT cpf, ai_key_encrypted AS sealed, teacher_approved_at AS approved FROM users WHERE id = ?').get(created.body.client?.id) as Record<string, string | null>;
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
    const taken = await t.client().post<Body>('/api/teachers/register', buildTeacherRegistration({ email: (t.database.sqlite.prepare('SELECT email FROM users').get() as { email: string }).email }));
    expect(taken.status).toBe(409);
  });
});

describe('teacher approval', () => {
  it('gives a self-registered teacher their own students at once and the unassigned clients once an admin approves', async () => {
    t = createTestApp();
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
