import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { INLINE_SCRIPT_HASHES, prerenderedPage } from '../../api/src/static.ts';
import { PRERENDERED_CLIENT_NAME } from '../../sync-protocol/contract/clients.ts';
import { LOCALES, type Locale } from '../../sync-protocol/i18n/locales.ts';

interface Prerender {
  PRERENDERED_PATHS: readonly string[];
  PRERENDERED_SIGNED_IN_PATHS: readonly string[];
  renderPage(path: string, locale: Locale, signedIn: boolean): Promise<{ html: string; styles: string }>;
  wideScreenQuery(): string;
  startPage(entry: string, laterLinks: string, hiddenOn: string | null): void;
}

interface Screen {
  locale: Locale;
  urlPath: string;
  signedIn: boolean;
  html: string;
  styles: string;
}

/** pwa/src/prerender.tsx built for Node into a folder of its own, loaded, and the folder removed. */
async function loadPrerender(root: string): Promise<Prerender> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'leve-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      // Bundled whole: the app's dependencies resolve as the browser build resolves them.
      ssr: { noExternal: true },
      build: {
        ssr: 'pwa/src/prerender.tsx',
        outDir,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          output: { entryFileNames: 'prerender.mjs', format: 'es', codeSplitting: false },
          // MUI marks its modules 'use client' for React Server Components, which this is not.
          onLog: (level, log, handler) => (log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log)),
        },
      },
    });
    return (await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href)) as Prerender;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Production build only: beside index.html, one page per language and signed-in state
 * (`index.pt-BR.html`, `index.pt-BR.signed-in.html`, …) that the server picks for an app route
 * (api/src/static.ts). Each names its language (`data-locale`, so the PWA needs no GET /locale
 * on a first visit) and preloads the code the first screen waits for: that language's catalogs,
 * and for a browser holding a session cookie the signed-in chunks (shell, dashboard, sync
 * engine). They download alongside the entry instead of one after another; the signed-out page
 * also tells the PWA nobody is signed in. The screens of pwa/src/prerender.tsx also get a page
 * each with that screen already in it (`index.pt-BR.route-login.html`,
 * `index.pt-BR.signed-in.route-dashboard.html`, where the server writes the client's name): painted
 * from the HTML, then hydrated (ADR 026). index.html only gets the app's code preloaded: the service
 * worker serves it offline, and the PWA then asks GET /locale (and who is signed in).
 */
/** The app's icon, as index.html links it. */
const ICON = '/icons/logo.svg';
/** The id of a prerendered page's script, the first element after its screen. */
const PAGE_SCRIPT_ID = 'page-start';

export function localePages(root: string, signedInChunkNames: readonly string[]): Plugin {
  const screens: Screen[] = [];
  // page-start.ts's function, from the prerender's build: its text goes into the pages.
  let startPage: Prerender['startPage'] = () => undefined;
  let wideScreen = '';
  return {
    name: 'leve:locale-pages',
    apply: 'build',
    enforce: 'post',
    async buildStart() {
      const prerender = await loadPrerender(root);
      startPage = prerender.startPage;
      wideScreen = prerender.wideScreenQuery();
      for (const locale of LOCALES) {
        for (const urlPath of prerender.PRERENDERED_PATHS) screens.push({ locale, urlPath, signedIn: false, ...(await prerender.renderPage(urlPath, locale, false)) });
        for (const urlPath of prerender.PRERENDERED_SIGNED_IN_PATHS) screens.push({ locale, urlPath, signedIn: true, ...(await prerender.renderPage(urlPath, locale, true)) });
      }
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') return this.error('locale pages: no index.html in the bundle');
      // The icon is in the page (a data: URL): fetched, it was a round trip in the first paint's
      // way (Lighthouse counts every request that ended before it). Without an icon link at all the
      // browser asks for /favicon.ico, a 404 in the console.
      const icon = `href="${ICON}"`;
      if (!index.source.includes(icon)) return this.error(`locale pages: index.html should link its icon, ${ICON}`);
      const shell = index.source.replace(icon, `href="data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(root, 'pwa/public', ICON), 'utf8').trim())}"`);
      // One script, boot.ts's chunk: the prerendered pages load it from an inline script (below).
      if (shell.split('<script').length !== 2) return this.error('locale pages: index.html should load one script, the entry (boot.ts)');
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // Each file once, and none that index.html loads already.
      const notInShell = (files: Iterable<string>) => [...new Set(files)].filter((file) => !shell.includes(`"/${file}"`));
      const preload = (files: string[]) =>
        notInShell(files)
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
      const signedIn = chunks.filter((chunk) => signedInChunkNames.includes(chunk.name)).map((chunk) => chunk.fileName);
      if (signedIn.length !== signedInChunkNames.length) this.error(`locale pages: expected the chunks ${signedInChunkNames.join(', ')}`);
      // The app's code (main.tsx and its chunks), which the entry, boot.ts, imports once the page
      // has painted: a page that needs it to paint anything preloads it.
      const mainModule = path.join(root, 'pwa/src/main.tsx');
      const main = chunks.find((chunk) => chunk.facadeModuleId === mainModule) ?? chunks.find((chunk) => chunk.moduleIds.includes(mainModule));
      if (!main) return this.error('locale pages: no chunk for pwa/src/main.tsx');
      const app = new Set<string>();
      const collect = (fileName: string) => {
        if (app.has(fileName)) return;
        app.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(collect);
      };
      collect(main.fileName);
      // A prerendered page's one script is inline (page-start.ts): it loads the entry after the
      // paint, and links the manifest then, which the browser would fetch while the page loads.
      const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(shell);
      if (!entry?.[1]) return this.error('locale pages: index.html has no entry script');
      const manifest = /<link rel="manifest"[^>]*>/.exec(shell)?.[0];
      if (!manifest) return this.error('locale pages: index.html should link its manifest');
      // Signed in, the page hides its screen on a wide screen, where nothing paints to wait for.
      const inline = (signedIn: boolean) => `(${startPage})(${JSON.stringify(entry[1])}, ${JSON.stringify(manifest)}, ${JSON.stringify(signedIn ? wideScreen : null)})`;
      for (const locale of LOCALES) {
        // The app's catalog and the shared one; a feature's own (features/<f>/i18n), the answer
        // fields' (components/i18n) or the refusals' (app/shell/i18n) loads with what needs it.
        const isAppCatalog = (id: string) => id.endsWith(`/i18n/${locale}.json`) && (id.includes('/pwa/src/i18n/') || id.includes('/sync-protocol/i18n/'));
        const catalogs = chunks.filter((chunk) => chunk.moduleIds.some((id) => isAppCatalog(id.split('?')[0] ?? ''))).map((chunk) => chunk.fileName);
        // The UI catalog and the shared error messages (see pwa/src/i18n/messages.ts).
        if (catalogs.length !== 2) this.error(`locale pages: expected 2 catalog chunks for ${locale}, found ${catalogs.length}`);
        // The signed-out page says so (`data-session="none"`): the PWA then does not ask GET
        // /api/clients/me, whose 401 every browser logs as a console error.
        const page = (files: string[], session: string, head = '') =>
          shell
            .replace(/<html lang="[^"]*"/, `<html lang="${locale}" data-locale="${locale}"${session}`)
            .replace('</head>', `${preload(files)}${head}</head>`);
        this.emitFile({ type: 'asset', fileName: `index.${locale}.html`, source: page([...app, ...catalogs], ' data-session="none"') });
        this.emitFile({ type: 'asset', fileName: `index.${locale}.signed-in.html`, source: page([...app, ...catalogs, ...signedIn], '') });
        for (const screen of screens.filter((each) => each.locale === locale)) {
          // The screen is in the page: nothing else comes before it, not even the entry, which the
          // inline script loads after the paint (Lighthouse counts every request that ended
          // before it as needed for it). boot.ts then fetches the app's code, which the page
          // names (`data-app-code`), and this language's catalogs. A signed-in screen is laid out
          // for a phone: a wider screen does not show it, and the app renders its own (main.tsx).
          const code = notInShell(screen.signedIn ? [...app, ...signedIn] : app)
            .map((file) => `/${file}`)
            .join(' ');
          // The first paint waits until the whole screen is parsed (its script follows it): a slow
          // phone painted the half parsed so far, and the rest then moved it (the quick actions
          // pushed the weight card down 272 px, the bottom bar's items narrowed as the next came).
          const parsed = `<link rel="expect" href="#${PAGE_SCRIPT_ID}" blocking="render">`;
          const head = `${parsed}${screen.signedIn ? `${screen.styles}<style>@media ${wideScreen}{#root[data-wide-screen]{visibility:hidden}}</style>` : screen.styles}`;
          const layout = screen.signedIn ? ` data-wide-screen="${wideScreen}"` : '';
          const source = page([], screen.signedIn ? '' : ' data-session="none"', head)
            .replace('<div id="root"></div>', `<div id="root" data-prerendered="${screen.urlPath}"${layout} data-app-code="${code}">${screen.html}</div>`)
            .replace(entry[0], `<script id="${PAGE_SCRIPT_ID}">${inline(screen.signedIn)}</script>`)
            .replace(manifest, '');
          if (!source.includes(screen.html)) this.error('locale pages: index.html has no empty <div id="root"></div>');
          if (screen.signedIn && !source.includes(PRERENDERED_CLIENT_NAME)) this.error(`locale pages: ${screen.urlPath} does not greet the client by name`);
          this.emitFile({ type: 'asset', fileName: prerenderedPage(locale, screen.urlPath, screen.signedIn).slice(1), source });
        }
      }
      // The server allows these inline scripts, and no other, by their hashes (CSP script-src).
      const hashes = [...new Set(screens.map((screen) => screen.signedIn))].map((signedIn) => `sha256-${createHash('sha256').update(inline(signedIn)).digest('base64')}`);
      this.emitFile({ type: 'asset', fileName: INLINE_SCRIPT_HASHES, source: JSON.stringify(hashes) });
      // index.html, the service worker's page, preloads the app's code too.
      index.source = shell.replace('</head>', `${preload([...app])}</head>`);
    },
  };
}
