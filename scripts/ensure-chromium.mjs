// `npm test` runs the e2e suite in Debian's Chromium, installed through apt when missing.
import { ensureDebianPackage } from './apt.mjs';
import { CHROMIUM_PATH } from './chromium.mjs';

ensureDebianPackage({ path: CHROMIUM_PATH, pkg: 'chromium', purpose: 'e2e' });
