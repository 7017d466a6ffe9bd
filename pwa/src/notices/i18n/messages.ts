import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The offer to turn notifications on: its strings load with it, wherever it shows. */
export const loadNoticeMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
