import type { Plugin } from 'vite';
import { parse } from '@formatjs/icu-messageformat-parser';
import path from 'node:path';
import type { NestedMessages } from '../../sync-protocol/i18n/flatten.ts';

type Catalog = NestedMessages<string | unknown[]>;

/**
 * Production build only: the JSON catalogs that the i18n/messages.ts modules load reach the browser
 * as ICU ASTs instead of strings, so react-intl needs no message parser (aliased to its
 * `no-parser` build in vite.config.ts: formatjs's "react-intl without parser"). Same parser and options as
 * react-intl's runtime, so every message formats as before; a message the parser rejects stays a
 * string, shown verbatim as react-intl does today. Tests and the dev server keep the strings.
 */
export function precompiledMessages(root: string): Plugin {
  // The app's catalogs (pwa/src/i18n/catalog-modules.ts) and each feature's own (features/<f>/i18n/messages.ts).
  const src = path.join(root, 'pwa/src');
  const isCatalogModule = (file: string) =>
    file.startsWith(src + path.sep) && (file.endsWith(path.join('i18n', 'messages.ts')) || file === path.join(src, 'i18n', 'catalog-modules.ts'));
  const query = '?icu-ast';
  const compile = (catalog: Catalog, prefix: string, warn: (message: string) => void): Catalog =>
    Object.fromEntries(
      Object.entries(catalog).map(([key, value]) => {
        if (typeof value !== 'string') return [key, Array.isArray(value) ? value : compile(value, `${prefix}${key}.`, warn)];
        try {
          return [key, parse(value)];
        } catch (error) {
          warn(`${prefix}${key} is not a valid ICU message (${String(error)}); kept as text`);
          return [key, value];
        }
      }),
    );
  return {
    name: 'leve:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || !importer || !isCatalogModule(path.normalize(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}${query}` : null;
    },
    transform(code, id) {
      if (!id.endsWith(query)) return null;
      const file = path.relative(root, id.slice(0, -query.length));
      const catalog = compile(JSON.parse(code) as Catalog, '', (message) => this.warn(`${file}: ${message}`));
      return { code: `export default ${JSON.stringify(catalog)};`, map: null, moduleType: 'js' };
    },
  };
}
