import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { chooseOption, chosenOption } from '#pwa/test/screen-harness.tsx';
import { NativeSelectField, type NativeSelectFieldProps } from './NativeSelectField.tsx';

afterEach(cleanup);

const COUNTRIES = [
  { value: 'BR', label: 'Brasil' },
  { value: 'AR', label: 'Argentina' },
];

function renderSelect(props: Partial<NativeSelectFieldProps> = {}) {
  const onChange = vi.fn();
  render(<NativeSelectField id="countryCode" label="País" value="BR" options={COUNTRIES} onChange={onChange} {...props} />);
  return { onChange, select: screen.getByRole('combobox', { name: 'País' }) as HTMLSelectElement };
}

describe('NativeSelectField', () => {
  it("is the browser's own select, named by its label and described by its helper text", () => {
    const { select } = renderSelect({ helperText: 'Os planos são cobrados em BRL' });
    expect(select.tagName).toBe('SELECT');
    expect(select.id).toBe('countryCode');
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Os planos são cobrados em BRL');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Brasil', 'Argentina']);
    expect(chosenOption(select)).toBe('Brasil');
  });

  it('hands the value of the option picked to onChange', () => {
    const picked: string[] = [];
    const { select } = renderSelect({ onChange: (event) => picked.push(event.target.value) });
    chooseOption(select, 'Argentina');
    expect(picked).toEqual(['AR']);
  });

  it('while nothing is chosen shows a blank that cannot be picked, so no answer looks given', () => {
    const { select } = renderSelect({ value: '' });
    const [blank, ...rest] = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(blank?.value).toBe('');
    expect(blank?.disabled).toBe(true);
    expect(chosenOption(select)).toBe('');
    expect(rest.map((option) => option.textContent)).toEqual(['Brasil', 'Argentina']);
  });

  it('an empty choice the screen offers ("Não informado") stays pickable, with no second blank', () => {
    const { select } = renderSelect({ value: '', options: [{ value: '', label: 'Não informado' }, ...COUNTRIES] });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([['Não informado', false], ['Brasil', false], ['Argentina', false]]);
    expect(chosenOption(select)).toBe('Não informado');
  });

  it('shows an error as the outlined field does: the select is marked invalid', () => {
    const { select } = renderSelect({ error: true, helperText: 'Campo obrigatório' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });
});
