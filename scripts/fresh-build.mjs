// The build is rebuilt when it is missing or older than the sources (in a child process, so the
// mode stays the one the user set: see buildAll). In the Docker image there are no sources, only
// the build. Shared by `npm start` and `npm run db:copy`, which both run what the build made.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'dist/.build-stamp');
const SOURCES = ['pwa', 'sync-protocol', 'api/src', 'api/drizzle', 'package.json', 'vite.config.ts'];

function newestSource(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(full).map((name) => newestSource(path.join(entry, name))));
}

/** Builds unless `output` (a path below the project root) exists and is newer than the sources. */
export async function ensureFreshBuild(output) {
  const haveSources = existsSync(path.join(root, 'pwa/src'));
  const built = path.join(root, output);
  const stale = !existsSync(built) || !existsSync(stamp) || (haveSources && Math.max(...SOURCES.map(newestSource)) > statSync(stamp).mtimeMs);
  if (!stale) return built;
  if (!haveSources) throw new Error(`${output} is missing and there are no sources to build it from`);
  console.log('build: sources changed since the last build, building…');
  const { buildAll } = await import('./build.mjs');
  try {
    await buildAll();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  return built;
}
