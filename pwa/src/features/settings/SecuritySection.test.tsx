import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FeatureMessages } from '#pwa/components/FeatureMessages.tsx';
import { json, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import type { AccountSession } from '#protocol/contract/clients.ts';
import { loadSettingsMessages } from './i18n/messages.ts';
import { SecuritySection } from './SecuritySection.tsx';

const session = (over: Partial<AccountSession>): AccountSession => ({
  id: 'a'.repeat(64),
  createdAt: '2026-11-20T12:00:00.000Z',
  expiresAt: '2026-12-20T12:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  current: true,
  ...over,
});
const PHONE = session({ id: 'b'.repeat(64), userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1', current: false });

const messages = setUpScreenTests();
const renderSection = () =>
  renderInApp(
    messages(),
    <FeatureMessages load={loadSettingsMessages}>
      <SecuritySection />
    </FeatureMessages>,
  );

describe('SecuritySection', () => {
  it('lists the sessions with this device marked, and signs out another one', async () => {
    let sessions = [session({}), PHONE];
    const calls = stubApi({
      'GET /clients/me/sessions': () => json({ sessions }),
      [`DELETE /clients/me/sessions/${PHONE.id}`]: () => {
        sessions = [session({})];
        return json({ success: true });
      },
    });
    renderSection();
    const list = await screen.findByTestId('session-list');
    const rows = within(list).getAllByTestId('session');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Chrome · Linux'), expect.stringContaining('Safari · iOS')]);
    expect(rows[0]?.textContent).toContain('Este dispositivo');
    expect(within(rows[0] as HTMLElement).queryByTestId('session-revoke')).toBeNull();

    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Encerrar a sessão de Safari · iOS' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Sessão encerrada');
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(calls.map((call) => call.key)).toContain(`DELETE /clients/me/sessions/${PHONE.id}`);
    expect((screen.getByTestId('sessions-revoke-others') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the rules under the fields on an empty or mismatched submit and sends nothing', async () => {
    const calls = stubApi({ 'GET /clients/me/sessions': () => json({ sessions: [session({})] }) });
    renderSection();
    const form = await screen.findByTestId('password-form');
    fireEvent.click(within(form).getByTestId('password-submit'));
    expect(await within(form).findAllByText('Campo obrigatório')).toHaveLength(3);
    fireEvent.change(within(form).getByTestId('security-currentPassword'), { target: { value: 'senha-atual-1' } });
    fireEvent.change(within(form).getByTestId('security-newPassword'), { target: { value: 'nova-senha-9' } });
    fireEvent.change(within(form).getByTestId('security-confirmPassword'), { target: { value: 'outra-senha-9' } });
    fireEvent.click(within(form).getByTestId('password-submit'));
    expect(await within(form).findByText('As senhas não conferem')).toBeTruthy();
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toEqual([]);
  });

  it('changes the password, says how many other sessions ended, and shows a wrong current password under its field', async () => {
    let accept = false;
    const calls = stubApi({
      'GET /clients/me/sessions': () => json({ sessions: [session({})] }),
      'PUT /clients/me/password': () =>
        accept
          ? json({ success: true, revokedSessions: 2 })
          : json({ error: 'Senha incorreta', code: 'WRONG_PASSWORD', details: [{ field: 'currentPassword', code: 'validation.currentPasswordWrong', message: 'Senha atual incorreta' }] }, 401),
    });
    renderSection();
    const form = await screen.findByTestId('password-form');
    const fill = () => {
      fireEvent.change(within(form).getByTestId('security-currentPassword'), { target: { value: 'senha-atual-1' } });
      fireEvent.change(within(form).getByTestId('security-newPassword'), { target: { value: 'nova-senha-9' } });
      fireEvent.change(within(form).getByTestId('security-confirmPassword'), { target: { value: 'nova-senha-9' } });
      fireEvent.click(within(form).getByTestId('password-submit'));
    };
    fill();
    expect(await within(form).findByText('Senha atual incorreta')).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain('Erro ao alterar a senha');

    accept = true;
    fill();
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Senha alterada com sucesso!'));
    expect(screen.getByTestId('toast').textContent).toContain('As outras 2 sessões abertas foram encerradas.');
    expect((within(form).getByTestId('security-currentPassword') as HTMLInputElement).value).toBe('');
    expect(calls.filter((call) => call.key === 'PUT /clients/me/password').at(-1)?.body).toEqual({ currentPassword: 'senha-atual-1', newPassword: 'nova-senha-9', confirmPassword: 'nova-senha-9' });
  });
});
