import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The progress photos' own strings, loaded with their card. */
export const loadPhotoMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
