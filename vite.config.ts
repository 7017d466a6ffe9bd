import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  plugins: [
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
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../dist/pwa',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/locale': 'http://localhost:3000' },
  },
  test: {
    root,
    projects: [
      { extends: true, test: { name: 'protocol', root, include: ['sync-protocol/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'api', root, include: ['api/**/*.test.ts', 'eslint-rules/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'pwa', root, include: ['pwa/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
    ],
  },
});
