import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useUserDb } from '#pwa/db/current.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { json, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { aClient } from '#pwa/test/factories.ts';
import { DashboardScreen } from './DashboardScreen.tsx';

const messages = setUpScreenTests();

afterEach(async () => {
  const db = useUserDb.getState().db;
  useUserDb.setState({ db: null });
  await db?.delete();
});

const dashboard = () => (
  <MemoryRouter>
    <DashboardScreen recordWeight={null} recordMeasurements={null} tracking={null} dietView={() => null} workoutView={() => null} />
  </MemoryRouter>
);

describe('DashboardScreen while the device reads its data', () => {
  it('says nothing about a diet or workout it has not read yet: “not published yet” only once the device knows', async () => {
    stubApi({ 'GET /plans': () => json({ plans: [], support: { whatsapp: null, email: null } }) });
    renderInApp(messages(), dashboard());
    expect(screen.getByTestId('my-diet').textContent).not.toContain('ainda não foi publicada');
    expect(screen.getByTestId('my-workout').textContent).not.toContain('ainda não foi publicado');

    useUserDb.setState({ db: new UserDb('dashboard-nothing-published') });
    await waitFor(() => expect(screen.getByTestId('my-diet').textContent).toContain('Sua dieta ainda não foi publicada.'));
    await waitFor(() => expect(screen.getByTestId('my-workout').textContent).toContain('Seu treino ainda não foi publicado.'));
  });
});

describe('DashboardScreen on a phone that has never pulled', () => {
  it('shows no current weight until the first pull: not the registration weight, replaced a moment later by the latest record (the card moved)', async () => {
    stubApi({ 'GET /plans': () => json({ plans: [], support: { whatsapp: null, email: null } }) });
    useSession.setState({ status: 'authenticated', client: aClient({ id: 'carla', startingWeight: 82, currentWeight: 78.4, targetWeight: 65 }) as Client });
    const db = new UserDb('dashboard-never-pulled');
    useUserDb.setState({ db });
    renderInApp(messages(), dashboard());
    // The device's database has answered (its empty tables), but it has never pulled.
    await waitFor(() => expect(screen.getByTestId('my-diet').textContent).toContain('Sua dieta ainda não foi publicada.'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // every read of the empty database has answered
    expect(screen.queryByTestId('current-weight')).toBeNull();

    await db.transaction('rw', [db.weightRecords, db.meta], async () => {
      await db.weightRecords.put({ id: '0190a0b0-0000-7000-8000-000000000001', weight: 78.4, notes: null, createdAt: '2026-11-20T09:00:00.000Z', deleted: false, hlcs: {} });
      await db.setMeta('lastSyncAt', '2026-11-27T10:00:00.000Z');
    });
    await waitFor(() => expect(screen.getByTestId('current-weight').textContent).toMatch(/^78,4\s?kg$/));
  });

  it('shows the registration weight once the device has pulled and there is no record yet', async () => {
    stubApi({ 'GET /plans': () => json({ plans: [], support: { whatsapp: null, email: null } }) });
    useSession.setState({ status: 'authenticated', client: aClient({ id: 'nova', startingWeight: 82, currentWeight: 82, targetWeight: 65 }) as Client });
    const db = new UserDb('dashboard-pulled-nothing');
    await db.open();
    await db.setMeta('lastSyncAt', '2026-11-27T10:00:00.000Z');
    useUserDb.setState({ db });
    renderInApp(messages(), dashboard());
    await waitFor(() => expect(screen.getByTestId('current-weight').textContent).toMatch(/^82\s?kg$/));
  });
});
