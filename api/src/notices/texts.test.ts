import { describe, expect, it } from 'vitest';
import { coachMessageNotice, paymentNotice, payoutPaidNotice } from './texts.ts';

describe('what a notice says (issue 50)', () => {
  it('writes money and dates the recipient’s way', () => {
    expect(payoutPaidNotice('pt-BR', { amount: 833, currency: 'BRL' }).body).toBe('Pagamos R$\u00a08,33 para você.');
    expect(payoutPaidNotice('en-US', { amount: 125000, currency: 'USD' }).body).toBe('We paid you $1,250.00.');
    expect(paymentNotice('es-AR', { event: 'confirmed', endsAt: Date.parse('2026-12-30T12:00:00Z') }, 'America/Argentina/Buenos_Aires').body).toBe('Tu plan está activo hasta el 30 de diciembre de 2026. ¡Gracias!');
  });

  it('keeps a long message short enough for a lock screen, and counts several', () => {
    const long = coachMessageNotice('en-US', { coach: 'Tiago', text: 'a'.repeat(500) }, 1);
    expect(long.body.length).toBeLessThanOrEqual(140);
    expect(long.body.endsWith('…')).toBe(true);
    expect(coachMessageNotice('en-US', { coach: 'Tiago', text: 'x' }, 3).body).toBe('3 new messages from your coach');
  });
});
