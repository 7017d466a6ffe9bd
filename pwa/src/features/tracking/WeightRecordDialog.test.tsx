import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { WeightRecordDialog } from './WeightRecordDialog.tsx';
import { aProfile } from '#pwa/test/factories.ts';

setUpScreenTests();

const userDb = setUpUserDb();

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** Answers the weight question once its answers take taps (they wait a moment after it appears). */
const answer = async (testId: string) => {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), { timeout: 2000 });
  fireEvent.click(button);
};
const stored = async () => (await userDb().weightRecords.toArray()).map((r) => r.weight);

async function openDialog(locale: 'pt-BR' | 'es-AR' | 'en-US', last?: number) {
  if (last !== undefined) await userDb().weightRecords.put({ id: '0190a0b0-0000-7000-8000-000000000001', weight: last, notes: null, createdAt: '2026-01-01T10:00:00.000Z', deleted: false, hlcs: {} });
  renderInApp(await loadMessages(locale), <WeightRecordDialog open onClose={() => undefined} />, locale);
}

describe('WeightRecordDialog: the locale’s decimal separator (issue 16, 5a)', () => {
  it('is a text field with the decimal keyboard, never type=number (which drops a comma)', async () => {
    await openDialog('pt-BR');
    const input = screen.getByTestId('weight-input') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });

  it.each([
    ['pt-BR', '45,2', '45,2 kg'],
    ['es-AR', '45,2', '45,2 kg'],
    ['en-US', '45.2', '45.2 kg'],
  ] as const)('%s: "%s" is saved as 45.2 kg and confirmed as "%s"', async (locale, typed, shown) => {
    await openDialog(locale);
    type('weight-input', typed);
    fireEvent.click(screen.getByTestId('weight-save'));
    await waitFor(async () => expect(await stored()).toEqual([45.2]));
    expect((await screen.findByTestId('toast')).textContent).toContain(shown);
  });

  it('refuses "1e2" and "0x40" with the SPEC message and saves nothing', async () => {
    await openDialog('pt-BR');
    for (const typed of ['1e2', '0x40', '84,25']) {
      type('weight-input', typed);
      fireEvent.click(screen.getByTestId('weight-save'));
      expect((await screen.findByTestId('toast')).textContent).toContain('Por favor, informe um peso válido.');
    }
    expect(await stored()).toEqual([]);
  });
});

describe('WeightRecordDialog: Save keeps the page still while the write runs (ADR 014)', () => {
  it('pressing Save does not take the focus from the field, so no blur transition is running when IndexedDB answers', async () => {
    await openDialog('pt-BR');
    const input = screen.getByTestId('weight-input');
    input.focus();
    // A browser moves the focus on mousedown unless its default is prevented: fireEvent answers false then.
    expect(fireEvent.mouseDown(screen.getByTestId('weight-save'))).toBe(false);
    expect(document.activeElement).toBe(input);
  });
});

describe('WeightRecordDialog: "Did you mean …?" for a weight far from the last one (issue 16, 5b)', () => {
  it('pt-BR: 452 after 45 asks "Você quis dizer 45,2 kg?" and saves the suggestion when chosen', async () => {
    await openDialog('pt-BR', 45);
    type('weight-input', '452');
    fireEvent.click(screen.getByTestId('weight-save'));
    expect((await screen.findByTestId('weight-confirm')).textContent).toContain('Você quis dizer 45,2 kg?');
    expect(await stored()).toEqual([45]); // nothing saved before the answer
    await answer('weight-use-suggestion');
    await waitFor(async () => expect((await stored()).sort()).toEqual([45, 45.2]));
    expect((await screen.findByTestId('toast')).textContent).toContain('45,2 kg');
  });

  it('es-AR: asks in Spanish, and keeping what was typed saves it', async () => {
    await openDialog('es-AR', 45);
    type('weight-input', '452');
    fireEvent.click(screen.getByTestId('weight-save'));
    expect((await screen.findByTestId('weight-confirm')).textContent).toContain('¿Quisiste decir 45,2 kg?');
    await answer('weight-keep-typed');
    await waitFor(async () => expect((await stored()).sort((a, b) => a - b)).toEqual([45, 452]));
  });

  it('en-US: a jump with no likely slip only asks to confirm, and "Fix it" goes back to the field', async () => {
    await openDialog('en-US', 45);
    type('weight-input', '60');
    fireEvent.click(screen.getByTestId('weight-save'));
    const question = await screen.findByTestId('weight-confirm');
    expect(question.textContent).toContain('60 kg');
    expect(screen.queryByTestId('weight-use-suggestion')).toBeNull();
    await answer('weight-fix');
    expect((screen.getByTestId('weight-input') as HTMLInputElement).value).toBe('60');
    expect(await stored()).toEqual([45]);
  });

  it('asks nothing within 15% of the last weight', async () => {
    await openDialog('pt-BR', 45);
    type('weight-input', '46,3');
    fireEvent.click(screen.getByTestId('weight-save'));
    await waitFor(async () => expect((await stored()).sort()).toEqual([45, 46.3]));
    expect(screen.queryByTestId('weight-confirm')).toBeNull();
  });
});

describe('WeightRecordDialog: a double tap on Save while the question appears (found walking offline, issue 20)', () => {
  // The question is smaller than the form: the second tap of a double tap lands on the backdrop or on an answer.
  const tapBackdrop = () => {
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
  };

  it('a tap on the backdrop does not throw the typed weight away: the question stays until it is answered', async () => {
    await openDialog('pt-BR', 78.4);
    type('weight-input', '45,2');
    fireEvent.click(screen.getByTestId('weight-save'));
    await screen.findByTestId('weight-confirm');
    tapBackdrop();
    expect(screen.getByTestId('weight-confirm').textContent).toContain('45,2 kg');
    await answer('weight-keep-typed');
    await waitFor(async () => expect((await stored()).sort((a, b) => a - b)).toEqual([45.2, 78.4]));
  });

  it('Escape goes back to the field with the weight kept, as "Fix it" does', async () => {
    await openDialog('en-US', 78.4);
    type('weight-input', '45.2');
    fireEvent.click(screen.getByTestId('weight-save'));
    const question = await screen.findByTestId('weight-confirm');
    fireEvent.keyDown(question, { key: 'Escape' });
    expect((screen.getByTestId('weight-input') as HTMLInputElement).value).toBe('45.2');
  });

  it('the answers wait a moment after the question appears, so the second tap answers nothing unread', async () => {
    await openDialog('pt-BR', 45);
    type('weight-input', '452');
    fireEvent.click(screen.getByTestId('weight-save'));
    await screen.findByTestId('weight-confirm');
    fireEvent.click(screen.getByTestId('weight-use-suggestion'));
    fireEvent.click(screen.getByTestId('weight-keep-typed'));
    expect(await stored()).toEqual([45]);
    // The answers are enabled in one commit and the first takes the focus in that commit's effects, which
    // React may run a little later: wait for both (the CI once looked in between).
    await waitFor(
      () => {
        const suggestion = screen.getByTestId('weight-use-suggestion') as HTMLButtonElement;
        expect(suggestion.disabled).toBe(false);
        expect(document.activeElement).toBe(suggestion);
      },
      { timeout: 2000 },
    );
  });
});

describe('WeightRecordDialog: in pounds for a client who reads them (issue 17, ADR 020)', () => {
  beforeEach(async () => {
    await userDb().profile.put(aProfile({ id: 'u1', name: 'Uma', unitSystem: 'us', profileHlcs: {} }));
  });

  it.each([
    ['en-US', '170.3', '170.3 lb'],
    ['es-AR', '170,3', '170,3 lb'],
  ] as const)('%s: asks for lb, keeps "%s" as 77.25 kg and confirms "%s"', async (locale, typed, shown) => {
    await openDialog(locale);
    expect(await screen.findByLabelText(/\(lb\)/)).toBeTruthy();
    type('weight-input', typed);
    fireEvent.click(screen.getByTestId('weight-save'));
    await waitFor(async () => expect(await stored()).toEqual([77.25]));
    expect((await screen.findByTestId('toast')).textContent).toContain(shown);
  });

  it('asks "Did you mean 170 lb?" for 17.0 typed after 170.3 lb: the slip is looked for in pounds', async () => {
    await openDialog('en-US', 77.25); // 170.3 lb
    await screen.findByLabelText(/\(lb\)/);
    type('weight-input', '17.0');
    fireEvent.click(screen.getByTestId('weight-save'));
    expect((await screen.findByTestId('weight-confirm')).textContent).toContain('Did you mean 170 lb?');
    await answer('weight-use-suggestion');
    await waitFor(async () => expect((await stored()).sort()).toEqual([77.11, 77.25])); // 170 lb, 170.3 lb
  });
});
