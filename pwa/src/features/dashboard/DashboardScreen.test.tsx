import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useUserDb } from '#pwa/db/current.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { json, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
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
