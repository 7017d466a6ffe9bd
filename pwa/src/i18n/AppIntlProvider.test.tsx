import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { FormattedMessage, useIntl } from 'react-intl';
import { AppIntlProvider } from './AppIntlProvider.tsx';
import type { Messages } from './messages.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Probe() {
  const intl = useIntl();
  return (
    <p data-testid="probe" data-locale={intl.locale}>
      <FormattedMessage id="greeting" values={{ count: 2 }} />
    </p>
  );
}

describe('AppIntlProvider', () => {
  it('renders the catalog’s messages, plurals included, in its language', () => {
    render(
      <AppIntlProvider locale="pt-BR" messages={{ greeting: '{count, plural, one {# registro} other {# registros}}' }}>
        <Probe />
      </AppIntlProvider>,
    );
    expect(screen.getByTestId('probe').dataset.locale).toBe('pt-BR');
    expect(screen.getByTestId('probe').textContent).toBe('2 registros');
  });

  it('does not make the browser list every locale it has data for to render plain text (ADR 026)', () => {
    const numberFormatCheck = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dateTimeFormatCheck = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    // As the build ships catalogs: precompiled (scripts/vite/precompiled-messages.ts).
    render(
      <AppIntlProvider locale="es-AR" messages={{ greeting: parse('hola') } as unknown as Messages}>
        <Probe />
      </AppIntlProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('hola');
    expect(numberFormatCheck).not.toHaveBeenCalled();
    expect(dateTimeFormatCheck).not.toHaveBeenCalled();
  });

  it('does not make the browser list every locale to format a message with arguments either: the first one on the dashboard took 50–90 ms (ADR 026)', () => {
    const numberFormatCheck = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    render(
      <AppIntlProvider locale="pt-BR" messages={{ greeting: parse('{count, plural, one {# registro} other {# registros}}') } as unknown as Messages}>
        <Probe />
      </AppIntlProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('2 registros');
    expect(numberFormatCheck).not.toHaveBeenCalled();
  });

  it('still reports a message missing from the catalog', () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((error: unknown) => void errors.push(error));
    render(
      <AppIntlProvider locale="en-US" messages={{}}>
        <Probe />
      </AppIntlProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('greeting');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/Missing message: "greeting"/);
  });
});
