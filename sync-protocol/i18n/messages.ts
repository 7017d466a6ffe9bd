import ptBR from './pt-BR.json' with { type: 'json' };
import esAR from './es-AR.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/** Messages both sides need (error codes and validation keys), nested as in the JSON files. */
export const sharedCatalogs = { 'pt-BR': ptBR, 'es-AR': esAR, 'en-US': enUS } satisfies Record<Locale, typeof ptBR>;

type Nested = { [key: string]: string | Nested };

/** Flattens `{ errors: { X: '…' } }` to `{ 'errors.X': '…' }`, the shape react-intl and @formatjs/intl take. */
export function flattenMessages(nested: Nested, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(nested)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flattenMessages(value, `${prefix}${key}.`));
  }
  return flat;
}
