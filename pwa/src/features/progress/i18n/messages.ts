import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The progress screen's own strings, loaded with the screen rather than with the first load. */
export const loadProgressMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
