import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The body measurements' own strings, loaded with their card or their form. */
export const loadMeasurementMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
