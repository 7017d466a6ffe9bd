import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { Locale } from '#protocol/i18n/locales.ts';
import { Toaster } from '#pwa/components/Toaster.tsx';
import { useLocaleStore } from '#pwa/i18n/locale-store.ts';
import { loadMessages, type Messages } from '#pwa/i18n/messages.ts';
import { useSession, type Client } from '#pwa/lib/session.ts';
import { chooseOption, chosenOption, json, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { RegistrationScreen } from './RegistrationScreen.tsx';

setUpScreenTests();
// Whole registrations through MUI selects: slow on a busy machine.
const SLOW = 30_000;
beforeEach(() => {
  localStorage.clear();
  // The real one also opens the local database; here only the session matters.
  useSession.setState({ status: 'anonymous', client: null, registered: vi.fn(async (client: Client) => useSession.setState({ status: 'authenticated', client })) });
});

/** As the app's IntlGate: the language of the locale store, the previous one kept while the next loads. */
function LiveIntl({ children }: { children: ReactNode }) {
  const locale = useLocaleStore((s) => s.locale) ?? 'pt-BR';
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(null);
  useEffect(() => void loadMessages(locale).then((messages) => setLoaded({ locale, messages })), [locale]);
  return loaded ? <IntlProvider locale={loaded.locale} messages={loaded.messages}>{children}</IntlProvider> : null;
}

/** As AppRoutes: once registered, the signed-in routes take /cadastro to the dashboard. */
function RegistrationRoute() {
  return useSession((state) => state.status) === 'authenticated' ? <Navigate to="/dashboard" replace /> : <RegistrationScreen />;
}

/** The screen as the app shows it: the language comes from the locale store, the toaster outside the routes. */
function renderIn(locale: Locale) {
  useLocaleStore.setState({ locale });
  return render(
    <LiveIntl>
      <MemoryRouter initialEntries={['/cadastro']}>
        <Routes>
          <Route path="/cadastro" element={<RegistrationRoute />} />
          <Route path="/dashboard" element={<p data-testid="at-dashboard" />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </LiveIntl>,
  );
}

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });
const countryField = () => screen.getByTestId('register-country');

const countrySelect = () => within(countryField()).getByRole('combobox');
const unitsSelect = () => within(screen.getByTestId('register-units')).getByRole('combobox');
const chooseCountry = (name: string) => chooseOption(countrySelect(), name);

/** The personal tab filled in, and on to the measures. */
function fillPersonal(name = 'Jane Doe', email = 'jane@example.com') {
  type('name', name);
  type('email', email);
  type('password', 'strong-pass-1');
  fireEvent.click(screen.getByTestId('register-next'));
}

async function fillAndSubmit() {
  fillPersonal();
  type('currentWeight', '91');
  if (document.getElementById('height')) type('height', '170');
  else {
    type('heightFeet', '5');
    type('heightInches', '7');
  }
  fireEvent.click(screen.getByTestId('register-next'));
  type('targetWeight', '80');
  fireEvent.click(screen.getByTestId('register-submit'));
}

const CLIENT = { id: 'c1', name: 'Jane Doe', email: 'jane@example.com', role: 'user' } as Client;

describe('RegistrationScreen: three countries', () => {
  it('shows the success toast in the language the country switched to, not the one the form was in', async () => {
    const calls = stubApi({ 'POST /clients/register': () => json({ client: { ...CLIENT, countryCode: 'US', preferredLanguage: 'en-US' } }, 201) });
    renderIn('pt-BR');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    chooseCountry('Estados Unidos');
    await fillAndSubmit();
    await screen.findByTestId('at-dashboard', {}, { timeout: 10_000 });
    expect(calls.find((c) => c.key === 'POST /clients/register')?.body).toMatchObject({ countryCode: 'US', preferredLanguage: 'en-US' });
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Account created'), { timeout: 10_000 });
    expect(screen.getByTestId('toast').textContent).toContain('Your 24-hour free trial has started');
    expect(screen.getByTestId('toast').textContent).not.toContain('Cadastro realizado');
  }, SLOW);

  it.each([
    ['es-AR', 'Argentina', 'AR'],
    ['en-US', 'United States', 'US'],
    ['pt-BR', 'Brasil', 'BR'],
  ] as const)('a visitor reading %s finds the country preset to %s, with or without a referral link', async (locale, country, code) => {
    for (const referral of [false, true]) {
      if (referral) localStorage.setItem('leve.referral', JSON.stringify({ code: 'TIAGOPRO42', expiresAt: Date.now() + 60_000 }));
      const calls = stubApi({ 'POST /clients/register': () => json({ client: { ...CLIENT, countryCode: code, preferredLanguage: locale } }, 201) });
      const { unmount } = renderIn(locale);
      await screen.findByTestId('register-country', {}, { timeout: 10_000 });
      expect(chosenOption(countrySelect())).toBe(country);
      await fillAndSubmit();
      await screen.findByTestId('at-dashboard', {}, { timeout: 10_000 });
      const body = calls.find((c) => c.key === 'POST /clients/register')?.body as Record<string, unknown>;
      expect(body).toMatchObject({ countryCode: code, preferredLanguage: locale });
      expect(body.referralCode).toBe(referral ? 'TIAGOPRO42' : undefined);
      unmount();
      // The next visitor is signed out, as a fresh browser is.
      useSession.setState({ status: 'anonymous', client: null });
    }
  }, SLOW);

  it("shows on the summary tab the currency the chosen country's plans are charged in", async () => {
    renderIn('es-AR');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    fillPersonal('Ana', 'ana@example.com');
    type('currentWeight', '70');
    fireEvent.click(screen.getByTestId('register-next'));
    const currency = () => screen.getByTestId('register-summary-currency').textContent ?? '';
    expect(currency()).toContain('ARS');
    expect(currency()).toContain('11.500');

    fireEvent.click(screen.getByTestId('register-tab-personal'));
    chooseCountry('Brasil');
    fireEvent.click(screen.getByTestId('register-tab-goals'));
    expect(currency()).toContain('BRL');
    expect(currency()).toContain('11,90');
  }, SLOW);

  it('a visitor in the US types pounds and feet; the body carries the kg and cm that read back as typed, and a switch to metric rewrites what was typed', async () => {
    const calls = stubApi({ 'POST /clients/register': () => json({ client: { ...CLIENT, countryCode: 'US', preferredLanguage: 'en-US', unitSystem: 'us' } }, 201) });
    renderIn('en-US');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    fillPersonal();
    expect(chosenOption(unitsSelect())).toBe('US (lb, ft and in)');
    expect(screen.getByLabelText('Current weight (lb)')).toBeTruthy();
    type('currentWeight', '170.3');
    type('heightFeet', '5');
    type('heightInches', '6');

    chooseOption(unitsSelect(), 'Metric (kg, cm)');
    expect((document.getElementById('currentWeight') as HTMLInputElement).value).toBe('77.3');
    expect((document.getElementById('height') as HTMLInputElement).value).toBe('167.6');
    chooseOption(unitsSelect(), 'US (lb, ft and in)');
    expect((document.getElementById('currentWeight') as HTMLInputElement).value).toBe('170.4'); // 77.3 kg: what the kg field held
    type('currentWeight', '170.3');

    fireEvent.click(screen.getByTestId('register-next'));
    expect((document.getElementById('weeklyWeightGoal') as HTMLInputElement).value).toBe('1');
    type('targetWeight', '150');
    expect(screen.getByTestId('weight-difference').textContent).toBe('20.3 lb');
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('at-dashboard', {}, { timeout: 10_000 });
    const body = calls.find((c) => c.key === 'POST /clients/register')?.body;
    expect(body).toMatchObject({ unitSystem: 'us', currentWeight: 77.25, height: 167.6, targetWeight: 68.04, weeklyWeightGoal: 0.45 });
  }, SLOW);

  it('tells a US visitor the bounds in pounds: 50 lb is refused as under 66.1 lb, not 30 kg', async () => {
    const calls = stubApi({});
    renderIn('en-US');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    fillPersonal();
    type('currentWeight', '50');
    fireEvent.click(screen.getByTestId('register-next'));
    type('targetWeight', '140');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Weight must be greater than 66.1 lb')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST /clients/register')).toEqual([]);
  }, SLOW);
});

describe('RegistrationScreen: an answer missing on another tab', () => {
  /** Every answer but the height, then "Criar conta" on the goals tab. */
  async function submitWithoutHeight() {
    renderIn('pt-BR');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    fillPersonal();
    type('currentWeight', '78,4');
    fireEvent.click(screen.getByTestId('register-next')); // the height is not needed to move on (SPEC §2)
    type('targetWeight', '70,5');
    fireEvent.click(screen.getByTestId('register-submit'));
  }

  it('a submit from the goals tab with the height left empty opens the measures tab at the height, says it is needed, and sends nothing', async () => {
    const calls = stubApi({});
    await submitWithoutHeight();
    await waitFor(() => expect(screen.getByTestId('register-tab-physical').getAttribute('aria-selected')).toBe('true'));
    expect(document.getElementById('height-helper-text')?.textContent).toBe('Campo obrigatório');
    expect(calls.filter((c) => c.key === 'POST /clients/register')).toEqual([]);
  }, SLOW);

  it('a double tap on "Criar conta" does not carry the person past that message: its second tap lands on "Avançar" and does nothing', async () => {
    stubApi({});
    await submitWithoutHeight();
    const physicalOpen = () => expect(screen.getByTestId('register-tab-physical').getAttribute('aria-selected')).toBe('true');
    await waitFor(physicalOpen);
    fireEvent.click(screen.getByTestId('register-next')); // where "Criar conta" was a moment ago
    physicalOpen();
    expect(document.getElementById('height-helper-text')?.textContent).toBe('Campo obrigatório');
    // A deliberate tap, later, moves on as before.
    await new Promise((resolve) => setTimeout(resolve, 450));
    fireEvent.click(screen.getByTestId('register-next'));
    expect(screen.getByTestId('register-tab-goals').getAttribute('aria-selected')).toBe('true');
  }, SLOW);
});

describe('RegistrationScreen: the consent for health data (issue 22, part 4)', () => {
  /** On to the goals tab, where the consent and the medical conditions are asked. */
  async function toGoals() {
    fillPersonal();
    type('currentWeight', '91');
    type('height', '170');
    fireEvent.click(screen.getByTestId('register-next'));
    type('targetWeight', '80');
    return screen.findByTestId('health-consent', {}, { timeout: 10_000 });
  }
  const medical = () => within(screen.getByTestId('checklist-medicalConditions')).getAllByRole('checkbox') as HTMLInputElement[];

  it('is never ticked for the person, and medical conditions wait for it; ticked, both are sent', async () => {
    const calls = stubApi({ 'POST /clients/register': () => json({ client: CLIENT }, 201) });
    renderIn('pt-BR');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    const consent = await toGoals();
    expect(consent.textContent).toContain('condições médicas, medidas corporais, fotos de progresso');
    const box = within(consent).getByRole('checkbox') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(medical().every((option) => option.disabled)).toBe(true);

    fireEvent.click(box);
    expect(medical().every((option) => !option.disabled)).toBe(true);
    fireEvent.click(within(screen.getByTestId('checklist-medicalConditions')).getByLabelText('Hipertensão'));
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('at-dashboard', {}, { timeout: 10_000 });
    expect(calls.find((c) => c.key === 'POST /clients/register')?.body).toMatchObject({ healthDataConsent: true, healthConsentLocale: 'pt-BR', medicalConditions: ['hypertension'] });
  }, SLOW);

  it('untaken, or taken back after choosing conditions, sends no consent and no conditions', async () => {
    const calls = stubApi({ 'POST /clients/register': () => json({ client: CLIENT }, 201) });
    renderIn('es-AR');
    await screen.findByTestId('register-country', {}, { timeout: 10_000 });
    const consent = await toGoals();
    const box = within(consent).getByRole('checkbox');
    fireEvent.click(box);
    fireEvent.click(within(screen.getByTestId('checklist-medicalConditions')).getByLabelText('Diabetes'));
    fireEvent.click(box);
    expect(medical().some((option) => option.checked)).toBe(false);
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('at-dashboard', {}, { timeout: 10_000 });
    expect(calls.find((c) => c.key === 'POST /clients/register')?.body).toMatchObject({ healthDataConsent: false, medicalConditions: [] });
  }, SLOW);
});
