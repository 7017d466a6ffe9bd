import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenMessages, sharedCatalogs } from '#protocol/i18n/messages.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { MUTATORS } from '#protocol/mutations/index.ts';
import ptBR from './pt-BR.json';
import esAR from './es-AR.json';
import enUS from './en-US.json';

const ui = { 'pt-BR': ptBR, 'es-AR': esAR, 'en-US': enUS };
// happy-dom gives import.meta an http URL: the tests run from the repository root.
const srcDir = path.resolve('pwa/src');

/** Every catalog loaded with its screens (features/<f>/i18n, components/i18n) in one language. */
function featureMessages(locale: string): Record<string, string> {
  const featuresDir = path.join(srcDir, 'features');
  const dirs = [
    ...readdirSync(featuresDir)
      .filter((name) => readdirSync(path.join(featuresDir, name)).includes('i18n'))
      .map((name) => path.join(featuresDir, name, 'i18n')),
    path.join(srcDir, 'components', 'i18n'),
    path.join(srcDir, 'components', 'i18n', 'coaching'),
    path.join(srcDir, 'features', 'admin', 'i18n', 'thread-photos'),
    path.join(srcDir, 'app', 'shell', 'i18n'),
    path.join(srcDir, 'notices', 'i18n'),
  ];
  return Object.assign({}, ...dirs.map((dir) => flattenMessages(JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Parameters<typeof flattenMessages>[0]))) as Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every catalog id written literally in the PWA's code ('content.kcal', titleId="nav.diet")
 * exists in each language, so no screen shows a raw key. Ids built at run time
 * (`content.preparing.${kind}Title`) are covered by the catalogs' parity and the e2e journeys.
 */
describe('catalog ids used in the code', () => {
  const namespaces = new Set([...Object.keys(ptBR), ...Object.keys(sharedCatalogs['pt-BR']), ...Object.keys(featureMessages('pt-BR')).map((id) => id.split('.')[0] as string)]);
  const used = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8');
    // Mutation names ('progress.set') and log tags (console.error('plans.load', …)) share the shape.
    for (const [, before, id] of code.matchAll(/(console\.\w+\(\s*)?['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)['"]/g)) {
      if (!id || before || MUTATORS.some((mutator) => mutator.name === id)) continue;
      if (namespaces.has(id.split('.')[0] as string) && !used.has(id)) used.set(id, path.relative(srcDir, file));
    }
  }

  it('finds the ids (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(200);
    expect(used.has('content.kcal')).toBe(true);
  });

  it.each(LOCALES)('%s has every one of them', (locale) => {
    const known = new Set([...Object.keys(flattenMessages(ui[locale])), ...Object.keys(flattenMessages(sharedCatalogs[locale])), ...Object.keys(featureMessages(locale))]);
    const missing = [...used].filter(([id]) => !known.has(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});
