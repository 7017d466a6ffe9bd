import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CHECK_IN_SCORES } from '#protocol/conflict/rules.ts';
import { weekdayOf } from '#protocol/domain/check-ins.ts';
import { lazyPart } from '#pwa/components/LazyPart.tsx';
import { todayLocalDate } from '#pwa/db/local-writes.ts';
import type { UserDb } from '#pwa/db/user-db.ts';
import { renderInApp, setUpScreenTests, setUpUserDb } from '#pwa/test/screen-harness.tsx';
import { aClient } from '#pwa/test/factories.ts';
import { CheckInCard } from './CheckInCard.tsx';

const messages = setUpScreenTests();
const DAY = 86_400_000;

/** A client who registered `daysAgo` days ago, with check-ins on `checkInDay` and a latest weigh-in of 82 kg. */
async function client(db: UserDb, { daysAgo, checkInDay }: { daysAgo: number; checkInDay: number }) {
  await db.profile.put({ ...aClient({ createdAt: new Date(Date.now() - daysAgo * DAY).toISOString(), checkInDay: checkInDay as never, currentWeight: 85 }), profileHlcs: {} });
  await db.synced('weightRecords').put({ id: '01a20000-0000-7000-8000-0000000000f1', weight: 82, notes: null, createdAt: new Date(Date.now() - DAY).toISOString(), deleted: false, hlcs: {} } as never);
}

const userDb = setUpUserDb();
const outbox = async () => (await userDb().outbox.toArray()).map((m) => [m.name, m.args]);
const today = () => todayLocalDate();
const render = () => renderInApp(messages(), <MemoryRouter><CheckInCard /></MemoryRouter>);

describe('CheckInCard (issue 22, part 2)', () => {
  it('asks for the week’s check-in on the check-in day, saves it once on a double tap with the weight as typed in pt-BR, and logs the new weight as a weigh-in', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    render();
    const card = await screen.findByTestId('check-in-card', {}, { timeout: 5_000 });
    expect(card.dataset.status).toBe('due');
    fireEvent.click(within(card).getByTestId('check-in-start'));
    const dialog = await screen.findByTestId('check-in-dialog', {}, { timeout: 5_000 });
    const weight = within(dialog).getByTestId('check-in-weight') as HTMLInputElement;
    expect(weight.value).toBe('82');
    fireEvent.change(weight, { target: { value: '81,4' } });
    for (const score of CHECK_IN_SCORES) fireEvent.click(within(dialog).getByTestId(`check-in-${score}-4`));
    fireEvent.change(within(dialog).getByTestId('check-in-note'), { target: { value: '  Semana boa  ' } });
    const send = within(dialog).getByTestId('check-in-submit');
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(async () => expect((await outbox()).map(([name]) => name)).toEqual(['checkin.submit', 'weight.add']), { timeout: 5_000 });
    const [checkIn, weighIn] = ((await outbox()) as [string, Record<string, unknown>][]).map(([, args]) => args);
    expect(checkIn).toMatchObject({ week: today(), weight: 81.4, dietAdherence: 4, energy: 4, note: 'Semana boa', answers: [] });
    expect(weighIn).toMatchObject({ weight: 81.4 });
    await waitFor(() => expect(screen.getByTestId('check-in-card').dataset.status).toBe('waiting'), { timeout: 5_000 });
    expect(screen.queryByTestId('check-in-dialog')).toBeNull();
  });

  it('offers in the form what the app gives it to log the week’s measurements and photos, as optional', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    renderInApp(messages(), <MemoryRouter><CheckInCard extras={<button type="button">Registrar medidas</button>} /></MemoryRouter>);
    fireEvent.click(await screen.findByTestId('check-in-start', {}, { timeout: 5_000 }));
    const extras = within(await screen.findByTestId('check-in-dialog', {}, { timeout: 5_000 })).getByTestId('check-in-extras');
    expect(extras.textContent).toContain('Medidas e fotos (opcional)');
    expect(within(extras).getByRole('button', { name: 'Registrar medidas' })).toBeTruthy();
  });

  it('keeps the form on screen while an extra it offers is still loading (the photo button, loaded on demand)', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    const StillLoading = lazyPart(() => new Promise<never>(() => undefined));
    renderInApp(messages(), <MemoryRouter><CheckInCard extras={<StillLoading />} /></MemoryRouter>);
    fireEvent.click(await screen.findByTestId('check-in-start', {}, { timeout: 5_000 }));
    await screen.findByTestId('check-in-dialog', {}, { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A suspended tree is hidden in place (display: none on its outer elements) or replaced.
    const hidden = (element: HTMLElement | null): boolean => element !== null && (element.style.display === 'none' || hidden(element.parentElement));
    const weight = screen.getByTestId('check-in-weight');
    expect(hidden(weight)).toBe(false);
    expect(screen.getByTestId('check-in-card').dataset.status).toBe('due');
  });

  it('says so in the form when an extra’s code cannot load (offline, a deploy in between), and keeps the form', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    const Unreachable = lazyPart(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderInApp(messages(), <MemoryRouter><CheckInCard extras={<Unreachable />} /></MemoryRouter>);
    fireEvent.click(await screen.findByTestId('check-in-start', {}, { timeout: 5_000 }));
    const extras = await screen.findByTestId('check-in-extras', {}, { timeout: 5_000 });
    expect((await within(extras).findByTestId('feature-load-failed')).textContent).toContain('Não foi possível carregar esta parte do app');
    expect(screen.getByTestId('check-in-weight')).toBeTruthy();
  });

  it('without the consent for health data, says so and where to give it instead of asking for the check-in', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    await userDb().profile.toCollection().modify({ healthConsentAt: null });
    render();
    const notice = await screen.findByTestId('health-consent-notice', {}, { timeout: 5_000 });
    expect(notice.textContent).toContain('precisa do seu consentimento');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/settings#health-data');
    expect(screen.queryByTestId('check-in-start')).toBeNull();
  });

  it('asks the teacher’s own questions in their words, and sends the ones answered', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    await userDb().profile.toCollection().modify({ checkInQuestions: ['Quantos litros de água por dia?', 'Alguma dor?'] });
    render();
    fireEvent.click(await screen.findByTestId('check-in-start', {}, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('check-in-dialog', {}, { timeout: 5_000 });
    expect(within(dialog).getByLabelText('Quantos litros de água por dia?')).toBe(within(dialog).getByTestId('check-in-answer-1'));
    fireEvent.change(within(dialog).getByTestId('check-in-answer-1'), { target: { value: ' 2 litros ' } });
    for (const score of CHECK_IN_SCORES) fireEvent.click(within(dialog).getByTestId(`check-in-${score}-3`));
    fireEvent.click(within(dialog).getByTestId('check-in-submit'));
    await waitFor(async () => expect((await outbox())[0]?.[1]).toMatchObject({ answers: [{ question: 'Quantos litros de água por dia?', answer: '2 litros' }] }), { timeout: 5_000 });
  });

  it('saves nothing while a question is unanswered, and says which', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    render();
    fireEvent.click(await screen.findByTestId('check-in-start', {}, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('check-in-dialog', {}, { timeout: 5_000 });
    for (const score of CHECK_IN_SCORES.slice(1)) fireEvent.click(within(dialog).getByTestId(`check-in-${score}-3`));
    fireEvent.click(within(dialog).getByTestId('check-in-submit'));
    expect(await within(dialog).findAllByText('Escolha um valor de 1 a 5', {}, { timeout: 5_000 })).toHaveLength(1);
    expect(await outbox()).toEqual([]);
  });

  it('asks nothing of a teacher or an admin on their own dashboard', async () => {
    await client(userDb(), { daysAgo: 30, checkInDay: weekdayOf(today()) });
    await userDb().profile.toCollection().modify({ role: 'teacher' });
    render();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('check-in-card')).toBeNull();
  });

  it('asks nothing in the week the client registered', async () => {
    await client(userDb(), { daysAgo: 2, checkInDay: weekdayOf(todayLocalDate(new Date(Date.now() - 2 * DAY))) });
    render();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('check-in-card')).toBeNull();
  });
});
