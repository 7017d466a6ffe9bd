import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The messages screen's own strings, loaded with the screen. */
export const loadChatMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
