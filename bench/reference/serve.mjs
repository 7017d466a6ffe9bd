// Serves the reference pages (bench/reference/build.mjs's folder) over HTTP as the app's server
// serves its build (api/src/static.ts): the precompressed brotli or gzip body the browser accepts,
// hashed assets cached for good, everything else revalidated.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPort } from '../server.mjs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Builds the reference pages into a new temp folder, in a process of their own (build.mjs says why); returns the folder. */
export function buildReferences() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-references-'));
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url)), dir], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`bench: the reference pages did not build (exit ${built.status})`);
  return dir;
}

export async function serveReferences(dir, namedPort) {
  const port = benchPort(namedPort);
  const server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const headers = {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': urlPath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts) && existsSync(`${file}.br`)) {
      file = `${file}.br`;
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)) {
      file = `${file}.gz`;
      headers['Content-Encoding'] = 'gzip';
    }
    const body = readFileSync(file);
    headers['Content-Length'] = String(body.length);
    response.writeHead(200, headers).end(body);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
