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
  /** The rest of the first stderr line (already written or to come) starting with `prefix`; rejects after `timeoutMs` or when the process exits first. */
  stderrLine(prefix: string, timeoutMs: number): Promise<string>;
}

const STARTUP_TIMEOUT_MS = 15_000;

/**
 * Starts the bundle on `database`, a SQLite file or a PostgreSQL URL (`postgres://…`, which
 * several processes may share), and resolves once /api/health answers.
 */
export async function startServer(entry: string, database: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...(/^postgres(ql)?:\/\//.test(database) ? { DATABASE_URL: database } : { DATABASE_PATH: database }), NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO_DATA: 'false', ...env },
  });
  let stderr = '';
  let partial = '';
  const lines: string[] = [];
  const lineListeners = new Set<(line: string) => void>();
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr = (stderr + text).slice(-4000);
    const complete = (partial + text).split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      lines.push(line);
      for (const listener of lineListeners) listener(line);
    }
  });
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
    stderrLine(prefix, timeoutMs) {
      const written = lines.find((line) => line.startsWith(prefix));
      if (written !== undefined) return Promise.resolve(written.slice(prefix.length).trim());
      return new Promise<string>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          lineListeners.delete(listener);
        };
        const listener = (line: string) => {
          if (!line.startsWith(prefix)) return;
          done();
          resolve(line.slice(prefix.length).trim());
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no stderr line starting with "${prefix}" within ${timeoutMs} ms`));
        }, timeoutMs);
        lineListeners.add(listener);
        void exited.then(() => {
          if (!lineListeners.has(listener)) return;
          done();
          reject(new Error(`the server exited before writing "${prefix}":\n${stderr}`));
        });
      });
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
