import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The admin panel's strings, loaded with the panel: clients never download them. */
export const loadAdminMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
