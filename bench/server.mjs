// Starts the built server on a fresh temp database for a benchmark, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Fails when something already listens on the port: its answers would be measured instead. */
async function assertPortFree(port) {
  await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new Error(`bench: port ${port} is in use (${error.code}); stop what listens there first`)));
    probe.listen(port, '0.0.0.0', () => probe.close(resolve));
  });
}

/**
 * Starts a built server and waits for /api/health. By default `dist/server/server.js` on a fresh
 * temp database, removed at stop; `databasePath` keeps one the caller prepared, `entry` and `args`
 * run another bundle (the load benchmark's), `env` is added to (or, with `replaceEnv`, replaces)
 * this process's environment.
 */
/**
 * `BENCH_PORT_OFFSET` moves every benchmark's ports by that much, so that two checkouts on one
 * machine can measure at once (each benchmark names its own ports).
 */
export const benchPort = (port) => port + (Number(process.env.BENCH_PORT_OFFSET) || 0);

export async function startServer({ port: namedPort, env = {}, entry = 'dist/server/server.js', args = [], databasePath = null, replaceEnv = false }) {
  const port = benchPort(namedPort);
  await assertPortFree(port);
  const dir = databasePath ? null : mkdtempSync(path.join(tmpdir(), 'bench-'));
  const base = replaceEnv ? {} : { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error' };
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...base, PORT: String(port), DATABASE_PATH: databasePath ?? path.join(dir, 'app.db'), ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitCode = null;
  void exited.then((code) => (exitCode = code ?? 'signal'));
  const removeDatabase = () => dir && rmSync(dir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 300 && !up && exitCode === null; i++) {
    try {
      up = (await fetch(`${url}/api/health`)).ok;
    } catch {
      // not up yet
    }
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!up || exitCode !== null) {
    child.kill('SIGTERM');
    await exited;
    removeDatabase();
    throw new Error(`bench: the server did not start on port ${port}${exitCode === null ? '' : ` (exit ${exitCode})`}`);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (exitCode === null) child.kill('SIGTERM');
      await exited;
      removeDatabase();
    },
  };
}
