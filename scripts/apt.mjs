// Tools the test scripts drive (Debian's Chromium, sqlmap, PostgreSQL) come from apt, never from a
// download of their own: installed when missing if we run as root (as on this project's machines),
// otherwise the one command to run is given.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs `pkg` when `found()` is false (by default: `path` exists). Throws an Error naming the
 * command to run when we are not root, so that code running inside a test runner can report it.
 * @param {{ path: string, pkg: string, purpose: string, found?: () => boolean }} options
 */
export function installDebianPackage({ path, pkg, purpose, found = () => existsSync(path) }) {
  if (found()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`${path} is missing (${purpose}). Install it with:\n\n  sudo apt-get update && sudo apt-get install -y ${pkg}\n`);
  }
  console.log(`${purpose}: installing Debian ${pkg} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (!found()) throw new Error(`apt-get finished but ${path} is still missing`);
}

/** installDebianPackage for scripts: the message on stderr and exit code 1 instead of an Error. */
export function ensureDebianPackage(options) {
  try {
    installDebianPackage(options);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
