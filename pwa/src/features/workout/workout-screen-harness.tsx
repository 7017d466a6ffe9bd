/**
 * What the workout screen's tests share: a client whose device holds a paid plan, a workout plan
 * and a profile in metric units, and /workout rendered in a router that shows where it went.
 */
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import { loadMessages } from '#pwa/i18n/messages.ts';
import { aPaidSubscription, aProfile } from '#pwa/test/factories.ts';
import { renderInApp, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { WorkoutScreen } from './WorkoutScreen.tsx';

/** The plan's weekday names, as a trainer in Brazil types them. */
export const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];

/** The device's database for each test, seeded with a paid plan, `plan` and a metric profile, as after a first pull. */
export const setUpWorkoutDb = (plan: WorkoutPlanDto) =>
  setUpUserDb(async (db) => {
    await Promise.all([db.subscriptions.put(aPaidSubscription()), db.workouts.put(plan), db.profile.put(aProfile({ unitSystem: 'metric' })), db.setMeta('lastSyncAt', new Date().toISOString())]);
  });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** /workout at `path` in `locale`, with where it navigated to under `where`. */
export async function renderWorkoutScreen(locale: Locale = 'pt-BR', path = '/workout') {
  renderInApp(
    await loadMessages(locale),
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/workout" element={<WorkoutScreen />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    locale,
  );
}
