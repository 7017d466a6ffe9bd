import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { json, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { AppRoutes } from './AppRoutes.tsx';

// A screen's code cannot load: offline before the service worker had cached it, or a deploy in
// between; until `reachable` is set, as when the signal comes back.
const network = vi.hoisted(() => ({ reachable: false }));
vi.mock('../features/auth/ForgotPasswordScreen.tsx', async (importOriginal) => {
  if (!network.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const messages = setUpScreenTests();

describe('AppRoutes, when a screen’s code cannot load', () => {
  it('says so instead of a blank page, and a retry once online shows the screen', { timeout: 15_000 }, async () => {
    stubApi({ 'GET /clients/session': () => json({ client: null }) });
    renderInApp(
      messages(),
      <MemoryRouter initialEntries={['/esqueci-senha']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    const notice = await screen.findByTestId('feature-load-failed', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('Não foi possível carregar esta parte do app');

    network.reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('reset-email', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('feature-load-failed')).toBeNull();
  });
});
