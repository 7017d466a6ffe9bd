import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BodyMeasurement } from '#protocol/conflict/rules.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { aProfile } from '#pwa/test/factories.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { MeasurementsCard } from './MeasurementsCard.tsx';

setUpScreenTests();

const aMeasurement = (overrides: Partial<BodyMeasurement>): BodyMeasurement => ({
  id: '0190a0b0-0000-7000-8000-000000000001',
  createdAt: '2026-11-01T08:00:00.000Z',
  waist: null,
  hip: null,
  chest: null,
  arm: null,
  thigh: null,
  neck: null,
  bodyFat: null,
  deleted: false,
  hlcs: {},
  ...overrides,
});
const FIRST = aMeasurement({ waist: 90, neck: 38 });
const LATEST = aMeasurement({ id: '0190a0b0-0000-7000-8000-000000000002', createdAt: '2026-11-20T08:00:00.000Z', waist: 86.5, hip: 101 });

const userDb = setUpUserDb(async (db) => {
  await db.profile.put(aProfile({ gender: 'male', height: 177.8, unitSystem: 'metric' }));
});
const profileIs = (overrides: Parameters<typeof aProfile>[0]) => userDb().profile.put(aProfile({ gender: 'male', height: 177.8, unitSystem: 'metric', ...overrides }));
const outbox = async () => (await userDb().outbox.toArray()).map((m) => [m.name, m.args]);
const live = async () => (await userDb().synced('bodyMeasurements').toArray()).filter((m) => !m.deleted);

async function renderCard(locale: Locale = 'pt-BR') {
  renderInApp(await loadMessages(locale), <MeasurementsCard />, locale);
  return screen.findByTestId('measurements-card');
}

describe('MeasurementsCard (issue 21)', () => {
  it('logs measurements typed with a comma offline: one measurement.add in the outbox, shown at once', async () => {
    await renderCard('pt-BR');
    await screen.findByTestId('measurements-empty');
    fireEvent.click(screen.getByTestId('log-measurements'));
    fireEvent.change(await screen.findByTestId('measurement-waist'), { target: { value: '84,5' } });
    fireEvent.change(screen.getByTestId('measurement-bodyFat'), { target: { value: '22,4' } });
    fireEvent.click(screen.getByTestId('measurement-save'));
    fireEvent.click(screen.getByTestId('measurement-save')); // a double tap saves once
    await waitFor(async () => expect(await live()).toHaveLength(1));
    const [[name, args]] = (await outbox()) as [[string, Record<string, unknown>]];
    expect(name).toBe('measurement.add');
    expect(args).toMatchObject({ waist: 84.5, bodyFat: 22.4, hip: null, neck: null });
    expect((await screen.findByTestId('latest-waist')).textContent).toMatch(/84,5\s?cm/);
    expect(screen.getByTestId('latest-bodyFat').textContent).toMatch(/22,4\s?%/);
    expect(await outbox()).toHaveLength(1);
  });

  it('names a wrong figure under its field and an empty form above it, and writes nothing', async () => {
    await renderCard('es-AR');
    fireEvent.click(await screen.findByTestId('log-measurements'));
    fireEvent.click(await screen.findByTestId('measurement-save'));
    expect((await screen.findByTestId('measurement-form-error')).textContent).toBe('Ingresá al menos una medida.');
    fireEvent.change(screen.getByTestId('measurement-hip'), { target: { value: '1010' } });
    fireEvent.click(screen.getByTestId('measurement-save'));
    await screen.findByText('Por favor, ingresá una medida válida.');
    expect(screen.getByTestId('measurement-hip').getAttribute('aria-invalid')).toBe('true');
    expect(await outbox()).toEqual([]);
  });

  it('reads and shows inches for a US user: 33.3 in is kept as 84.58 cm', async () => {
    await profileIs({ unitSystem: 'us' });
    {
      await renderCard('en-US');
      fireEvent.click(await screen.findByTestId('log-measurements'));
      expect((await screen.findByLabelText('Waist (in)')).tagName).toBe('INPUT');
      fireEvent.change(screen.getByTestId('measurement-waist'), { target: { value: '33.3' } });
      fireEvent.click(screen.getByTestId('measurement-save'));
      await waitFor(async () => expect((await live())[0]?.waist).toBe(84.58));
      expect((await screen.findByTestId('latest-waist')).textContent).toBe('33.3 in');
    }
  });

  it('shows each site’s latest value with its change since the first, and the Navy estimate labelled as one', async () => {
    await userDb().synced('bodyMeasurements').bulkPut([FIRST, LATEST]);
    await renderCard('en-US');
    expect((await screen.findByTestId('latest-waist')).textContent).toMatch(/^86\.5 cm · -3\.5 cm since Nov 1, 2026$/);
    expect(screen.getByTestId('latest-neck').textContent).toBe('38 cm');
    // 70 in tall, neck 38 cm (14.961 in), waist 86.5 cm (34.055 in):
    // 86.010·log10(19.094) − 70.041·log10(70) + 36.76 = 110.171 − 129.232 + 36.76 = 17.70
    // The estimate waits for the profile's height and sex, read from this device.
    expect((await screen.findByTestId('body-fat-estimate-value')).textContent).toBe('17.7%');
    expect(screen.getByTestId('body-fat-estimate').textContent).toContain('U.S. Navy method');
  });

  it('charts one site at a time, the waist first, in the person’s unit with a table for screen readers; a site measured once says the chart needs a second', async () => {
    await profileIs({ unitSystem: 'us' });
    await userDb().synced('bodyMeasurements').bulkPut([FIRST, LATEST]);
    await renderCard('en-US');
    const chart = await screen.findByTestId('site-chart');
    expect(within(chart).getAllByTestId('site-chart-dot')).toHaveLength(2);
    // 90 cm and 86.5 cm, as the inches the person reads.
    await waitFor(() => expect(within(chart).getAllByRole('cell').map((cell) => cell.textContent).filter(Boolean)).toEqual(['35.4 in', '34.1 in']));
    fireEvent.change(screen.getByTestId('measurement-chart-site'), { target: { value: 'neck' } });
    expect((await screen.findByTestId('site-chart-empty')).textContent).toBe('The neck chart appears from the second measurement on.');
  });

  it('asks for the profile’s height and sex before estimating, and for the hips of a woman', async () => {
    await userDb().synced('bodyMeasurements').bulkPut([FIRST, LATEST]);
    await profileIs({ gender: null, height: null });
    await renderCard('pt-BR');
    expect((await screen.findByTestId('body-fat-estimate')).textContent).toContain('Informe sua altura e seu sexo no perfil');
    await profileIs({ gender: 'female', height: 165 });
    await waitFor(() => expect(screen.getByTestId('body-fat-estimate').textContent).toContain('(altura, pescoço, cintura, quadril)'));
    await userDb().synced('bodyMeasurements').bulkPut([{ ...LATEST, hip: null }]);
    await waitFor(() => expect(screen.getByTestId('body-fat-estimate').textContent).toBe('Para a estimativa de gordura corporal, falta registrar: quadril.'));
  });

  it('corrects a record (only the fields changed) and deletes one, each with an undo', async () => {
    await userDb().synced('bodyMeasurements').bulkPut([FIRST, LATEST]);
    await renderCard('pt-BR');
    const row = await screen.findByTestId(`measurement-row-${LATEST.id}`);
    fireEvent.click(within(row).getByTestId('measurement-edit'));
    const waist = (await screen.findByTestId('measurement-waist')) as HTMLInputElement;
    expect(waist.value).toBe('86,5');
    fireEvent.change(waist, { target: { value: '85,5' } });
    fireEvent.change(screen.getByTestId('measurement-hip'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('measurement-save'));
    await waitFor(async () => expect(await outbox()).toEqual([['measurement.update', { id: LATEST.id, waist: 85.5, hip: null }]]));
    fireEvent.click(within(await screen.findByTestId('toast')).getByTestId('toast-action'));
    await waitFor(async () => expect((await outbox()).at(-1)).toEqual(['measurement.update', { id: LATEST.id, waist: 86.5, hip: 101 }]));

    fireEvent.click(within(screen.getByTestId(`measurement-row-${FIRST.id}`)).getByTestId('measurement-delete'));
    await waitFor(async () => expect((await outbox()).at(-1)).toEqual(['measurement.delete', { id: FIRST.id }]));
    await waitFor(() => expect(screen.queryByTestId(`measurement-row-${FIRST.id}`)).toBeNull());
  });
});
