// Builds the Lighthouse bench's two reference pages into a folder, as the app is built:
//   r1/index.html  the floor: static.html, the sign-in card in plain HTML and CSS, no script;
//   r2/            React 19 + MUI showing one card (react-mui/), built by Vite with the app's own
//                  resolve aliases, target and module-preload settings and the same React plugin
//                  (vite.config.ts; its PWA, page-variant, catalog and chunking plugins are the
//                  app's features, not the stack's), in production mode.
// Both are precompressed as scripts/build.mjs does for the app, so they are served alike.
// Run in a process of its own (Vite's build sets NODE_ENV=production in its caller):
//   node bench/reference/build.mjs <outDir>
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, loadConfigFromFile } from 'vite';
import { precompress } from '../../scripts/build.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const projectRoot = path.join(here, '../..');

export async function buildReferences(outDir) {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production', isSsrBuild: false, isPreview: false }, path.join(projectRoot, 'vite.config.ts'), projectRoot, 'warn');
  if (!loaded) throw new Error('reference: vite.config.ts not found');
  const app = loaded.config;
  await build({
    configFile: false,
    root: path.join(here, 'react-mui'),
    base: '/r2/',
    mode: 'production',
    logLevel: 'warn',
    resolve: app.resolve,
    plugins: [react()],
    build: { outDir: path.join(outDir, 'r2'), emptyOutDir: true, target: app.build.target, modulePreload: app.build.modulePreload, sourcemap: false },
  });
  mkdirSync(path.join(outDir, 'r1'), { recursive: true });
  copyFileSync(path.join(here, 'static.html'), path.join(outDir, 'r1/index.html'));
  precompress(outDir);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: node bench/reference/build.mjs <outDir>');
  await buildReferences(path.resolve(outDir));
}
