// CI walks the README's first command as a newcomer does (issue 17): a copy of the project with no
// dist/ and no database, `npm start` with a clean environment (PATH and HOME to run node, PORT and
// DATABASE_PATH), then /api/health, a demo sign-in, and SIGTERM with a clean exit. The copy keeps
// this checkout's dist/ and data/ untouched, so it can run before or after the e2e tests.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// What a fresh clone does not have (.gitignore) besides node_modules, which is linked, not copied.
const NOT_IN_A_CLONE = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.env']);
const HEALTH_TIMEOUT_MS = 240_000; // the build of a fresh clone is part of the wait
const STOP_TIMEOUT_MS = 15_000;
const DEMO = { email: 'client@example.com', password: 'demo12345' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function copyAsFreshClone(dest) {
  cpSync(root, dest, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      const top = relative.split(path.sep)[0];
      return !NOT_IN_A_CLONE.has(top) && !/\.db(-wal|-shm)?$/.test(relative);
    },
  });
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(dest, 'node_modules'), 'dir');
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base, child) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}) before /api/health answered`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`/api/health did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function signIn(base) {
  const response = await fetch(`${base}/api/clients/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DEMO),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 200 || body?.client?.email !== DEMO.email) {
    throw new Error(`demo sign-in as ${DEMO.email} answered ${response.status} ${JSON.stringify(body)}`);
  }
}

function stop(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`)), STOP_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`npm start ended with ${code ?? signal} after SIGTERM, not 0`));
      try {
        process.kill(-child.pid, 0); // throws when nothing of its process group is left
        reject(new Error('npm exited but a process it started is still running'));
      } catch {
        resolve();
      }
    });
    child.kill('SIGTERM'); // to npm only, as a container runtime does: npm passes it on
  });
}

async function main() {
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'leve-newcomer-'));
  const app = path.join(dir, 'app');
  let child;
  let output = '';
  try {
    copyAsFreshClone(app);
    const port = Number(process.env.NEWCOMER_PORT) || (await freePort());
    const base = `http://localhost:${port}`;
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, PORT: String(port), DATABASE_PATH: path.join(dir, 'data', 'app.db') };
    // Its own process group, so whatever survives a failed run can be ended with it.
    child = spawn('npm', ['start'], { cwd: app, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await waitForHealth(base, child);
    if (!existsSync(path.join(app, 'dist/server/server.js'))) throw new Error('the server answered but the copy has no build: did it start from dist/?');
    await signIn(base);
    await stop(child);
    if (!output.includes('"server.stopped"')) throw new Error('the server did not log server.stopped');
    console.log(`newcomer start: built, served, signed in as ${DEMO.email}, stopped cleanly in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    process.stderr.write(`${output}\nnewcomer start failed: ${error.message}\n`);
    process.exitCode = 1;
  } finally {
    try {
      if (child) process.kill(-child.pid, 'SIGKILL'); // what a failed run left behind
    } catch {
      // nothing left
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
