import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { Locale } from '#protocol/i18n/locales.ts';
import { clientWithNoAnswers, PRERENDERED_CLIENT_NAME } from '#protocol/contract/clients.ts';
import { AppFrame } from './app/App.tsx';
import { createAppEmotionCache } from './app/emotion-cache.ts';
import { AppRoutes } from './app/AppRoutes.tsx';
import { appTheme } from './app/theme.ts';
import { loadMessages } from './i18n/messages.ts';
import { useLocaleStore } from './i18n/locale-store.ts';
import { useSession } from './lib/session.ts';

// The script the build inlines into these pages, built here for the browser's page as it is.
export { startPage } from './page-start.ts';

/** The screens whose HTML the build writes (scripts/vite/locale-pages.ts), signed out and in. */
export const PRERENDERED_PATHS = ['/login'] as const;
export const PRERENDERED_SIGNED_IN_PATHS = ['/dashboard'] as const;

/**
 * The signed-in screens are rendered for this client, whose name the server replaces with the
 * signed-in client's (api/src/app.ts); nothing else of theirs is in a screen before the device's
 * data is read, and that data is read after hydrating, so the page holds skeletons there.
 */
const PRERENDERED_CLIENT = clientWithNoAnswers({ id: 'prerendered', name: PRERENDERED_CLIENT_NAME, email: '', createdAt: '2026-01-01T00:00:00.000Z' });

/**
 * The layout the signed-in screens are rendered in: a phone's (bottom bar, closed menu). A wider
 * screen lays the shell out otherwise, so there the page hides them and the app renders anew
 * (main.tsx).
 */
export const wideScreenQuery = () => appTheme().breakpoints.up('md').replace(/^@media\s*/, '');

/**
 * zustand's hooks read a store's initial state when rendering on the server and while hydrating
 * (useSyncExternalStore's server snapshot). In the browser the page gives the stores that state
 * (session.ts, locale-store.ts: signed out, the page's language); here it is set the same.
 */
function startAs<T>(store: { getInitialState(): T; setState(state: Partial<T>): void }, state: Partial<T>) {
  Object.assign(store.getInitialState() as object, state);
  store.setState(state);
}

/**
 * Build time, in Node: one screen in one language as HTML, signed out or signed in as
 * PRERENDERED_CLIENT, and the styles it uses, so the browser paints it before any script runs;
 * main.tsx then hydrates it (ADR 026). React's prerender waits for the screen's lazy parts.
 * The emotion cache is the browser's (app/emotion-cache.ts): it adopts these style tags and
 * renders the same class names.
 */
export async function renderPage(path: string, locale: Locale, signedIn: boolean): Promise<{ html: string; styles: string }> {
  startAs(useLocaleStore, { locale, chosen: false });
  startAs(useSession, signedIn ? { status: 'authenticated', client: PRERENDERED_CLIENT, offline: false } : { status: 'anonymous', client: null, offline: false });
  await loadMessages(locale);
  const cache = createAppEmotionCache();
  const emotion = createEmotionServer(cache);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppFrame
        router={
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        }
      />
    </CacheProvider>,
    { onError: (error: unknown) => void errors.push(error) },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // React leaves a part that failed to the browser to render: the build fails instead.
  if (errors.length > 0) throw errors[0];
  const chunks = emotion.extractCriticalToChunks(html);
  // Every class the render made, not only those in the HTML: a MUI component styled on top of
  // another (IconButton on ButtonBase) makes a class per layer, and the browser's emotion inserts
  // each layer's rules as it hydrates unless the page's style tag names it as inserted already
  // (31 rules on /login, in one long task). A few more rules in the page cost far less.
  const made = Object.keys(cache.inserted).filter((id) => cache.registered[`${cache.key}-${id}`] !== undefined && typeof cache.inserted[id] === 'string');
  chunks.styles = chunks.styles.map((chunk) => (chunk.key === cache.key ? { key: chunk.key, ids: made, css: made.map((id) => cache.inserted[id]).join('') } : chunk));
  // Marked as already in place (`data-s`): emotion otherwise moves every server style tag to the end
  // of the head as it starts, for pages whose styles come in the body, and the browser parses each
  // moved sheet again (35 ms unthrottled on the dashboard's page). These are in the head already.
  const styles = emotion.constructStyleTagsFromChunks(chunks).replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  return { html, styles: styles + systemDarkScheme(styles) };
}

/**
 * The dark scheme's variables under `.dark`, as the theme writes them, also for a dark system
 * setting until the app runs: the theme sets that class from script (the stored choice or the
 * system's), and a page painted before it would flash light. A stored "light" sets `.light`.
 */
function systemDarkScheme(styles: string): string {
  const dark = /\.dark\{(color-scheme:dark;--[^}]*)\}/.exec(styles)?.[1];
  if (!dark) throw new Error('prerender: the theme wrote no .dark variables');
  return `<style>@media (prefers-color-scheme: dark){:root:not(.light){${dark}}}</style>`;
}
