// Tools the test scripts drive (Debian's Chromium, sqlmap) come from apt, never from a download of
// their own: installed when missing if we run as root (as on this project's machines), otherwise
// the one command to run is printed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage({ path, pkg, purpose }) {
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${path} is missing (${purpose}). Install it with:\n\n  sudo apt-get update && sudo apt-get install -y ${pkg}\n`);
    process.exit(1);
  }
  console.log(`${purpose}: installing Debian ${pkg} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (!existsSync(path)) {
    console.error(`apt-get finished but ${path} is still missing`);
    process.exit(1);
  }
}
