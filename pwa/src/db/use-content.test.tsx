import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { aDietPlan } from '#pwa/test/factories.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { useLocalProfile, usePublishedDiets } from './use-content.ts';

setUpScreenTests();

const userDb = setUpUserDb();

function FirstDiet() {
  const diet = usePublishedDiets()?.[0];
  return diet ? <p data-testid="diet">{`${diet.title} (${diet.objective ?? '—'}) | ${diet.content.meals.map((meal) => `${meal.name}: ${meal.foods.join(', ')}`).join('; ')}`}</p> : null;
}

// Written in Portuguese and translated into Spanish when published; no English yet.
const diet = aDietPlan({ title: 'Dieta de outubro', objective: 'Perder 4 kg' });
const spanish = { title: 'Dieta de octubre', description: null, details: { objective: 'Bajar 4 kg' }, content: { ...diet.content, meals: diet.content.meals.map((meal) => ({ ...meal, name: 'Desayuno', foods: ['Huevos', 'Pan integral'] })) }, complete: true };

describe('usePublishedDiets (ADR 024)', () => {
  it.each([
    ['es-AR', 'Dieta de octubre (Bajar 4 kg) | Desayuno: Huevos, Pan integral'],
    ['pt-BR', 'Dieta de outubro (Perder 4 kg) | Café da manhã: Ovos, Pão integral'],
    ['en-US', 'Dieta de outubro (Perder 4 kg) | Café da manhã: Ovos, Pão integral'], // not translated for it: as written
  ] as const)('gives the plan in the reader’s language when it was translated for it (%s)', async (locale, shown) => {
    await userDb().diets.put({ ...diet, translations: { 'es-AR': spanish } });
    renderInApp(await loadMessages(locale), <FirstDiet />, locale);
    expect((await screen.findByTestId('diet')).textContent).toBe(shown);
  });
});

function ProfileName({ index }: { index: number }) {
  const name = useLocalProfile()?.name;
  return name ? <p data-testid={`name-${index}`}>{name}</p> : null;
}

describe('useLocalProfile', () => {
  it('reads the profile once for every component that shows it, and again once when it changes', async () => {
    await userDb().profile.put({ id: 'me', name: 'Carla' } as never);
    const reads = vi.spyOn(userDb().profile, 'toArray');
    const many = [0, 1, 2, 3, 4, 5];
    renderInApp(await loadMessages('pt-BR'), <>{many.map((index) => <ProfileName key={index} index={index} />)}</>, 'pt-BR');
    for (const index of many) expect((await screen.findByTestId(`name-${index}`)).textContent).toBe('Carla');
    expect(reads).toHaveBeenCalledTimes(1);

    await userDb().profile.update('me', { name: 'Carla Souza' });
    await waitFor(() => expect(many.map((index) => screen.getByTestId(`name-${index}`).textContent)).toEqual(many.map(() => 'Carla Souza')));
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
