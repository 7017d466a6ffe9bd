import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { loadAdminMessages } from './i18n/messages.ts';
import { PlanFormDialog, type PlanFormTarget } from './PlanFormDialog.tsx';

setUpScreenTests();

async function openForm(target: PlanFormTarget, locale: 'pt-BR' | 'es-AR' | 'en-US' = 'pt-BR') {
  const messages = { ...(await loadMessages(locale)), ...(await loadAdminMessages(locale)) };
  renderInApp(messages, <PlanFormDialog target={target} onClose={vi.fn()} onSaved={vi.fn()} />, locale);
  return screen.getByTestId('plan-preview');
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the plan form previews what the client will see (issue 19, part 4)', () => {
  it('shows the training days read from weekday headings as the author types, with the weekday in the author’s language', async () => {
    const preview = await openForm({ kind: 'workout', mode: 'create', userId: 'u1' }, 'es-AR');
    expect(preview.textContent).toContain('Todavía no hay días de entrenamiento.');
    type('workout-form-weeklySchedule', 'Segunda-feira: Peito\n- Supino reto 4x10\n- Crucifixo\n\nQuarta-feira: Costas\n- Remada curvada 4x10');
    const days = within(preview).getAllByRole('listitem').map((item) => item.textContent);
    expect(days).toEqual(['Lunes · Peito: Supino reto 4 × 10, Crucifixo', 'Miércoles · Costas: Remada curvada 4 × 10']);
  });

  it('shows the meals with time, calories and foods', async () => {
    const preview = await openForm({ kind: 'diet', mode: 'create', userId: 'u1' });
    type('diet-form-meals', 'Almoço (12h30 – 1.200 kcal)\nAlimentos: 150g de frango grelhado; arroz integral (100 g)');
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['12:30 · Almoço · 1.200 kcal · 2 alimentos']);
  });

  it('warns about a filled field it cannot read, naming it in the author’s language', async () => {
    const preview = await openForm({ kind: 'diet', mode: 'create', userId: 'u1' }, 'en-US');
    type('diet-form-meals', '[{"without": "a name"}]');
    expect(within(preview).getByTestId('plan-preview-unreadable-meals').textContent).toContain('We could not read “Meals”');
    expect(preview.textContent).toContain('No meals yet.');
  });
});
