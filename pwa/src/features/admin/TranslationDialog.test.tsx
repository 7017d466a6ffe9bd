import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aDietPlan } from '#pwa/test/factories.ts';
import { json, messagesWith, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { loadAdminMessages } from './i18n/messages.ts';
import { TranslationDialog } from './TranslationDialog.tsx';

setUpScreenTests();

// Written in Portuguese; the Spanish translation left 'Ovos' as written (nobody knew it).
const diet = aDietPlan({ id: 'd1', title: 'Dieta de outubro', description: null, objective: null, status: 'published' });
const meal = diet.content.meals[0]!;
const translated = (words: Record<string, string>) => ({
  title: words[diet.title] ?? diet.title,
  description: null,
  content: { ...diet.content, meals: diet.content.meals.map((m) => ({ ...m, name: words[m.name] ?? m.name, foods: m.foods.map((food) => words[food] ?? food) })) },
  complete: false,
});
const plan = {
  ...diet,
  translations: {
    'es-AR': translated({ 'Dieta de outubro': 'Dieta de octubre', [meal.name]: 'Desayuno' }),
    'en-US': translated({ 'Dieta de outubro': 'October diet' }),
  },
};

describe('the author reviews and corrects a plan’s translations (issue 19, part 5)', () => {
  it('shows each text beside its original, points out what still reads as written, and sends the author’s words for the language changed', async () => {
    const calls = stubApi({ 'PUT /admin/diet/d1/translations': () => json({ diet: plan }) });
    const onSaved = vi.fn();
    renderInApp(await messagesWith(loadAdminMessages, 'es-AR'), <TranslationDialog target={{ kind: 'diet', plan }} onClose={vi.fn()} onSaved={onSaved} />, 'es-AR');

    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('español (Argentina)');
    const fields = screen.getAllByTestId('translation-text') as HTMLTextAreaElement[];
    expect(fields.slice(0, 2).map((field) => field.value)).toEqual(['Dieta de octubre', 'Desayuno']);
    const food = fields.find((field) => field.value === meal.foods[0])!;
    expect(screen.getAllByText('Todavía igual al original').length).toBeGreaterThan(0);
    expect((screen.getByTestId('translation-save') as HTMLButtonElement).disabled).toBe(true); // nothing changed yet

    fireEvent.change(food, { target: { value: ' Huevos ' } });
    fireEvent.click(screen.getByTestId('translation-save'));
    fireEvent.click(screen.getByTestId('translation-save')); // a double tap saves once

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    const sent = calls[0]!.body as { locale: string; texts: { kind: string; source: string; text: string }[] };
    expect(sent.locale).toBe('es-AR');
    expect(sent.texts).toContainEqual({ kind: 'foods', source: meal.foods[0], text: 'Huevos' });
    expect(sent.texts).toContainEqual({ kind: 'titles', source: 'Dieta de outubro', text: 'Dieta de octubre' });
    expect(sent.texts.some((text) => text.text === text.source)).toBe(false); // what still reads as written is not pinned
    expect(await screen.findByText('Traducción guardada')).toBeTruthy();
  });

  it('says so, in the author’s language, when a language has no translation yet', async () => {
    renderInApp(await messagesWith(loadAdminMessages, 'en-US'), <TranslationDialog target={{ kind: 'diet', plan: { ...plan, translations: {} } }} onClose={vi.fn()} onSaved={vi.fn()} />, 'en-US');
    expect(screen.getByTestId('translation-missing').textContent).toContain('has not been translated into this language yet');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spanish (Argentina)', 'American English']);
  });

  it('keeps the dialog open and tells why when the server refuses', async () => {
    stubApi({ 'PUT /admin/diet/d1/translations': () => json({ error: 'Opção inválida', code: 'VALIDATION_FAILED', details: [{ field: 'texts[0].source', code: 'validation.invalidOption', message: 'Opção inválida' }] }, 400) });
    const onSaved = vi.fn();
    renderInApp(await messagesWith(loadAdminMessages), <TranslationDialog target={{ kind: 'diet', plan }} onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.change(screen.getAllByTestId('translation-text')[0]!, { target: { value: 'Dieta de octubre, semana 2' } });
    fireEvent.click(screen.getByTestId('translation-save'));
    expect(await screen.findByText('Não foi possível salvar a tradução')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByTestId('translation-save') as HTMLButtonElement).disabled).toBe(false);
  });
});
