// A throwaway PostgreSQL cluster for the tests and benchmarks (issue 49): Debian's server binaries,
// a data folder in the OS temp dir, trust authentication and one superuser, `leve`.
//
//   node scripts/postgres.mjs ensure   installs Debian's postgresql when missing (npm scripts)
//   node scripts/postgres.mjs start    starts a cluster, prints its URL, stops it on Ctrl-C
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { installDebianPackage } from './apt.mjs';

const execFileAsync = promisify(execFile);
const PREFIX = 'leve-pg-';
const OWNER_FILE = 'owner.pid';
const USER = 'leve';
const WAIT_MS = 20_000;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** @typedef {{ url: string, port: number, dir: string, stop: () => Promise<void> }} Cluster */

/**
 * The bin folder of the newest server installed under /usr/lib/postgresql, or null.
 * @returns {string | null}
 */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  // postgresql-client alone also fills <version>/bin: look for the server's own tools.
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v) && ['initdb', 'pg_ctl'].every((tool) => existsSync(path.join(base, v, 'bin', tool))))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/**
 * The bin folder, after installing Debian's postgresql when it is missing (as root); otherwise
 * throws with the command to run.
 * @returns {string}
 */
export function ensurePostgres() {
  installDebianPackage({ path: '/usr/lib/postgresql/<version>/bin/pg_ctl', pkg: 'postgresql', purpose: 'tests on PostgreSQL', found: () => findPostgresBin() !== null });
  const bin = findPostgresBin();
  if (!bin) throw new Error('postgresql is installed but no server was found under /usr/lib/postgresql');
  return bin;
}

/** initdb and the server refuse to run as root: then they run as Debian's `postgres` user. */
function run(bin, tool, args) {
  const file = path.join(bin, tool);
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  // A folder that user can enter: it may not read the caller's (e.g. /root/…).
  return execFileAsync(command, argv, { cwd: os.tmpdir() });
}

/** The last lines of the server's log, for an error message. */
function logTail(dir, lines = 20) {
  try {
    return readFileSync(path.join(dir, 'log'), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** A TCP port nothing listens on right now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** Stops the cluster in `dir` if one runs there, then removes the folder. */
async function removeCluster(bin, dir) {
  const data = path.join(dir, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    // A postmaster.pid left by a dead server makes pg_ctl fail: nothing is left to stop then.
    await run(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() => {});
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A test run killed hard (SIGKILL, a closed terminal) leaves its postmaster running, in its own
 * session: clusters whose owning process is gone are stopped and removed.
 */
async function removeStaleClusters(bin) {
  const tmp = os.tmpdir();
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmp, name);
    let owner = null;
    try {
      owner = Number(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      // No owner yet: another process may have just made the folder; only an old one is stale.
      try {
        if (Date.now() - statSync(dir).mtimeMs < 60_000) continue;
      } catch {
        continue; // removed meanwhile
      }
    }
    if (owner && isAlive(owner)) continue;
    await removeCluster(bin, dir);
  }
}

/** Resolves once the server answers a query over TCP; throws with its log's tail after WAIT_MS. */
async function waitForConnections(url, dir) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL at ${url} did not accept connections within ${WAIT_MS / 1000} s (${error instanceof Error ? error.message : error}). Server log:\n${logTail(dir)}`, { cause: error });
      }
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs `work` on a connection of its own to `url`, closed afterwards.
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` (letters, digits and underscores) on the server of `serverUrl`; its URL.
 * @param {string} serverUrl
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function createDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts a new cluster on 127.0.0.1 and a free port; `stop()` ends it and removes its folder.
 * `durable: false` (tests) turns off what only protects against a power cut; `durable: true`
 * keeps PostgreSQL's defaults, for benchmarks against SQLite with synchronous=FULL.
 * @param {{ durable?: boolean }} [options]
 * @returns {Promise<Cluster>}
 */
export async function startCluster({ durable = false } = {}) {
  const bin = ensurePostgres();
  await removeStaleClusters(bin);

  const dir = mkdtempSync(path.join(os.tmpdir(), PREFIX));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  if (isRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
  }
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => (stopping ??= removeCluster(bin, dir));

  try {
    const data = path.join(dir, 'data');
    // Locale C: text sorts by code point, as in SQLite, whatever the machine's locale.
    await run(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', USER, '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    // The socket goes in the cluster's folder: Debian's /var/run/postgresql needs its postgres user.
    // 200 connections: each test file has its own pool, and files run in parallel.
    const settings = ['-c listen_addresses=127.0.0.1', `-k '${dir}'`, '-c max_connections=200'];
    if (!durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');

    // Another process may take the free port before the server binds it: then another port.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        await run(bin, 'pg_ctl', ['start', '-D', data, '-l', path.join(dir, 'log'), '-w', '-t', String(WAIT_MS / 1000), '-o', [...settings, `-p ${port}`].join(' ')]);
      } catch (error) {
        if (attempt < 3 && /already in use/.test(logTail(dir))) continue;
        throw new Error(`PostgreSQL did not start (${error instanceof Error ? error.message.trim() : error}). Server log:\n${logTail(dir)}`, { cause: error });
      }
      const url = `postgres://${USER}@127.0.0.1:${port}/postgres`;
      await waitForConnections(url, dir);
      return { url, port, dir, stop };
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2];
  if (command === 'ensure') {
    try {
      ensurePostgres();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  } else if (command === 'start') {
    const cluster = await startCluster();
    console.log(cluster.url);
    const keepAlive = setInterval(() => {}, 1 << 30);
    const end = () => {
      clearInterval(keepAlive);
      void cluster.stop().then(() => process.exit(0));
    };
    process.once('SIGINT', end).once('SIGTERM', end);
  } else {
    console.error('usage: node scripts/postgres.mjs ensure | start');
    process.exit(2);
  }
}
