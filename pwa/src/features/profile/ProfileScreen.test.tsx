import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { chooseOption, renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';
import { aProfile } from '#pwa/test/factories.ts';

setUpScreenTests();

const userDb = setUpUserDb((db) => db.profile.put(aProfile({ id: 'u1', name: 'Pedro Perfil', email: 'pedro@example.com', height: 180.5, currentWeight: 95.4, targetWeight: 85, profileHlcs: {} })));

const input = (name: string) => document.getElementById(`profile-${name}`) as HTMLInputElement;

describe('ProfileScreen numbers in the locale (issue 16, 5a)', () => {
  it.each([
    ['pt-BR', '95,4', '180,5'],
    ['es-AR', '95,4', '180,5'],
    ['en-US', '95.4', '180.5'],
  ] as const)('%s: shows %s kg back in the edit field, as text with the decimal keyboard', async (locale, weight, height) => {
    renderInApp(await loadMessages(locale), <ProfileScreen />, locale);
    fireEvent.click(await screen.findByTestId('profile-edit'));
    expect(input('currentWeight').value).toBe(weight);
    expect(input('height').value).toBe(height);
    expect(input('currentWeight').type).toBe('text');
    expect(input('currentWeight').getAttribute('inputmode')).toBe('decimal');
  });

  it('pt-BR: a weight typed with a comma is saved as that weight (a weigh-in, ADR 018)', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.change(input('currentWeight'), { target: { value: '94,8' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect((await userDb().outbox.toArray()).map((m) => [m.name, (m.args as { weight?: number }).weight])).toEqual([['weight.add', 94.8]]));
  });
});

describe('ProfileScreen: the current weight is the latest record’s (issue 17, 3)', () => {
  beforeEach(async () => {
    // The replica's profile was pulled before the weigh-in: its currentWeight lags.
    await userDb().profile.put(aProfile({ id: 'u1', name: 'Pedro Perfil', email: 'pedro@example.com', height: 180, currentWeight: 78.4, startingWeight: 78.4, targetWeight: 70, profileHlcs: {} }));
    await userDb().weightRecords.put({ id: '0190a0b0-0000-7000-8000-000000000009', weight: 77.2, notes: null, createdAt: '2026-03-03T09:00:00.000Z', deleted: false, hlcs: {} });
  });

  it('shows 77,2 kg after the client logs 77,2, in the read view and the edit field', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    await waitFor(() => expect(screen.getByTestId('profile-view').textContent).toContain('77,2 kg'));
    expect(screen.getByTestId('profile-view').textContent).not.toContain('78,4');
    fireEvent.click(screen.getByTestId('profile-edit'));
    expect(input('currentWeight').value).toBe('77,2');
  });

  it('saving other fields writes no weight: the newer record stays the current weight', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    await waitFor(() => expect(screen.getByTestId('profile-view').textContent).toContain('77,2 kg'));
    fireEvent.click(screen.getByTestId('profile-edit'));
    fireEvent.change(input('name'), { target: { value: 'Pedro P. Perfil' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect((await userDb().outbox.toArray()).map((m) => [m.name, m.args])).toEqual([['profile.update', { fields: { name: 'Pedro P. Perfil' } }]]));
  });
});

describe('ProfileScreen: every registration answer, readable and editable (issue 17, 5)', () => {
  beforeEach(async () => {
    await userDb().profile.put(aProfile({
      id: 'u1', name: 'Pedro Perfil', email: 'pedro@example.com', phone: '+55 11 98765-4321', birthDate: '1990-05-14', gender: 'male', height: 180, currentWeight: 95.4,
      targetWeight: 85, weeklyWeightGoal: 0.5, highestWeight: 99, lowestWeight: 70, activityLevel: 'light', goalType: 'loseWeight', timeFrame: 'sixMonths',
      motivation: 'Correr com meus filhos', previousAttempts: null, dietaryRestrictions: ['vegetarian', 'lactoseFree'], medicalConditions: [], countryCode: 'BR',
      preferredLanguage: 'pt-BR', profileHlcs: {},
    }));
  });
  const outbox = async () => (await userDb().outbox.toArray()).map((m) => [m.name, m.args]);
  const view = () => screen.getByTestId('profile-view');

  it('reads with display labels, not the form’s: no "(opcional)", no unit beside a value that carries it', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    await waitFor(() => expect(view().textContent).toContain('Correr com meus filhos'));
    const labels = [...view().querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Telefone', 'Altura', 'Peso atual', 'Data de nascimento', 'Meta semanal', 'Motivação', 'Restrições alimentares', 'Condições médicas']));
    for (const label of labels) expect(label).not.toMatch(/opcional|\((cm|kg)/i);
    const text = view().textContent ?? '';
    expect(text).toContain('14 de maio de 1990');
    expect(text).toContain('Vegetariano e Sem lactose');
    expect(text).toContain('180 cm');
    expect(text).toContain('6 meses');
    expect(text).toContain('Masculino');
  });

  it('edits restrictions, birth date, weekly goal and motivation, and takes the phone back: one profile.update with exactly those', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sem glúten' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vegetariano' }));
    fireEvent.change(input('weeklyWeightGoal'), { target: { value: '0,75' } });
    fireEvent.change(input('motivation'), { target: { value: 'Subir escadas sem cansar' } });
    fireEvent.change(input('phone'), { target: { value: '   ' } });
    chooseOption(screen.getByRole('combobox', { name: 'Ano' }), '1991');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () =>
      expect(await outbox()).toEqual([
        ['profile.update', { fields: { phone: null, weeklyWeightGoal: 0.75, motivation: 'Subir escadas sem cansar', dietaryRestrictions: ['lactoseFree', 'glutenFree'], birthDate: '1991-05-14' } }],
      ]),
    );
    await waitFor(() => expect(view().textContent).toContain('Subir escadas sem cansar'));
    expect(view().textContent).toContain('14 de maio de 1991');
  });

  it('takes back a birth date and a time frame chosen before', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    for (const name of ['Dia', 'Mês', 'Ano', 'Em quanto tempo']) {
      const select = screen.getByRole('combobox', { name }) as HTMLSelectElement;
      chooseOption(select, within(select).getAllByRole('option')[0]?.textContent ?? '');
    }
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect(await outbox()).toEqual([['profile.update', { fields: { timeFrame: null, birthDate: null } }]]));
  });

  it('an emptied required answer shows "Campo obrigatório" and sends nothing', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.change(input('height'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy();
    expect(await outbox()).toEqual([]);
  });

  it('a double tap on Save sends one change', async () => {
    renderInApp(await loadMessages('pt-BR'), <ProfileScreen />, 'pt-BR');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.change(input('name'), { target: { value: 'Pedro Duplo' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect(await outbox()).toEqual([['profile.update', { fields: { name: 'Pedro Duplo' } }]]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await outbox()).toHaveLength(1);
  });
});

describe('ProfileScreen in pounds and feet (issue 17, ADR 020)', () => {
  beforeEach(async () => {
    // 5 ft 6 in, 170.3 lb, goal 150 lb, 1 lb a week.
    await userDb().profile.put(aProfile({ id: 'u1', name: 'Uma Pound', email: 'uma@example.com', height: 167.6, currentWeight: 77.25, targetWeight: 68.04, weeklyWeightGoal: 0.45, unitSystem: 'us', profileHlcs: {} }));
  });

  it('reads and edits every measure in lb and ft + in, and saves the kg and cm that read back as typed', async () => {
    renderInApp(await loadMessages('en-US'), <ProfileScreen />, 'en-US');
    await waitFor(() => expect(screen.getByTestId('profile-view').textContent).toContain('5 ft 6 in'));
    expect(screen.getByTestId('profile-view').textContent).toContain('170.3 lb');
    expect(screen.getByTestId('profile-view').textContent).toContain('US (lb, ft and in)');
    fireEvent.click(screen.getByTestId('profile-edit'));
    expect([input('heightFeet').value, input('heightInches').value, input('targetWeight').value, input('weeklyWeightGoal').value]).toEqual(['5', '6', '150', '1']);
    expect(screen.getByLabelText('Target weight (lb)')).toBeTruthy();
    fireEvent.change(input('heightInches'), { target: { value: '7' } });
    fireEvent.change(input('targetWeight'), { target: { value: '145,5' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(async () => expect((await userDb().outbox.toArray()).map((m) => m.args)).toEqual([{ fields: { height: 170.2, targetWeight: 66 } }]));
  });

  it('says feet and inches may not both be emptied: the height is required, and nothing is written', async () => {
    renderInApp(await loadMessages('en-US'), <ProfileScreen />, 'en-US');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    fireEvent.change(input('heightFeet'), { target: { value: '' } });
    fireEvent.change(input('heightInches'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(await userDb().outbox.count()).toBe(0);
  });
});
