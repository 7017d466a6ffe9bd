// `npm test` runs the e2e suite in Debian's Chromium. When it is missing, install it through apt
// (as root, as on this project's machines) or stop with the one command to run. Nothing here
// downloads a browser of its own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.mjs';

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
  console.log('e2e: installing Debian chromium with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing`);
    process.exit(1);
  }
}
