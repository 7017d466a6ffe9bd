/**
 * The real server as a child process, for tests that must kill it (crash consistency): the
 * bundle is built once per test file, each start listens on a fresh ephemeral port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerBundle {
  entry: string;
  remove(): void;
}

/**
 * Builds api/src/server.ts as `npm run build` does. The bundle locates migrations two folders
 * up, so it goes to node_modules/<unique>/ (ignored by git and lint) rather than the OS temp dir.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  const outDir = mkdtempSync(path.join(root, 'node_modules', '.server-process-'));
  await buildServer(outDir);
  return { entry: path.join(outDir, 'server.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** A port nothing listens on right now (the OS picks it), so tests never collide with 3210/3215. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** SIGKILL: no shutdown handler runs, the database is left as a crash leaves it. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown of README "Self-hosting". */
  stop(): Promise<number | null>;
}

const STARTUP_TIMEOUT_MS = 15_000;

/** Starts the bundle on `databasePath` and resolves once /api/health answers. */
export async function startServer(entry: string, databasePath: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: databasePath, NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO_DATA: 'false', ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await healthy(url))) {
    if (!running || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not start on ${url}:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url,
    async kill() {
      if (running) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false; // not listening yet
  }
}
