import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
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

function renderLogin() {
  return render(
    <IntlProvider locale="pt-BR" messages={messages}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/dashboard" element={<p>dashboard</p>} />
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
    expect(screen.getByTestId('toast').textContent).toContain('Bem-vindo de volta, Carla Cliente!');
    expect(useSession.getState().status).toBe('authenticated');
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
