import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The weekly check-in's own strings, loaded with its card on the dashboard. */
export const loadCheckInMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
