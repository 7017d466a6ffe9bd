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

export async function startServer({ port, env = {} }) {
  await assertPortFree(port);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATABASE_PATH: path.join(dir, 'app.db'), NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitCode = null;
  void exited.then((code) => (exitCode = code ?? 'signal'));
  const url = `http://localhost:${port}`;
  let up = false;
  for (let i = 0; i < 100 && !up && exitCode === null; i++) {
    try {
      up = (await fetch(`${url}/api/health`)).ok;
    } catch {
      // not up yet
    }
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!up || exitCode !== null) {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`bench: the server did not start on port ${port}${exitCode === null ? '' : ` (exit ${exitCode})`}`);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
