// Builds the PWA (dist/pwa) and the server bundle (dist/server/server.js), then precompresses the
// PWA's text files so the server sends brotli or gzip without compressing per request.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The build in a process of its own. Vite's build() sets process.env.NODE_ENV=production in the
 * process that calls it, so `npm start` building in-process then ran its server in production
 * (issue 17): the caller keeps the environment its user set. The build itself is always the
 * production one, as `npm run build` makes it with no NODE_ENV set. A stop signal ends the build.
 */
export function buildAll() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward).on('SIGINT', forward);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGINT', forward);
      if (code === 0) resolve();
      else reject(new Error(signal ? `build: stopped by ${signal}` : `build: failed (exit code ${code})`));
    });
  });
}

async function buildHere() {
  const started = Date.now();
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  await buildServer(path.join(root, 'dist/server'));
  const compressed = precompress(path.join(root, 'dist/pwa'));
  writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s (${compressed} files precompressed)`);
}

/**
 * Bundles api/src/server.ts into `outDir/server.js`, and beside it the `db:copy` command
 * (api/src/db-copy.ts) as `db-copy.js`, each one file. The bundles find the migrations and the PWA
 * from two folders up, so `outDir` must sit two levels below the project root (dist/server).
 */
export async function buildServer(outDir) {
  for (const [entry, file] of [
    ['api/src/server.ts', 'server.js'],
    ['api/src/db-copy.ts', 'db-copy.js'],
  ]) {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      build: {
        ssr: entry,
        outDir,
        // The first build empties the folder; the second adds its file beside.
        emptyOutDir: file === 'server.js',
        target: 'node20',
        minify: false,
        sourcemap: true,
        rollupOptions: { output: { entryFileNames: file, format: 'es' } },
      },
    });
  }
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

export function precompress(dir) {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      count += precompress(full);
    } else if (COMPRESSIBLE.test(name) && statSync(full).size > 1024) {
      const body = readFileSync(full);
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      count += 1;
    }
  }
  return count;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildHere();
}
