import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Link, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { Toaster } from '#pwa/components/Toaster.tsx';
import { useSession } from '#pwa/lib/session.ts';
import { useToastStore } from '#pwa/lib/toast.ts';
import { LoginScreen } from './LoginScreen.tsx';

let messages: Record<string, string>;
beforeAll(async () => {
  messages = await loadMessages('pt-BR');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ current: null });
  useSession.setState({ status: 'anonymous', client: null });
});

/** As AppRoutes: once signed in, the signed-in routes take /login to the dashboard. */
function LoginRoute() {
  return useSession((state) => state.status) === 'authenticated' ? <Navigate to="/dashboard" replace /> : <LoginScreen />;
}

function renderLogin(dashboard = <p>dashboard</p>) {
  return render(
    <IntlProvider locale="pt-BR" messages={messages}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/dashboard" element={dashboard} />
          <Route path="/profile" element={<p>profile</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </IntlProvider>,
  );
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('LoginScreen', () => {
  it('shows the translated rule under each invalid field and sends nothing', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderLogin();
    fill('login-email', 'not-an-email');
    fill('login-password', '123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Email inválido')).toBeTruthy();
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows "Erro no login" with the server message on 401', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Email ou senha inválidos', code: 'INVALID_CREDENTIALS' }), { status: 401 })));
    renderLogin();
    fill('login-email', 'client@example.com');
    fill('login-password', 'wrong-password');
    fireEvent.click(screen.getByTestId('login-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Erro no login');
    expect(toast.textContent).toContain('Email ou senha inválidos');
  });

  it('says "Erro de conexão com o servidor" when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderLogin();
    fill('login-email', 'client@example.com');
    fill('login-password', 'demo12345');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Erro de conexão com o servidor');
  });

  it('signs in, greets by name and goes to the dashboard', async () => {
    const client = { id: '1', name: 'Carla Cliente', email: 'client@example.com', role: 'user' };
    // Only the login answers; the sync that starts after sign-in finds nothing else (404).
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).endsWith('/api/clients/login') ? new Response(JSON.stringify({ client }), { status: 200 }) : new Response('{}', { status: 404 }))));
    renderLogin();
    fill('login-email', 'client@example.com');
    fill('login-password', 'demo12345');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByText('dashboard')).toBeTruthy());
    // The greeting once the device's data is open, after the dashboard shows.
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Bem-vindo de volta, Carla Cliente!'));
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('keeps a tap made while the device opens its data after signing in: the app does not go back to the dashboard', async () => {
    const client = { id: '2', name: 'Carla Cliente', email: 'client@example.com', role: 'user' };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).endsWith('/api/clients/login') ? new Response(JSON.stringify({ client }), { status: 200 }) : new Response('{}', { status: 404 }))));
    renderLogin(<Link to="/profile">Perfil</Link>);
    fill('login-email', 'client@example.com');
    fill('login-password', 'demo12345');
    fireEvent.click(screen.getByTestId('login-submit'));
    // The dashboard shows as soon as the session is in; the device's data is still opening.
    fireEvent.click(await screen.findByRole('link', { name: 'Perfil' }));
    expect(await screen.findByText('profile')).toBeTruthy();
    // Signing in ends (the greeting), and the person is still where they went.
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Bem-vindo de volta, Carla Cliente!'));
    expect(screen.getByText('profile')).toBeTruthy();
  });

  it('toggles the password between hidden and shown', () => {
    renderLogin();
    const input = screen.getByTestId('login-password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(input.type).toBe('password');
  });
});
