/**
 * What the screen tests share: a fetch stub answering `METHOD /path` from a table, the pt-BR
 * catalog, and a clean slate after each test (DOM, mocks, toasts, session).
 */
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '#protocol/i18n/locales.ts';
import { Toaster } from '#pwa/components/Toaster.tsx';
import { loadMessages, type Messages } from '#pwa/i18n/messages.ts';
import { useUserDb } from '#pwa/db/current.ts';
import { UserDb } from '#pwa/db/user-db.ts';
import { useSession } from '#pwa/lib/session.ts';
import { useToastStore } from '#pwa/lib/toast.ts';

export type ApiHandler = (init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch answering `METHOD /path` (without /api) from the table; anything else is a 404 the test would show. */
export function stubApi(routes: Record<string, ApiHandler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(url).replace(/^\/api/, '')}`;
      calls.push({ key, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      const handler = routes[key];
      return handler ? handler(init) : json({ error: `no route ${key}`, code: 'NOT_FOUND' }, 404);
    }),
  );
  return calls;
}

/** `stubApi` for the staff's screens, with the coach's threads and check-ins (issue 22) empty unless `routes` says otherwise. */
export const stubStaffApi = (routes: Record<string, ApiHandler>) => stubApi({ 'GET /coach/threads': () => json({ threads: [] }), 'GET /coach/check-ins': () => json({ checkIns: [] }), 'GET /teacher/check-in-questions': () => json({ questions: [] }), 'GET /coach/attention': () => json({ students: [] }), ...routes });

/** Registers the hooks of a screen test file; returns the pt-BR messages once loaded. */
export function setUpScreenTests(): () => Messages {
  let messages: Messages = {};
  beforeAll(async () => {
    messages = await loadMessages('pt-BR');
  });
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // failures are logged by design
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useToastStore.setState({ current: null });
    useSession.setState({ status: 'anonymous', client: null });
  });
  return () => messages;
}

/**
 * The signed-in user's device database for each test of the file (IndexedDB from
 * `fake-indexeddb/auto`, imported first by the test file): opened, seeded and made current before
 * each test, deleted after it. Returns the current test's database.
 */
export function setUpUserDb(seed: (db: UserDb) => Promise<unknown> = async () => undefined): () => UserDb {
  let db: UserDb;
  beforeEach(async () => {
    db = new UserDb(`test-${Math.random().toString(36).slice(2)}`);
    await db.open();
    await seed(db);
    useUserDb.setState({ db });
  });
  afterEach(async () => {
    useUserDb.setState({ db: null });
    await db.delete();
  });
  return () => db;
}

/**
 * The app's messages in `locale` with a feature's own (`features/<f>/i18n`) over them, as
 * FeatureMessages gives them to the feature's screens: for a test of one of their parts.
 */
export async function messagesWith(loadFeature: (locale: Locale) => Promise<Messages>, locale: Locale = 'pt-BR'): Promise<Messages> {
  return { ...(await loadMessages(locale)), ...(await loadFeature(locale)) };
}

/** Renders `ui` in pt-BR (or `locale`, given its messages) with the toaster beside it, as the app shell does. */
export const renderInApp = (messages: Messages, ui: ReactElement, locale = 'pt-BR') =>
  render(
    <IntlProvider locale={locale} messages={messages}>
      {ui}
      <Toaster />
    </IntlProvider>,
  );

/** Picks, in a native `<select>`, the option whose text a person reads, as the phone's picker does. */
export function chooseOption(select: HTMLElement, label: string) {
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

/** The text of the option a native `<select>` shows. */
export function chosenOption(select: HTMLElement) {
  const { options, selectedIndex } = select as HTMLSelectElement;
  return options[selectedIndex]?.textContent;
}
