import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './scripts/vite/chunk-groups.ts';
import { localePages } from './scripts/vite/locale-pages.ts';
import { precompiledMessages } from './scripts/vite/precompiled-messages.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

const chunking = chunkGroups(root);

/**
 * The API test files that build their app with createTestApp (or startPushTestApp, which calls it):
 * `npm test` runs them a second time on PostgreSQL (ADR 031). The others test what does not touch the database, or SQLite's own
 * parts (backups), or both dialects themselves (the port's contract), or make their own
 * PostgreSQL database in the `api` project's cluster (the crash tests across two instances).
 */
const onBothDatabases = (readdirSync(path.join(root, 'api/src'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts') && /\b(createTestApp|startPushTestApp)\(/.test(readFileSync(path.join(root, 'api/src', file), 'utf8')))
  .map((file) => `api/src/${file}`);

export default defineConfig(({ command }) => ({
  root: 'pwa',
  publicDir: 'public',
  resolve: {
    alias:
      command === 'build'
        ? [
            // The catalogs are precompiled (scripts/vite/precompiled-messages.ts): react-intl formats ASTs and never parses.
            { find: /^@formatjs\/icu-messageformat-parser$/, replacement: require.resolve('@formatjs/icu-messageformat-parser/no-parser.js') },
            // react-router's package exports only its development build (warnings on); its
            // production build is the same code without them. Both entries, never a mix.
            { find: /^react-router$/, replacement: `${reactRouterDist}/production/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}/production/dom-export.mjs` },
            // Dexie's package gives bundlers a wrapper around its ES5 UMD build (so that CommonJS and
            // ES imports share one instance); every import here is ES, and its modern ES build is the
            // same version without the down-levelling (about 1.7 KB gzip less on the signed-in path).
            { find: /^dexie$/, replacement: require.resolve('dexie/dist/modern/dexie.mjs') },
          ]
        : [],
  },
  plugins: [
    precompiledMessages(root),
    chunking.plugin,
    localePages(root, ['signed-in', 'shared']),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false, // pwa/public/manifest.webmanifest is the single source (see ADR 005)
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // Its navigations all answer /index.html (sw.ts): the server's pages per language and
        // route (scripts/vite/locale-pages.ts, 600 KB) would only be downloaded at each install.
        globIgnores: ['index.*.html'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../dist/pwa',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 but lacks <link rel=modulepreload> (Safari before 17) still
    // loads the modules, only without the early fetch: the polyfill's weight on every first load
    // is not worth it.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: chunking.groups } } },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/locale': 'http://localhost:3000' },
  },
  test: {
    root,
    // Budgets catch a test that hangs, not a slow one (ADR 029): under a CPU-bound neighbour on two
    // cores, a route test that signs in and a screen test that renders waited past vitest's 5 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'protocol', root, include: ['sync-protocol/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        // A PostgreSQL cluster for the run (issue 49), provided to the tests as inject('postgresUrl').
        test: { name: 'api', root, include: ['api/**/*.test.ts', 'eslint-rules/**/*.test.ts'], environment: 'node', globalSetup: ['api/test/postgres-global-setup.ts', 'api/test/s3-global-setup.ts'] },
      },
      {
        extends: true,
        // With them, the PWA's tests of several API instances on one PostgreSQL database (`*.postgres.test.ts`).
        test: { name: 'api-postgres', root, include: [...onBothDatabases, 'pwa/**/*.postgres.test.ts'], environment: 'node', env: { TEST_DATABASE: 'postgres' }, globalSetup: ['api/test/postgres-global-setup.ts', 'api/test/s3-global-setup.ts'] },
      },
      { extends: true, test: { name: 'pwa', root, include: ['pwa/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, 'pwa/**/*.postgres.test.ts'], environment: 'happy-dom', setupFiles: ['pwa/src/test/setup.ts'] } },
    ],
  },
}));
