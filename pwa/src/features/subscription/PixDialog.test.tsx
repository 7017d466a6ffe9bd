import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { json, messagesWith, renderInApp, setUpScreenTests, stubApi } from '#pwa/test/screen-harness.tsx';
import { PixDialog } from './PixDialog.tsx';
import { loadSubscriptionMessages } from './i18n/messages.ts';

setUpScreenTests();

const ORDER = { id: 'o1', amount: 1190, currency: 'BRL' };

describe('PixDialog (issue 18)', () => {
  it('shows the QR code, the copy-and-paste code with a copy button and the time left, and turns to "Plano ativado" by itself when the payment is confirmed', async () => {
    const statuses = ['pending', 'paid'];
    const calls = stubApi({
      'POST /orders/pix': () => json({ order: ORDER, pix: { qrCode: '00020126580014br.gov.bcb.pix-code', qrCodeBase64: 'iVBORw0KGgo=', expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(), expiresInSeconds: 1800 } }, 201),
      'GET /orders': () => json({ orders: [{ ...ORDER, status: statuses.length > 1 ? statuses.shift() : statuses[0] }] }),
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderInApp(
      await messagesWith(loadSubscriptionMessages, 'pt-BR'),
      <MemoryRouter initialEntries={['/plan-upgrade']}>
        <Routes>
          <Route path="/plan-upgrade" element={<PixDialog planId="monthly" onClose={() => undefined} />} />
          <Route path="/subscription" element={<p data-testid="at-subscription" />} />
        </Routes>
      </MemoryRouter>,
      'pt-BR',
    );
    const qr = (await screen.findByTestId('pix-qr')) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(qr.getAttribute('alt')?.replace(/\u00a0/g, ' ')).toBe('QR code do PIX de R$ 11,90');
    expect((screen.getByTestId('pix-code') as HTMLTextAreaElement).value).toBe('00020126580014br.gov.bcb.pix-code');
    expect(screen.getByTestId('pix-expires').textContent).toMatch(/^O código expira em (30:00|29:5\d)$/);
    fireEvent.click(screen.getByTestId('pix-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('00020126580014br.gov.bcb.pix-code'));
    expect(calls.find((c) => c.key === 'POST /orders/pix')?.body).toEqual({ planId: 'monthly' });
    await screen.findByTestId('at-subscription', {}, { timeout: 8_000 });
    expect(screen.getAllByTestId('toast').map((toast) => toast.textContent).join(' ')).toContain('Plano ativado!');
  });

  it('says the code expired once its time is over', async () => {
    stubApi({
      'POST /orders/pix': () => json({ order: ORDER, pix: { qrCode: '000201-expired', qrCodeBase64: 'iVBORw0KGgo=', expiresAt: new Date(Date.now() - 1_000).toISOString(), expiresInSeconds: 0 } }, 201),
      'GET /orders': () => json({ orders: [{ ...ORDER, status: 'pending' }] }),
    });
    renderInApp(await messagesWith(loadSubscriptionMessages, 'es-AR'), <MemoryRouter><PixDialog planId="monthly" onClose={() => undefined} /></MemoryRouter>, 'es-AR');
    expect((await screen.findByTestId('pix-expired')).textContent).toBe('Este código venció. Cerrá y generá otro.');
  });

  it('counts the time left from the server’s answer, not the phone’s clock: a phone an hour fast still gets its 30 minutes', async () => {
    const hourAhead = Date.now() + 60 * 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => hourAhead);
    stubApi({
      // By the phone's clock this expiry is long past; the server says 30 minutes remain.
      'POST /orders/pix': () => json({ order: ORDER, pix: { qrCode: '000201-clock', qrCodeBase64: 'iVBORw0KGgo=', expiresAt: new Date(hourAhead - 30 * 60_000).toISOString(), expiresInSeconds: 1800 } }, 201),
      'GET /orders': () => json({ orders: [{ ...ORDER, status: 'pending' }] }),
    });
    renderInApp(await messagesWith(loadSubscriptionMessages, 'pt-BR'), <MemoryRouter><PixDialog planId="monthly" onClose={() => undefined} /></MemoryRouter>, 'pt-BR');
    expect((await screen.findByTestId('pix-expires')).textContent).toMatch(/^O código expira em (30:00|29:5\d)$/);
    expect(screen.queryByTestId('pix-expired')).toBeNull();
  });
});

