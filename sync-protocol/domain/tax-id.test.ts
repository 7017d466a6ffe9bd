import { describe, expect, it } from 'vitest';
import { currencyOfCountry } from './plans.ts';
import { taxIdProblem } from './tax-id.ts';

describe('the tax number a teacher gives, by country (issue 17)', () => {
  it('BR asks a valid CPF, AR a valid CUIT/CUIL, US none', () => {
    expect(taxIdProblem('BR', 'cpf', '529.982.247-25')).toBeNull();
    expect(taxIdProblem('BR', 'cpf', '529.982.247-24')).toBe('validation.cpfInvalid');
    expect(taxIdProblem('BR', 'cpf', undefined)).toBe('validation.required');
    expect(taxIdProblem('BR', 'cuit', undefined)).toBeNull();

    expect(taxIdProblem('AR', 'cuit', '20-12345678-6')).toBeNull();
    expect(taxIdProblem('AR', 'cuit', '20-12345678-5')).toBe('validation.cuitInvalid');
    expect(taxIdProblem('AR', 'cuit', '')).toBe('validation.required');
    expect(taxIdProblem('AR', 'cpf', undefined)).toBeNull();

    expect(taxIdProblem('US', 'cpf', undefined)).toBeNull();
    expect(taxIdProblem('US', 'cuit', undefined)).toBeNull();
  });

  it("gives each country's currency: BRL, ARS, USD", () => {
    expect([currencyOfCountry('BR'), currencyOfCountry('AR'), currencyOfCountry('US')]).toEqual(['BRL', 'ARS', 'USD']);
  });
});
