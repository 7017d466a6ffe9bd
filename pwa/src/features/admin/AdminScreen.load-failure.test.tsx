import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { StaffUserSummary } from '#protocol/contract/staff.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { json, renderInApp, setUpScreenTests, stubStaffApi } from '#pwa/test/screen-harness.tsx';
import { AdminScreen } from './AdminScreen.tsx';

// The user's detail cannot load: a deploy replaced its chunk while the panel was open, or the
// browser went offline before the service worker had cached it.
vi.mock('./UserDetail.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const messages = setUpScreenTests();

describe('AdminScreen, when a user’s detail cannot load', () => {
  it('says so and keeps the panel on screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const carla = { id: 'none', name: 'Carla Sem Dieta', email: 'carla@example.com', phone: null, role: 'user', teacherId: null, teacherApprovedAt: null, createdAt: new Date().toISOString(), latestDietPublishedAt: null, subscription: null } as StaffUserSummary;
    stubStaffApi({ 'GET /teacher-admin/users': () => json({ users: [carla] }) });
    useSession.setState({ status: 'authenticated', client: { id: 'me', name: 'Admin Eu', email: 'admin@example.com', role: 'admin' } as Client });
    renderInApp(messages(), <AdminScreen />);
    fireEvent.click(await screen.findByTestId('admin-user-none', {}, { timeout: 10_000 }));
    expect((await screen.findByTestId('toast', {}, { timeout: 5_000 })).textContent).toContain('Não foi possível carregar esta parte do app');
    expect(screen.getByTestId('admin-user-list')).toBeTruthy();
  });
});
