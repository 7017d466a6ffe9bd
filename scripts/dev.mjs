// `npm run dev`: the API rebuilt and restarted on change (port 3000) and Vite's dev server with
// hot reload for the PWA (port 5173, proxying /api and /locale to the API).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
// Read before Vite's build() below sets NODE_ENV=production in this process (ADR 016).
const mode = process.env.NODE_ENV ?? 'development';
let api = null;
const restart = () => {
  api?.kill('SIGTERM');
  api = spawn(process.execPath, ['dist/server/server.js'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: mode } });
};

const watcher = await build({
  configFile: false,
  root,
  logLevel: 'warn',
  build: { ssr: 'api/src/server.ts', outDir: 'dist/server', target: 'node20', minify: false, watch: {}, rollupOptions: { output: { entryFileNames: 'server.js' } } },
});
watcher.on('event', (event) => {
  if (event.code === 'END') restart();
  if (event.code === 'ERROR') console.error(event.error);
});

const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, stdio: 'inherit' });
const stop = () => {
  api?.kill('SIGTERM');
  vite.kill('SIGTERM');
  void watcher.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
