import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { aProfile } from '#pwa/test/factories.ts';
import { LogMeasurementsButton } from './LogMeasurementsButton.tsx';

// The form's code cannot load: offline before the service worker had cached it, or a deploy in
// between; until `reachable` is set, as when the signal comes back.
const network = vi.hoisted(() => ({ reachable: false }));
vi.mock('./NewMeasurementDialog.tsx', async (importOriginal) => {
  if (!network.reachable) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const messages = setUpScreenTests();
setUpUserDb(async (db) => {
  await db.profile.put(aProfile({ unitSystem: 'metric' }));
});

describe('LogMeasurementsButton, when the form cannot load', () => {
  it('says so where the form would be, keeps the button, and a retry once online opens the form', async () => {
    renderInApp(messages(), <LogMeasurementsButton />);
    fireEvent.click(await screen.findByTestId('log-measurements'));
    const notice = await screen.findByTestId('feature-load-failed');
    expect(notice.textContent).toContain('Não foi possível carregar esta parte do app');
    expect(screen.getByTestId('log-measurements')).toBeTruthy();

    network.reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('measurement-form', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('feature-load-failed')).toBeNull();
  });
});
