import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cpfDigits, formatCpf, isValidCpf } from './cpf.ts';

describe('CPF', () => {
  it('accepts numbers whose check digits are right, formatted or not', () => {
    // 529.982.247-25: 5·10+2·9+9·8+9·7+8·6+2·5+2·4+4·3+7·2 = 295, 2950 mod 11 = 2; then 25 checks the same way.
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '390.533.447-05']) expect(isValidCpf(cpf), cpf).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters and repeated digits', () => {
    for (const cpf of ['529.982.247-24', '529.982.247-15', '5299822472', '529982247251', '52998224a25', '000.000.000-00', '111.111.111-11', '99999999999', '']) {
      expect(isValidCpf(cpf), cpf).toBe(false);
    }
  });

  it('finds exactly one valid last digit for any nine-digit base and first check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (base) => {
        if (/^(\d)\1{9}$/.test(base)) return;
        const valid = [...'0123456789'].filter((last) => isValidCpf(base + last));
        expect(valid.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('formats what is typed as far as it goes', () => {
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-2599')).toBe('529.982.247-25');
    expect(cpfDigits('abc 529.982')).toBe('529982');
  });
});
