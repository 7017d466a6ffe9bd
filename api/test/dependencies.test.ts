/**
 * Every package in package.json is one the product or its checks use (issue 8): imported by some
 * source, script, test or config file, or listed here with the reason it is needed without an
 * import. A dependency nothing uses is attack surface and install time for nothing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** Needed though never imported by name. */
const WITHOUT_IMPORT: Record<string, string> = {
  '@emotion/react': "MUI's styling engine (peer dependency of @mui/material)",
  '@emotion/styled': "MUI's styling engine (peer dependency of @mui/material)",
  '@testing-library/dom': 'peer dependency of @testing-library/react',
  '@types/better-sqlite3': 'types',
  '@types/nodemailer': 'types',
  '@types/pg': 'types',
  '@types/web-push': 'types',
  '@types/node': 'types',
  '@types/react': 'types',
  '@types/react-dom': 'types',
  eslint: 'the lint command',
  typescript: 'the typecheck command',
};

const SOURCE_DIRS = ['api', 'pwa', 'sync-protocol', 'e2e', 'scripts', 'bench', 'eslint-rules'];
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(full).isDirectory() ? sources(full) : SOURCE_FILE.test(name) ? [full] : [];
  });
}

const files = [
  ...SOURCE_DIRS.flatMap((dir) => {
    try {
      return sources(path.join(root, dir));
    } catch {
      return [];
    }
  }),
  ...readdirSync(root).filter((name) => SOURCE_FILE.test(name)).map((name) => path.join(root, name)),
];
const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('dependencies', () => {
  it.each([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)])('%s is used', (name) => {
    if (name in WITHOUT_IMPORT) return;
    expect(new RegExp(`['"]${escape(name)}(/[^'"]*)?['"]`).test(text), `${name} is in package.json but nothing imports it`).toBe(true);
  });
});
