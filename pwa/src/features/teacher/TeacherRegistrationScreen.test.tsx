import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { isValidCpf } from '#protocol/domain/cpf.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { TeacherRegistrationScreen } from './TeacherRegistrationScreen.tsx';
import { chooseOption, chosenOption, json, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';

const VALID_CPF = '52998224725';
const TEACHER = { id: 't9', name: 'Paula Personal', email: 'paula@example.com', role: 'teacher' } as Client;

const messages = setUpScreenTests();
let registered: ReturnType<typeof vi.fn<(client: Client) => Promise<void>>>;
beforeEach(() => {
  // The real one also opens the local database; here only the session matters.
  registered = vi.fn(async (client: Client) => {
    useSession.setState({ status: 'authenticated', client });
  });
  useSession.setState({ status: 'anonymous', client: null, registered });
});

function renderForm(locale: Locale = 'pt-BR', catalog = messages()) {
  return renderInApp(
    catalog,
    <MemoryRouter initialEntries={['/professor-cadastro']}>
      <Routes>
        <Route path="/professor-cadastro" element={<TeacherRegistrationScreen />} />
        <Route path="/teacher-dashboard" element={<p data-testid="at-teacher-dashboard" />} />
        <Route path="/" element={<p data-testid="at-home" />} />
      </Routes>
    </MemoryRouter>,
    locale,
  );
}

const input = (field: string) => screen.getByTestId(`teacher-register-${field}`) as HTMLInputElement;
const fill = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });
const helper = (field: string) => document.getElementById(`teacher-register-${field}-helper-text`)?.textContent ?? null;

async function fillValid() {
  await screen.findByTestId('teacher-register-form');
  fill('name', 'Paula Personal');
  fill('email', 'Paula@Example.com');
  fill('phone', '+55 (11) 98888-7777');
  fill('cpf', VALID_CPF);
  fill('password', 'senha-forte-1');
  fill('confirmPassword', 'senha-forte-1');
}

describe('TeacherRegistrationScreen', () => {
  it('has the SPEC §2 fields, the AI key hidden as typed with its note, and a way back home', async () => {
    renderForm();
    await screen.findByTestId('teacher-register-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cadastro de professor');
    for (const field of ['name', 'email', 'phone', 'cpf', 'password', 'confirmPassword', 'expertise', 'bio', 'aiKey']) expect(input(field)).toBeTruthy();
    expect(input('aiKey').type).toBe('password');
    expect(helper('aiKey')).toBe('Guardada criptografada e nunca mais exibida.');
    fireEvent.click(screen.getByTestId('teacher-register-back'));
    expect(await screen.findByTestId('at-home')).toBeTruthy();
  });

  it('formats the CPF as it is typed', async () => {
    renderForm();
    await screen.findByTestId('teacher-register-form');
    fill('cpf', '5299822');
    expect(input('cpf').value).toBe('529.982.2');
    fill('cpf', '529982247251234');
    expect(input('cpf').value).toBe('529.982.247-25');
  });

  it('shows the SPEC messages under the fields and sends nothing', async () => {
    expect(isValidCpf(VALID_CPF)).toBe(true);
    const calls = stubApi({});
    renderForm();
    await screen.findByTestId('teacher-register-form');
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    await waitFor(() => expect(helper('name')).toBe('Campo obrigatório'));
    expect(helper('email')).toBe('Campo obrigatório');
    expect(helper('cpf')).toBe('Campo obrigatório');
    expect(helper('confirmPassword')).toBe('Campo obrigatório');

    fill('name', 'P');
    fill('email', 'paula@');
    fill('phone', '11 9888 abc');
    fill('cpf', '12345678900');
    fill('password', 'curta');
    fill('confirmPassword', 'outra');
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    await waitFor(() => expect(helper('cpf')).toBe('CPF inválido'));
    expect(helper('name')).toBe('O nome deve ter pelo menos 2 caracteres');
    expect(helper('email')).toBe('Email inválido');
    expect(helper('phone')).toBe('Telefone inválido');
    expect(helper('password')).toBe('A senha deve ter pelo menos 8 caracteres');
    expect(helper('confirmPassword')).toBe('As senhas não conferem');

    fill('password', 'senha-forte-1');
    fill('confirmPassword', 'senha-forte-2');
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    await waitFor(() => expect(helper('password')).toBeNull());
    expect(helper('confirmPassword')).toBe('As senhas não conferem');
    expect(calls).toEqual([]);
  });

  it('registers, shows the busy label while sending, signs in and opens the teacher dashboard', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubApi({ 'POST /teachers/register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderForm();
    await fillValid();
    fill('expertise', 'Musculação');
    fill('aiKey', 'sk-minha-chave');
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    await waitFor(() => expect(screen.getByTestId('teacher-register-submit').textContent).toBe('Cadastrando…'));
    expect((screen.getByTestId('teacher-register-submit') as HTMLButtonElement).disabled).toBe(true);
    answer(json({ client: TEACHER }, 201));

    expect(await screen.findByTestId('at-teacher-dashboard')).toBeTruthy();
    expect(screen.getByTestId('toast').textContent).toContain('Cadastro realizado');
    expect(registered).toHaveBeenCalledWith(TEACHER);
    expect(useSession.getState().client).toEqual(TEACHER);
    expect(calls.find((c) => c.key === 'POST /teachers/register')?.body).toEqual({
      name: 'Paula Personal',
      email: 'Paula@Example.com',
      phone: '+55 (11) 98888-7777',
      countryCode: 'BR',
      cpf: VALID_CPF,
      password: 'senha-forte-1',
      confirmPassword: 'senha-forte-1',
      expertise: 'Musculação',
      aiKey: 'sk-minha-chave',
    });
  });

  it('shows a taken email under the field and "Erro no cadastro" with the server message', async () => {
    stubApi({ 'POST /teachers/register': () => json({ error: 'Este email já está cadastrado', code: 'EMAIL_TAKEN' }, 409) });
    renderForm();
    await fillValid();
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Erro no cadastro');
    expect(toast.textContent).toContain('Este email já está cadastrado');
    expect(helper('email')).toBe('Este email já está cadastrado');
    expect(registered).not.toHaveBeenCalled();
    // The button comes back once the submission settles, which may be a render after the toast.
    await waitFor(() => expect(screen.getByTestId('teacher-register-submit').textContent).toBe('Cadastrar como professor'));
  });

  it("puts the server's 400 details under their fields", async () => {
    stubApi({
      'POST /teachers/register': () =>
        json({ error: 'Verifique os campos destacados', code: 'VALIDATION_FAILED', details: [{ field: 'cpf', code: 'validation.cpfTaken', message: 'CPF já cadastrado' }] }, 400),
    });
    renderForm();
    await fillValid();
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Verifique os campos destacados');
    expect(helper('cpf')).toBe('CPF já cadastrado');
  });

  it('says "Erro de conexão com o servidor" offline', async () => {
    stubApi({ 'POST /teachers/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderForm();
    await fillValid();
    fireEvent.click(screen.getByTestId('teacher-register-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Erro no cadastro');
    expect(toast.textContent).toContain('Erro de conexão com o servidor');
  });

  describe('in three countries (issue 17)', () => {
    const countrySelect = () => input('countryCode');
    const chooseCountry = (name: string) => chooseOption(countrySelect(), name);
    async function fillAccount() {
      fill('name', 'Lucía Entrenadora');
      fill('email', 'lucia@example.com');
      fill('phone', '+54 11 5555-4444');
      fill('password', 'clave-fuerte-1');
      fill('confirmPassword', 'clave-fuerte-1');
    }

    it('asks the country first, preset from the language, with the currency it pays commissions in', async () => {
      renderForm('es-AR', await loadMessages('es-AR'));
      const form = await screen.findByTestId('teacher-register-form', {}, { timeout: 10_000 });
      expect(form.querySelector('input, select')?.getAttribute('name')).toBe('countryCode');
      expect(chosenOption(countrySelect())).toBe('Argentina');
      expect(helper('countryCode')).toContain('ARS');
      expect(screen.queryByTestId('teacher-register-cpf')).toBeNull();
      expect(input('cuit')).toBeTruthy();
      chooseCountry('Estados Unidos');
      expect(helper('countryCode')).toContain('USD');
      expect(screen.queryByTestId('teacher-register-cpf')).toBeNull();
      expect(screen.queryByTestId('teacher-register-cuit')).toBeNull();
    });

    it('AR: a CUIT/CUIL with a wrong check digit is refused under its field; a right one is sent as digits, with no CPF', async () => {
      const calls = stubApi({ 'POST /teachers/register': () => json({ client: { ...TEACHER, countryCode: 'AR' } }, 201) });
      renderForm('es-AR', await loadMessages('es-AR'));
      await screen.findByTestId('teacher-register-form', {}, { timeout: 10_000 });
      await fillAccount();
      fill('cuit', '20123456785');
      expect(input('cuit').value).toBe('20-12345678-5');
      fireEvent.click(screen.getByTestId('teacher-register-submit'));
      await waitFor(() => expect(helper('cuit')).toBe('CUIT/CUIL inválido'));
      expect(calls).toEqual([]);

      fill('cuit', '20-12345678-6');
      fireEvent.click(screen.getByTestId('teacher-register-submit'));
      expect(await screen.findByTestId('at-teacher-dashboard', {}, { timeout: 10_000 })).toBeTruthy();
      const body = calls.find((c) => c.key === 'POST /teachers/register')?.body as Record<string, unknown>;
      expect(body).toMatchObject({ countryCode: 'AR', cuit: '20123456786' });
      expect(body).not.toHaveProperty('cpf');
    });

    it('US: no tax number is asked or sent', async () => {
      const calls = stubApi({ 'POST /teachers/register': () => json({ client: { ...TEACHER, countryCode: 'US' } }, 201) });
      renderForm('en-US', await loadMessages('en-US'));
      await screen.findByTestId('teacher-register-form', {}, { timeout: 10_000 });
      expect(chosenOption(countrySelect())).toBe('United States');
      await fillAccount();
      fireEvent.click(screen.getByTestId('teacher-register-submit'));
      expect(await screen.findByTestId('at-teacher-dashboard', {}, { timeout: 10_000 })).toBeTruthy();
      const body = calls.find((c) => c.key === 'POST /teachers/register')?.body as Record<string, unknown>;
      expect(body.countryCode).toBe('US');
      expect(body).not.toHaveProperty('cpf');
      expect(body).not.toHaveProperty('cuit');
    });
  });
});
