import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cuitDigits, formatCuit, isValidCuit } from './cuit.ts';

describe('CUIT/CUIL (Argentina)', () => {
  it('accepts 11 digits whose last is the mod-11 check digit (weights 5,4,3,2,7,6,5,4,3,2), with or without dashes', () => {
    // 20-12345678-6: 2·5+0·4+1·3+2·2+3·7+4·6+5·5+6·4+7·3+8·2 = 148, 148 mod 11 = 5, 11 − 5 = 6.
    for (const cuit of ['20-12345678-6', '20123456786', '30-50001091-2', '27-28033514-8', ' 20-12345678-6 ']) expect(isValidCuit(cuit), cuit).toBe(true);
  });

  it('takes a check digit of 0 when 11 − the remainder is 11', () => {
    // The first base of type 20 whose weighted sum is a multiple of 11.
    const base = [...Array(100_000).keys()].map((n) => `20${String(n).padStart(8, '0')}`).find((b) => [...b].reduce((sum, d, i) => sum + Number(d) * ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2][i] ?? 0), 0) % 11 === 0);
    expect(base).toBeDefined();
    expect(isValidCuit(`${base}0`)).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters and other separators', () => {
    for (const cuit of ['20-12345678-5', '20-12345678-7', '2012345678', '201234567860', '20-1234567a-6', '20.12345678.6', '20/12345678/6', '']) expect(isValidCuit(cuit), cuit).toBe(false);
  });

  it('refuses every base whose remainder leaves 10 (no digit can check it), and accepts exactly one last digit otherwise (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (base) => {
        const valid = [...'0123456789'].filter((last) => isValidCuit(base + last));
        const sum = [...base].reduce((s, d, i) => s + Number(d) * ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2][i] ?? 0), 0);
        expect(valid.length).toBe(11 - (sum % 11) === 10 ? 0 : 1);
      }),
    );
  });

  it('formats what is typed as far as it goes', () => {
    expect(cuitDigits('20-1234')).toBe('201234');
    expect(formatCuit('20')).toBe('20');
    expect(formatCuit('201234')).toBe('20-1234');
    expect(formatCuit('20123456786999')).toBe('20-12345678-6');
  });
});
