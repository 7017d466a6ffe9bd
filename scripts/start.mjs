// `npm start`: builds when the build is missing or older than the sources (in a child process, so
// the mode stays the one the user set: see buildAll), then runs the server in this same process
// (so SIGTERM reaches it directly). In the Docker image there are no sources, only the build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'dist/.build-stamp');
const server = path.join(root, 'dist/server/server.js');
const SOURCES = ['pwa', 'sync-protocol', 'api/src', 'api/drizzle', 'package.json', 'vite.config.ts'];

function newestSource(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(full).map((name) => newestSource(path.join(entry, name))));
}

const haveSources = existsSync(path.join(root, 'pwa/src'));
const stale = !existsSync(server) || !existsSync(stamp) || (haveSources && Math.max(...SOURCES.map(newestSource)) > statSync(stamp).mtimeMs);
if (stale) {
  if (!haveSources) throw new Error('dist/ is missing and there are no sources to build it from');
  console.log('build: sources changed since the last build, building…');
  const { buildAll } = await import('./build.mjs');
  try {
    await buildAll();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
await import(pathToFileURL(server).href);
