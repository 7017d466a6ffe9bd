// Renders the PWA's PNG icons from the SVG sources in pwa/public/icons (run after editing them).
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const dir = new URL('../pwa/public/icons/', import.meta.url);
const targets = [
  ['logo.svg', 'icon-192.png', 192],
  ['logo.svg', 'icon-512.png', 512],
  ['maskable.svg', 'icon-maskable-512.png', 512],
  ['maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [source, output, size] of targets) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const svg = readFileSync(new URL(source, dir), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: new URL(output, dir).pathname, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
}
await browser.close();
console.log('icons rendered');
