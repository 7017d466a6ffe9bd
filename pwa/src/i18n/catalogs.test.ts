import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenMessages, sharedCatalogs } from '#protocol/i18n/messages.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { ERROR_CODES, STAFF_ERROR_CODES } from '#protocol/errors.ts';
import ptBR from './pt-BR.json';
import esAR from './es-AR.json';
import enUS from './en-US.json';
import { loadMessages } from './messages.ts';

const ui = { 'pt-BR': ptBR, 'es-AR': esAR, 'en-US': enUS };

/**
 * Catalogs loaded with the screens that need them: each feature's own (features/<f>/i18n/<locale>.json)
 * and the shared answer fields' (components/i18n).
 */
const featuresDir = path.resolve('pwa/src/features');
const catalogDirs: Record<string, string> = {
  ...Object.fromEntries(
    readdirSync(featuresDir)
      .filter((name) => readdirSync(path.join(featuresDir, name)).includes('i18n'))
      .map((name) => [name, path.join(featuresDir, name, 'i18n')]),
  ),
  components: path.resolve('pwa/src/components/i18n'),
  coaching: path.resolve('pwa/src/components/i18n/coaching'),
  'admin/thread-photos': path.resolve('pwa/src/features/admin/i18n/thread-photos'),
  'shell/refusals': path.resolve('pwa/src/app/shell/i18n'),
  notices: path.resolve('pwa/src/notices/i18n'),
};
const featureNames = Object.keys(catalogDirs);
const featureCatalog = (feature: string, locale: string) =>
  flattenMessages(JSON.parse(readFileSync(path.join(catalogDirs[feature] as string, `${locale}.json`), 'utf8')) as Parameters<typeof flattenMessages>[0]);

describe('translation catalogs', () => {
  it.each(LOCALES)('%s UI catalog has exactly the keys of the others, none empty', (locale) => {
    const keys = Object.keys(flattenMessages(ui[locale])).sort();
    for (const other of LOCALES) expect(keys).toEqual(Object.keys(flattenMessages(ui[other])).sort());
    for (const [key, text] of Object.entries(flattenMessages(ui[locale]))) expect(text.trim(), key).not.toBe('');
  });

  it.each(LOCALES)('%s shared catalog has exactly the keys of the others and a message per client-facing error code', (locale) => {
    const keys = Object.keys(flattenMessages(sharedCatalogs[locale])).sort();
    for (const other of LOCALES) expect(keys).toEqual(Object.keys(flattenMessages(sharedCatalogs[other])).sort());
    for (const code of ERROR_CODES) {
      if ((STAFF_ERROR_CODES as readonly string[]).includes(code)) expect(keys).not.toContain(`errors.${code}`);
      else expect(keys).toContain(`errors.${code}`);
    }
  });

  it('finds the feature catalogs (the scan itself works)', () => {
    expect(featureNames).toEqual(expect.arrayContaining(['admin', 'components']));
  });

  it.each(featureNames.flatMap((feature) => LOCALES.map((locale) => [feature, locale] as const)))(
    '%s feature catalog in %s has the keys of the other languages, none empty, none the app or shared catalogs have',
    (feature, locale) => {
      const own = featureCatalog(feature, locale);
      const keys = Object.keys(own).sort();
      for (const other of LOCALES) expect(keys).toEqual(Object.keys(featureCatalog(feature, other)).sort());
      expect(Object.values(own).filter((text) => String(text).trim() === '')).toEqual([]);
      const app = { ...flattenMessages(ui[locale]), ...flattenMessages(sharedCatalogs[locale]) };
      expect(keys.filter((key) => key in app)).toEqual([]);
    },
  );

  it.each(LOCALES)('%s loads with UI and shared keys that never collide', async (locale) => {
    const messages = await loadMessages(locale);
    const shared = Object.keys(flattenMessages(sharedCatalogs[locale]));
    const own = Object.keys(flattenMessages(ui[locale]));
    expect(shared.filter((key) => own.includes(key))).toEqual([]);
    expect(Object.keys(messages)).toHaveLength(shared.length + own.length);
  });

  it('keeps the SPEC §8 wording in pt-BR', async () => {
    const messages = await loadMessages('pt-BR');
    expect(messages['login.errorTitle']).toBe('Erro no login');
    expect(messages['login.successTitle']).toBe('Login realizado');
    expect(messages['errors.INVALID_CREDENTIALS']).toBe('Email ou senha inválidos');
    expect(messages['errors.network']).toBe('Erro de conexão com o servidor');
    expect(messages['logout.successTitle']).toBe('Logout realizado');
  });
});
