import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import type { Messages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests } from '#pwa/test/screen-harness.tsx';
import { FeatureMessages } from './FeatureMessages.tsx';

const messages = setUpScreenTests();

describe('FeatureMessages', () => {
  it('says when a feature’s strings cannot load (offline, not kept by the service worker) and loads them on a retry', async () => {
    const load = vi.fn<(locale: string) => Promise<Messages>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ 'demo.hello': 'Olá de novo' });
    renderInApp(
      messages(),
      <FeatureMessages load={load} fallback={<p>carregando</p>}>
        <FormattedMessage id="demo.hello" />
      </FeatureMessages>,
    );
    const alert = await screen.findByTestId('feature-load-failed');
    expect(alert.textContent).toContain('Não foi possível carregar esta parte do app');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Olá de novo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
