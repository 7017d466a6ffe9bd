import ptBR from './pt-BR.json' with { type: 'json' };
import esAR from './es-AR.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/** Messages both sides need (error codes and validation keys), nested as in the JSON files. */
export const sharedCatalogs = { 'pt-BR': ptBR, 'es-AR': esAR, 'en-US': enUS } satisfies Record<Locale, typeof ptBR>;

export { flattenMessages } from './flatten.ts';
