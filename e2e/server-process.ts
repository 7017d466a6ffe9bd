/**
 * The built server (`dist/server/server.js`, which `npm run test:e2e` builds before Playwright
 * runs) as a child process of a spec, the way `npm start` and Docker run it: for specs that need a
 * server of their own (stopped by a signal, badly configured, on PostgreSQL beside another).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code, once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
}

/** Starts the built server with this process's environment, NODE_ENV=test, info logs, and `env` on top. */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['dist/server/server.js'], { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A port nothing listens on right now (the OS picks it), so a spec's servers never collide with the run's. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url`'s /api/health answers 200; throws with the server's output when the process
 * exits first or `timeoutMs` passes (a start that failed says why).
 */
export async function untilHealthy(server: ServerProcess, url: string, timeoutMs = 30_000): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => null, // not listening yet
    );
    if (status === 200) return;
    if (exitCode !== undefined || Date.now() > deadline) {
      throw new Error(`the server at ${url} did not start (${exitCode === undefined ? `no answer within ${timeoutMs / 1000} s` : `exit ${exitCode}`}):\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM (the graceful shutdown), then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
export async function stopServer(server: ServerProcess, graceMs = 15_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
